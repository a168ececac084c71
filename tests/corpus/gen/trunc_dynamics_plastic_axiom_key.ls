/* A stem that yields plastically.
   A leaning stem with a heavy head bends under its weight. Every 0.2 s, a
   joint bent by more than YIELD radians about its U axis keeps the bend: the
   production moves the bend into the rest shape (a turn before the joint) and
   leaves the joint unbent, so the stem creeps down instead of springing back.
   Try: lsd run examples/dynamics/plastic.ls --time 8 --trace plastic.csv
        (tip_y falls step by step)
        lsd run examples/dynamics/plastic.ls -D YIELD=10   (purely elastic)
   In the viewer: pull the head sideways; it stays where you leave it. */
#define N 6
#define YIELD 0.03   /* rad */
derivation length: 40
axiom:
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
axiom: ;(1) B(0.05, 0.004) -(20) ;(0) A(N)
A(k) : k > 0 --> J B(0.08, 0.0025) A(k - 1)
A(k) : k == 0 --> J ;(3) B(0.04, 0.015)
J(rh, rl, ru, wh, wl, wu) : abs(ru) > YIELD --> +(ru * 180 / 3.141592653589793) J(
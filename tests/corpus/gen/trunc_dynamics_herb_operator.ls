/* A herb that grows and sways: the default plant of `lsd view` (make run).

   A monopodial stem of N internodes, each one a rigid cylinder B joined to
   the one below by a spherical joint J, turns by the golden angle (137.5
   degrees) at every node, so its lateral branches stand in a spiral
   (phyllotaxis). Each lateral branch grows a few internodes of its own with a
   pair of leaves at every node; the apex ends in a yellow flower. Leaves are
   polygons whose edges f(s) grow until they reach LEAF. About 60 bodies when
   grown, one derivation step every `grow every` seconds, and it sways under
   its own weight while it grows (SI units: metres, kilograms, seconds).

   In the viewer:
   - watch it grow (Growth: grow every, Step, Reset) and settle;
   - click a branch or the stem and drag: a spring pulls it toward the
     cursor; let go and it swings back;
   - hold the arrow keys to shake the pot and see it sway from the
     acceleration alone;
   - raise the wind (the file sets an air drag, so it acts) and the gusts;
   - soften the stem with "Young x" or let it ring longer with "damping x";
   - edit this file and save it: the viewer reloads it (try N or ANGLE).
   Headless: lsd run examples/dynamics/herb.ls --time 10 --trace t.csv */

#define N 15          /* internodes of the main stem */
#define LEN 0.055     /* m, length of the lowest internode */
#define R0 0.005      /* m, stem radius at the base */
#define ANGLE 52      /* degrees between a lateral branch and the stem */
#define BMAX 5        /* internodes of the longest (lowest) lateral branch */
#define LB 0.045      /* m, internode of a lateral branch */
#define RB 0.0015     /* m, radius of a lateral branch */
#define RHOB 1400     /* kg/m^3, density of a lateral branch: wood and its leaves */
#define LEAF 0.019    /* m, edge of a full-grown leaf (the leaf is 2.7 LEAF long) */

module: Fl Pt
derivation length: N + 3
axiom: ;(0) B(0.05, R0 *
/* An alga in a current: seed 000's scene of long soft Super-Helices
   (docs/language.md 7.9). Five blades grow from a holdfast, one curved rod
   element S every G seconds; each element has a rest curvature W and twist T,
   so a blade at rest is a loose wave of helices. The water holds it up
   (its floats: a net pull of 0.5 m/s^2 upward, `gravity:` as a vector) and
   the current (`wind:`, m/s along x, through the linear drag) streams it.
   Measured at dt 1/60 s (generalized-alpha): the last blade's tip stands
   at x = -0.21 m without the current and 0.50 m with it at 10 s; it swings
   while the blades grow (kinetic energy 7e-4 J at 3 s) and settles
   (8e-11 J at 10 s).
   Try: lsd run examples/dynamics/alga.ls --time 10 --trace a.csv  (tip_x follows the current)
        lsd run examples/dynamics/alga.ls -D CURRENT=0 --time 10 --trace a.csv */
#define CURRENT 0.4  /* m/s along x */
#define N 10         /* elements per blade */
#define L 0.08       /* m: element length */
#define R 0.004      /* m: radius at the holdfast; the blade tapers */
#define W 8          /* 1/m: the blade's rest curvature (a wave) */
#define T 6          /* 1/m: its rest twist */
#define G 0.3        /* s between elements */
derivation length: N
axiom: ;(1) B(0.03, 0.02) Holdfast
module: Holdfast Blade
Blade(k) : k < N --> ;(2) K S(L, R * (1 - 0.05 * k), T, W, 0) Blade(k + 1)
Blade(k) : k >= N --> *
decomposition:
Holdfast --> [ &(15) Blade(0) ] /(72) [ &(25) Blade(0) ] /(72) [ &(10) Blade(0) ] /(72) [ &(30) Blade(0) ] /(72) [ &(20) Blade(0) ]
dynamics:
  gravity: 0, 0.5, 0   /* m/s^2: buoyancy beats weight */
  density: 1000
  young: 2e6
  stiffness damping: 0.01
  drag: 20             /* N s/m^3: water */
  wind: CURRENT, 0, 0
  grow every: G
  dt: 1/60

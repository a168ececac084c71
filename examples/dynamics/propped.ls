/* The propped cantilever: the thesis beam (cantilever.ls) with its tip
   held at the height of the clamp, by a fixed ball under it (TIE 0) or by
   a tie (TIE 1). Small-deflection theory: the support carries 3wL/8 of the
   weight wL (w = rho g pi r^2 = 2.845 N/m: 1.0668 N) and the tip stays at
   the clamp's height (the free tip sags 5.7 mm).
   Try: lsd run examples/dynamics/propped.ls --time 10 --contacts c.csv --trace-every 1
        lsd run examples/dynamics/propped.ls -D TIE=1 --time 10 --contacts c.csv --trace-every 1 */
#define N 100     /* number of moving bodies */
#define L 1       /* m */
#define R 0.01    /* m */
#define TIE 0     /* 1: tied instead of resting on the ball */
#define RS 0.05   /* m, radius of the ball */
derivation length: N + 1
axiom: -(90) B(L/N, R) A(N)
A(k) : k > 0 --> J B(L/N, R) A(k - 1)
A(k) : k == 0 && TIE == 1 --> @Tie((N + 1) * L / N, 0, 0)
A(k) : k == 0 && TIE == 0 --> *
dynamics:
  young: 8100e6
  density: 923
  poisson: 0.3
  gravity: 9.81
  damping ratio: 0.7
  dt: 1/60
  sphere: (N + 1) * L / N + 10 * TIE, -R - RS, 0, RS  /* out of the way when tied */

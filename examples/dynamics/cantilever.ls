/* The cantilever of the reference thesis: a horizontal beam of n rigid
   cylinders clamped at one end, bending under its own weight.
   L = 1 m, r = 0.01 m, E = 8100 MPa, rho = 923 kg/m^3. A fixed root body of
   length L/n is followed by n moving bodies of length L/n. The settled tip
   deflection is the thesis table's: n = 10: 0.0067664 m, 25: 0.0060488,
   100: 0.0057051, 250: 0.0056376 (small-deflection theory gives
   w L^4 / (8 E I) (1 + 1/n)^2). With 'springs: second order' added to its
   dynamics: section the clamp's spring is the first body's alone, and the
   chain sags to the beam's w L^4 / (8 E I) = 5.590 mm within 1% at n = 10,
   0.15% at 25 (docs/dynamics.md, "Rigid chains: second order").
   Try: lsd run examples/dynamics/cantilever.ls --time 3 --trace t.csv
        lsd run examples/dynamics/cantilever.ls -D N=100
        lsd run examples/dynamics/cantilever.ls -D E=810e6 -D ZETA=0 --dt 0.0166667 --trace s.csv
          (ten times softer and undamped: it keeps swinging; docs/dynamics.md)
   In the viewer: pull the tip down and let go; shake the pot. */
#define N 10      /* number of moving bodies */
#define L 1       /* m */
#define R 0.01    /* m */
#define E 8100e6  /* Pa, Young's modulus */
#define ZETA 0.7  /* damping ratio of every joint */
derivation length: N
axiom: -(90) B(L/N, R) A(N)
A(k) : k > 0 --> J B(L/N, R) A(k - 1)
dynamics:
  young: E
  density: 923
  poisson: 0.3
  gravity: 9.81
  damping ratio: ZETA
  dt: 0.005

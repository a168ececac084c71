/* A tendril that coils (docs/language.md 7.9): curved rod elements
   S(l, r, t0, k1, k2) with an intrinsic curvature K0 and twist T0, one more
   every G seconds. Each element's live state K is written by the physics;
   the new element starts at rest. Its weight uncoils it a little.
   Implicit Euler: at 1/60 s the default generalized-alpha lets this coiled
   chain's energy creep up after it stops growing (measured: kinetic 6e-7 J
   at 4 s, 6e-4 J at 8 s); implicit Euler settles it (3e-9 J at 8 s). */
#define N 10         /* elements */
#define L 0.03       /* m: element length */
#define R 0.0015     /* m: radius */
#define K0 25        /* 1/m: rest curvature (a coil of 4 cm radius) */
#define T0 6         /* 1/m: rest twist */
#define G 0.5        /* s between elements */
derivation length: N
axiom: B(0.06, 0.004) J S(L, R, T0, K0, 0) A(N - 1)
A(n) : n > 0 --> K S(L, R, T0, K0, 0) A(n - 1)
dynamics:
  young: 3e7
  stiffness damping: 0.01
  dt: 1/60
  integrator: euler
  grow every: G

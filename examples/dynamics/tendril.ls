/* A tendril that coils (docs/language.md 7.9): curved rod elements
   S(l, r, t0, k1, k2) with an intrinsic curvature K0 and twist T0, one more
   every G seconds. Each element's live state K is written by the physics;
   a new element starts at rest. Its rest shape is a helix of radius
   K0/(K0^2 + T0^2) = 1.6 cm and pitch 2 pi T0/(K0^2 + T0^2) = 2.5 cm: the
   16 elements (0.4 m) make four turns, which its weight draws out a little.
   The default integrator (generalized-alpha) settles it at 1/60 s: kinetic
   energy 9e-6 J at 4 s while it grows, 9e-12 J at 10 s, 7e-25 J at 30 s
   (implicit Euler: 4e-16 J at 10 s). It used to creep up (9e-4 J at 8 s)
   while its first element had no K (see docs/dynamics.md, "Curved rods"). */
#define N 16         /* elements */
#define L 0.025      /* m: element length */
#define R 0.0012     /* m: radius */
#define K0 60        /* 1/m: rest curvature */
#define T0 15        /* 1/m: rest twist */
#define G 0.3        /* s between elements */
derivation length: N - 1
axiom: B(0.06, 0.004) K S(L, R, T0, K0, 0) A(N - 1)
A(n) : n > 0 --> K S(L, R, T0, K0, 0) A(n - 1)
dynamics:
  young: 6e7
  stiffness damping: 0.01
  dt: 1/60
  grow every: G

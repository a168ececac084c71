/* The twining threshold in the plane (Goriely & Neukirch 2006) with five
   clothoid elements (seed 002, section 8.2; docs/dynamics.md, "Twining in
   the plane"): twining.ls's rod of intrinsic curvature k = RHO / RC, its
   pole, table and contact, as 5 clothoid elements clamped to the base body
   and growing together, each lengthened by every derivation step, from
   0.5 RC to 6 RC in all at twining.ls's speed (RC / 20 every 0.1 s).
   The rod starts lying on the pole (every node's K at the pole's curvature
   1 / RC: its rest curvature would curl it into the pole). Contact along
   the tubes. RHO = k RC below ~3.3 keeps the stationary
   pattern (continuous contact, a gap, the tip touching); above it the end
   rolls up on itself, off the pole.
   Try: lsd run examples/dynamics/twining_clothoid.ls -D RHO=2.8 --time 14 --contacts c.csv --trace-every 1 -o rod.str
        python3 scripts/twining.py classify 2.8 --clothoid */
#define RHO 2.8      /* kappa-hat * RC */
#define RC 0.2       /* m: the centreline's distance from the pole's axis in contact */
#define RR 0.01      /* m: the rod's radius */
#define N 5          /* elements */
#define L0 0.5 * RC / N   /* m: an element's first length */
#define L1 6 * RC / N     /* m: its last */
#define STEPS 600    /* derivation steps from L0 to L1 */
#define K 1e5        /* N/m: contact stiffness */
#define G 0.1        /* s: the rod grows by RC / 20 every G seconds */
#define DEG 57.29577951308232
#define LB RC / 20   /* m: the base body's length */
derivation length: STEPS
axiom: @M(RC, RR, 0) &(90) B(LB, RR) K(0, 0, 1 / RC, 0, 0, 0) S(L0, RR, 0, 0, RHO / RC) K(0, 0, 1 / RC, 0, 0, 0) S(L0, RR, 0, 0, RHO / RC) K(0, 0, 1 / RC, 0, 0, 0) S(L0, RR, 0, 0, RHO / RC) K(0, 0, 1 / RC, 0, 0, 0) S(L0, RR, 0, 0, RHO / RC) K(0, 0, 1 / RC, 0, 0, 0) S(L0, RR, 0, 0, RHO / RC) K(0, 0, 1 / RC, 0, 0, 0)
S(l, r, t, k1, k2) : l < L1 - 1e-9 --> S(l + (L1 - L0) / STEPS, r, t, k1, k2)
dynamics:
  element: clothoid
  gravity: 9.81
  ground: 0
  young: 1e7
  friction: 0
  pole: 0, 0, RC - RR
  contact stiffness: K
  damping ratio: 1
  stiffness damping: 0.001
  grow every: G * 20 * (L1 - L0) * N / RC / STEPS
  dt: 0.005

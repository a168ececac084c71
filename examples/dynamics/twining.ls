/* The twining threshold in the plane (Goriely & Neukirch 2006):
   a rod with constant intrinsic curvature k (a rest turn of k l between
   bodies of length l) grows at its tip against a pole, frictionless and
   without gravity. RHO = k RC, RC the distance of the rod's centreline from
   the pole's axis when it lies on it (pole radius + rod radius). Below
   RHO ~ 3.3 the rod's tip settles into a stationary pattern (continuous
   contact, a gap, an isolated contact at the tip) that travels round the
   pole as the rod grows; above it no such pattern exists and the growing
   end rolls up on itself, off the pole.
   The rod lies in the horizontal plane y = 0.5 round a vertical pole at
   the origin; the first body, the fixed base, is tangent to the pole.
   Try: lsd run examples/dynamics/twining.ls -D RHO=2.8 --time 16 --contacts c.csv --trace-every 16 -o rod.str
        python3 scripts/twining.py classify 2.8 */
#define RHO 2.8      /* kappa-hat * RC */
#define RC 0.2       /* m: the centreline's distance from the pole's axis in contact */
#define RR 0.01      /* m: the rod's radius */
#define NR 20        /* bodies per RC of length */
#define N 120        /* bodies grown (6 RC: just under a turn) */
#define K 1e5        /* N/m: contact stiffness */
#define G 0.1        /* s: a body's length grown every G seconds */
#define DEG 57.29577951308232
#define S 5         /* the tip body grows in S steps of length RC / NR / S */
#define LB RC / NR   /* m: a body's length */
derivation length: N * S
axiom: @M(RC, RR, 0) &(90) B(LB, RR) +(RHO / NR * DEG) J B(LB / S, RR) A
B(x, r) > A : x < LB - 1e-9 --> B(x + LB / S, r)
B(x, r) < A : x >= LB - 1e-9 --> +(RHO / NR * DEG) J B(LB / S, RR) A
dynamics:
  gravity: 9.81
  ground: 0
  young: 1e7
  friction: 0
  pole: 0, 0, RC - RR
  contact stiffness: K
  damping ratio: 1
  grow every: G / S
  dt: 0.005

/* A bean twining round a pole: a shoot with intrinsic curvature
   K and twist T (a rest turn and a rest roll between bodies) grows at its
   tip beside a pole, under gravity, with friction. Its natural shape is a
   helix of radius K / (K^2 + T^2) = RC / GRIP about a vertical axis: a
   tighter helix than the pole allows, so it grips the pole, and friction
   holds it up. The tip body lengthens in S steps before a new one starts.
   Try: lsd run examples/dynamics/bean.ls --time 55 --contacts c.csv --trace-every 55
        lsd view examples/dynamics/bean.ls */
#define PR 0.01       /* m: the pole's radius */
#define SR 0.002      /* m: the shoot's radius */
#define RC PR + SR    /* m: the shoot's axis from the pole's axis, touching */
#define GRIP 1.2      /* the pole's helix radius over the shoot's own */
#define PITCH 0.04    /* m: the shoot's own helix rises this much per turn */
#define LB 0.004      /* m: a body's length */
#define N 130         /* bodies: 7 turns */
#define S 4           /* growth steps per body */
#define DEG 57.29577951308232
#define HA RC / GRIP                /* the own helix's radius */
#define HC PITCH / 6.283185307179586
#define K HA / (HA * HA + HC * HC)  /* 1/m: intrinsic curvature */
#define T HC / (HA * HA + HC * HC)  /* 1/m: intrinsic twist */
derivation length: N * S
axiom: @M(RC, 0.02, 0) &(atan(K / T)) B(LB, SR) +(K * LB * DEG) \(T * LB * DEG) J B(LB / S, SR) A
B(x, r) > A : x < LB - 1e-9 --> B(x + LB / S, r)
B(x, r) < A : x >= LB - 1e-9 --> +(K * LB * DEG) \(T * LB * DEG) J B(LB / S, SR) A
dynamics:
  young: 1e9
  damping ratio: 0.5
  ground: 0
  pole: 0, 0, PR, 0.3
  friction: 0.8
  grow every: 0.1
  dt: 1/60

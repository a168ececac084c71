/* A bean of 10 clothoid elements twining round its pole (seed 002, Fig.
   10b; docs/language.md 7.9): bean.ls's shoot, intrinsic curvature K and
   twist T (its own helix tighter than the pole, GRIP), as 10 clothoid
   elements that grow together (every derivation step lengthens each S)
   from 6 cm to 60 cm, under gravity, with friction, contact along the
   tubes, clamped 2 cm above the ground beside the pole. It starts wound on the
   pole: every node's K at the helix of the pole's radius and the same
   pitch (its rest would curl it into the pole), the first frame turned so
   that helix's axis is the pole's. Grown (30 s) it makes 7 turns, pressed
   on the pole, its pitch 0.0398 m at the base turn, 0.0384-0.0388 m in
   the middle, 0.0394 m at the tip's.
   Try: lsd render examples/dynamics/bean_clothoid.ls --time 30 --width 480 --height 640 --target 0,0.17,0 --distance 0.7 -o bean.png
        lsd view examples/dynamics/bean_clothoid.ls */
#define PR 0.01       /* m: the pole's radius */
#define SR 0.002      /* m: the shoot's radius */
#define RC PR + SR    /* m: the shoot's axis from the pole's axis, touching */
#define GRIP 1.2      /* the pole's helix radius over the shoot's own */
#define PITCH 0.04    /* m: the shoot's own helix rises this much per turn */
#define L0 0.006      /* m: an element's first length */
#define L1 0.06       /* m: its last (10 elements: 0.6 m, 7 turns) */
#define STEPS 300     /* derivation steps from L0 to L1 */
#define HA RC / GRIP                /* the own helix's radius */
#define HC PITCH / 6.283185307179586
#define K HA / (HA * HA + HC * HC)  /* 1/m: intrinsic curvature */
#define T HC / (HA * HA + HC * HC)  /* 1/m: intrinsic twist */
#define KP RC / (RC * RC + HC * HC) /* 1/m: the curvature and twist of the pole's helix */
#define TP HC / (RC * RC + HC * HC)
derivation length: STEPS
axiom: @M(RC, 0.02, 0) &(atan(KP / TP)) K(TP, 0, KP, 0, 0, 0) S(L0, SR, T, 0, K) K(TP, 0, KP, 0, 0, 0) S(L0, SR, T, 0, K) K(TP, 0, KP, 0, 0, 0) S(L0, SR, T, 0, K) K(TP, 0, KP, 0, 0, 0) S(L0, SR, T, 0, K) K(TP, 0, KP, 0, 0, 0) S(L0, SR, T, 0, K) K(TP, 0, KP, 0, 0, 0) S(L0, SR, T, 0, K) K(TP, 0, KP, 0, 0, 0) S(L0, SR, T, 0, K) K(TP, 0, KP, 0, 0, 0) S(L0, SR, T, 0, K) K(TP, 0, KP, 0, 0, 0) S(L0, SR, T, 0, K) K(TP, 0, KP, 0, 0, 0) S(L0, SR, T, 0, K) K(TP, 0, KP, 0, 0, 0)
S(l, r, t, k1, k2) : l < L1 - 1e-9 --> S(l + (L1 - L0) / STEPS, r, t, k1, k2)
dynamics:
  element: clothoid
  young: 1e9
  stiffness damping: 0.01
  ground: 0
  pole: 0, 0, PR, 0.35
  friction: 0.8
  grow every: 0.1
  dt: 1/60

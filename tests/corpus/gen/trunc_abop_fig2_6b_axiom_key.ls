/* ABOP fig. 2.6b (p. 56): monopodial tree-like structure of Honda
   (bracketed parametric L-system; trunk A, lateral axes B and C).
   Figure 2.6b: r1 = 0.9, r2 = 0.9, a0 = 45, a2 = 45. */
#define r1 0.9     /* contraction ratio for the trunk */
#define r2 0.9     /* contraction ratio for branches */
#define a0 45      /* branching angle from the trunk */
#define a2 45      /* branching angle for lateral axes */
#define d 137.5    /* divergence angle */
#define wr 0.707   /* width decrease rate */
lsystem: Monopodial_b
derivation length: 10
axiom:
/* ABOP fig. 2.6d (p. 56): monopodial tree-like structure of Honda
   (bracketed parametric L-system; trunk A, lateral axes B and C).
   Figure 2.6d: r1 = 0.9, r2 = 0.7, a0 = 30, a2 = -30. */
#define r1 0.9     /* contraction ratio for the trunk */
#define r2 0.7     /* contraction ratio for branches */
#define a0 30      /* branching angle from the trunk */
#define a2 -30     /* branching angle for lateral axes */
#define d 137.5    /* divergence angle */
#define wr 0.707   /* width decrease rate */
lsystem: Monopodial_d
derivation length: 10
axiom: A(1,10)
A(l,w) : * --> !(w)F(l)[&(a0)B(l*r2,w*wr)]/(d)A(l*r1,w*wr)
B(l,w) : * --> !(w)F(
/* ABOP fig. 2.7c (p. 59): sympodial tree-like structure of Aono and Kunii
   (bracketed parametric L-system).
   Figure 2.7c: r1 = 0.9, r2 = 0.8, a1 = 20, a2 = 50. */
#define r1 0.9     /* contraction ratio 1 */
#define r2 0.8     /* contraction ratio 2 */
#define a1 20      /* branching angle 1 */
#define a2 50      /* branching angle 2 */
#define wr 0.707   /* width decrease rate */
lsystem: Sympodial_c
derivation length: 10
axiom: A(1,10)
A(l,w) : * --> !(w)F(l)[&(a1)B(l*r1,w*wr)]/(180)[&(a2)B(l*r2,w*wr)]
B(l,w) : * --> !(w)F(l)[+(a1)$B(l*r1,w*wr)][-(a2)$B(
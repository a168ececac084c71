/* ABOP fig. 2.7d (p. 59): sympodial tree-like structure of Aono and Kunii
   (bracketed parametric L-system).
   Figure 2.7d: r1 = 0.9, r2 = 0.8, a1 = 35, a2 = 35. */
#define r1 0.9     /* contraction ratio 1 */
#define r2 0.8     /* contraction ratio 2 */
#define a1 35      /* branching angle 1 */
#define a2 35      /* branching angle 2 */
#define wr 0.707   /* width decrease rate */
lsystem: Sympodial_d
derivation length: 10
axiom: A(1,10)
A(l,w) : * --> !(w)F(l)[&(a1)B(l*r1,w*wr)]/(180)[&(a2)B(
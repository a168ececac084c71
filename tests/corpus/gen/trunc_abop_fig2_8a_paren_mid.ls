/* ABOP fig. 2.8a (p. 60): ternary tree-like structure bent by tropism
   (bracketed parametric L-system).
   Figure 2.8a: d1 = 94.74, d2 = 132.63, a = 18.95, lr = 1.109, T = (0, -1, 0),
   e = 0.22, n = 6.  As in the book, the turtle starts heading along +y, so
   T = (0, -1, 0) points straight down (gravitropism). */
#define d1 94.74   /* divergence angle 1 */
#define d2 132.63  /* divergence angle 2 */
#define a 18.95    /* branching angle */
#define lr 1.109   /* elongation rate */
#define vr 1.732   /* width increase rate */
lsystem: Ternary_a
derivation length: 6
#define e 0.22   /* tropism strength (-D e=0 turns it off) */
tropism: 0 -1 0 e
axiom: !(1)F(200)/(45)A
A : * --> !(vr)F(50)[&(a)F(50)A]/(d1)[&(
/* ABOP fig. 2.8b (p. 60): ternary tree-like structure bent by tropism
   (bracketed parametric L-system).
   Figure 2.8b: d1 = 137.5, d2 = 137.5, a = 18.95, lr = 1.109, T = (0, -1, 0),
   e = 0.14, n = 8.  As in the book, the turtle starts
   heading along +y (y is up), so T is given in the book's coordinates. */
#define d1 137.5   /* divergence angle 1 */
#define d2 137.5   /* divergence angle 2 */
#define a 18.95    /* branching angle */
#define lr 1.109   /* elongation rate */
#define vr 1.732   /* width increase rate */
lsystem: Ternary_b
derivation length: 8
#define e 0.14   /* tropism strength (-D e=0 turns it off) */
tropism: 0 -1 0 e
axiom: !(1)F(200)/(45)A
A : * --> !(vr)F(50)[&(a)F(50)A]/(d1)[&(a)F(50)A]/(d2)[&(a)F(50)A]
F(l) : * --> F(l*
/* ABOP fig. 2.8d (p. 60): ternary tree-like structure bent by tropism
   (bracketed parametric L-system).
   Figure 2.8d: d1 = 180, d2 = 252, a = 36, lr = 1.070, T = (-0.61, 0.77, -0.19),
   e = 0.40, n = 6.  As in the book, the turtle starts
   heading along +y (y is up), so T is given in the book's coordinates. */
#define d1 180     /* divergence angle 1 */
#define d2 252     /* divergence angle 2 */
#define a 36       /* branching angle */
#define lr 1.070   /* elongation rate */
#define vr 1.732   /* width increase rate */
lsystem: Ternary_d
derivation length: 6
#define e 0.40   /* tropism strength (-D e=0 turns it off) */
tropism: -0.61 0.77 -0.19 e
axiom:
#define x 5%0
axiom: F(x)

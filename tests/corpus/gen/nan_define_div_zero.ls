#define x 1/0
axiom: F(x)

#define x 0/0
axiom: F(x)

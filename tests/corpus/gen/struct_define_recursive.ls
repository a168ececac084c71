#define x x+1
axiom: F(x)

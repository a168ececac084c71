#define x sqrt(-1)
axiom: F(x)

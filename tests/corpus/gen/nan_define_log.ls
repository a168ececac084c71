#define x log(0)
axiom: F(x)

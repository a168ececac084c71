#define x asin(-3)
axiom: F(x)

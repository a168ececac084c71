#define x acos(2)
axiom: F(x)

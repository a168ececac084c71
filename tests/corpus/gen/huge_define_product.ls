#define x 1e308*10
axiom: F(x)

#define a 1
axiom: F(a/(a-1))

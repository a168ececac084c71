#define x
axiom: F

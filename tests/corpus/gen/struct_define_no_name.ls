#define 1 2
axiom: F

#define â‚ 1
axiom: F

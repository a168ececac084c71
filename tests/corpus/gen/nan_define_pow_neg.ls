#define x (-8)^(1/3)
axiom: F(x)

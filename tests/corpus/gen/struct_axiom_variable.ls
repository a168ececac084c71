axiom: F(x)

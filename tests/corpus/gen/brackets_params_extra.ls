axiom: F(1))

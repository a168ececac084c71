axiom: F(1/0)

axiom: F(0/0)

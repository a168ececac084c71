axiom: F(1

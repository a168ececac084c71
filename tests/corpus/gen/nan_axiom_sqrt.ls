axiom: F(sqrt(-1))

axiom: F(1 ? 2)

axiom: F(1e999)

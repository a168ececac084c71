axiom: F(1) été F

axiom: F(5%0)

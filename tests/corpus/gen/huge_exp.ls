axiom: F(exp(1000))

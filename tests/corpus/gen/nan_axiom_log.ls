axiom: F(log(0))

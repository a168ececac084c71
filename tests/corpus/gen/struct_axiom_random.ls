axiom: F(ran(1))

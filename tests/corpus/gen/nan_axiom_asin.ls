axiom: F(asin(-3))

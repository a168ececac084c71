axiom: F(acos(2))

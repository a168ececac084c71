axiom: F(*)

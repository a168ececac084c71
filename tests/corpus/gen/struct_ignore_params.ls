ignore: F(1)
axiom: F

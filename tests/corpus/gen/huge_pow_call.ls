axiom: F(pow(10, 400))

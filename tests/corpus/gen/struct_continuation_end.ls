axiom: F(1, \

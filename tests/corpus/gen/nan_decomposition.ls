axiom: A(0)
decomposition:
A(x) --> F(1/x)

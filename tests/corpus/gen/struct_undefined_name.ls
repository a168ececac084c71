axiom: A(1)
A(x) --> A(y)

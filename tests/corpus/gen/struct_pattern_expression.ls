axiom: A(1)
A(x+1) --> A(x)

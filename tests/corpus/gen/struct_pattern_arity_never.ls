axiom: A(1)
A(x,y) --> A(x)

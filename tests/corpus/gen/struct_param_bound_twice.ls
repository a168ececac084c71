axiom: A(1,2)
A(x,x) --> A(x,x)

axiom: A(1)
A(x) --> A(frob(x))

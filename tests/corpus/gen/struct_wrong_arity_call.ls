axiom: A(1)
A(x) --> A(atan2(x))

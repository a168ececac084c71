derivation length: 2
axiom: A(0)
A(x) --> A(log(x))

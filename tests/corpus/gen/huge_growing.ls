derivation length: 2000
axiom: A(2)
A(x) --> A(x*x)

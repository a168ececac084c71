derivation length: 3
axiom: A(1)
A(x) --> A(x-1) F(sqrt(x-1.5))

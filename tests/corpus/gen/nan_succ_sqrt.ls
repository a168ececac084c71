derivation length: 1
axiom: A
A --> F(sqrt(-1))

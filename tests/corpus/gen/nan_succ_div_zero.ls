derivation length: 1
axiom: A
A --> F(1/0)

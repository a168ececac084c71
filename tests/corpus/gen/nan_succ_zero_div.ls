derivation length: 1
axiom: A
A --> F(0/0)

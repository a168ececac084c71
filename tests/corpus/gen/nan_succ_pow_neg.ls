derivation length: 1
axiom: A
A --> F((-8)^(1/3))

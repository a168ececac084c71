derivation length: 1
axiom: A
A --> F(5%0)

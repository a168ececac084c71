derivation length: 1
axiom: A
A --> F(log(0))

derivation length: 1
axiom: A
A --> F(asin(-3))

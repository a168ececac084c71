derivation length: 1
axiom: A
A --> F(acos(2))

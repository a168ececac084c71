derivation length: 60
axiom: A
A --> AA

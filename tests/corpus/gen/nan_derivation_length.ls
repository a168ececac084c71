derivation length: 0/0
axiom: F

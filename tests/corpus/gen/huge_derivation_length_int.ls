derivation length: 10000000000
axiom: F

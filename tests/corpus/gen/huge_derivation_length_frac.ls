derivation length: 2.5
axiom: F

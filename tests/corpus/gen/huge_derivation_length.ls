derivation length: 1e999
axiom: F

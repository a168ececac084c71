derivation length: -1
axiom: F

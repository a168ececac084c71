derivation length: 2^31
axiom: F

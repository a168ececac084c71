derivation length: 60
axiom: F
F --> FF

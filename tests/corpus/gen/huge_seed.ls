seed: 1e999
axiom: F

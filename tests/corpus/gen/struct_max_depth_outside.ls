maximum depth: 3
axiom: F

step: 0/0
axiom: F

tropism: 0 -1 0
axiom: F

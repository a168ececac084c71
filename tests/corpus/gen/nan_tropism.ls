tropism: 0 -1 0 sqrt(-1)
axiom: F

axiom: F
F - F

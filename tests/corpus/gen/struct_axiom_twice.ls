axiom: F
axiom: G

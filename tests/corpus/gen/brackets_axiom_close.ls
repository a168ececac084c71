axiom: F]+F

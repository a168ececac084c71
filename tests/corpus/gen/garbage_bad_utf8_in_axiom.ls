axiom: F ÿşÃ F

axiom: F[+F

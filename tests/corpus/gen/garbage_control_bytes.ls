axiom: F[31mF

axiom: A
homomorphism:
A --> F]

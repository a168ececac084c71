axiom: A
homomorphism:
maximum depth: 1001
A --> F

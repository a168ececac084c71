axiom: A
homomorphism:
maximum depth: 100001
A --> F

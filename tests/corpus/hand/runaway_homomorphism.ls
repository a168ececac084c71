/* A homomorphism that doubles the drawn string at every depth: the module limit stops it. */
axiom: A
homomorphism:
maximum depth: 1000
A --> F A A

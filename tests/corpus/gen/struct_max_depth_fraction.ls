axiom: A
decomposition:
maximum depth: 1.5
A --> B

axiom: A
decomposition:
maximum depth: -1
A --> B

axiom: A
A --> B
decomposition:
maximum depth: 1e9
B --> C

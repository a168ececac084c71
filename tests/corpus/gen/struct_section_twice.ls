axiom: A
decomposition:
A --> B
decomposition:
B --> C

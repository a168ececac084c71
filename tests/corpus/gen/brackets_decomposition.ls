axiom: A
decomposition:
A --> [B

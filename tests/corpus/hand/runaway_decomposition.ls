/* A decomposition that doubles its string at every depth: the module limit stops it. */
derivation length: 1
axiom: A
A --> B
decomposition:
maximum depth: 1000
B --> B B

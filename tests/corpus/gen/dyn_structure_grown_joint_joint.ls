derivation length: 2
axiom: B(0.1, 0.01) A
A --> J A
dynamics:

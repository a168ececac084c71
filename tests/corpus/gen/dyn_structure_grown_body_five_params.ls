derivation length: 1
axiom: B(0.1, 0.01) A
A --> J B(1, 0.01, 900, 1e9, 7)
dynamics:

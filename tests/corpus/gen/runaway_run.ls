derivation length: 60
axiom: B(0.1,0.01) A
A --> A A
dynamics:

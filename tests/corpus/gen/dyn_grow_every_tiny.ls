derivation length: 1000000000
axiom: B(0.1,0.01) A
A --> J B(0.1,0.01) A
dynamics:
  grow every: 1e-300

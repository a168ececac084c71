derivation length: 60
axiom: F
F --> F[+F]F[-F]F

derivation length: 1
axiom: A
A --> F(exp(1000)-exp(1000))

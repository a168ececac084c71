derivation length: 60
axiom: B A
B < A --> A B A
A --> B A

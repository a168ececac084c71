seed: 1
axiom: A
A --> B :

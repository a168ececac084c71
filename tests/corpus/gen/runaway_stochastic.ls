seed: 3
derivation length: 60
axiom: A
A --> AA : 1
A --> AAA : 1

module: 1abc
axiom: F

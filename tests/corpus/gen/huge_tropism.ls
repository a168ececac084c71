tropism: 0 -1 0 1e308*10
axiom: F

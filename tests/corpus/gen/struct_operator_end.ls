angle: 2 +
axiom: F

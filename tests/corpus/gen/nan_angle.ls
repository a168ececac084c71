angle: acos(2)
axiom: F

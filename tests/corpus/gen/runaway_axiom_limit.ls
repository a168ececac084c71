axiom: F F F F F F F F F F F F

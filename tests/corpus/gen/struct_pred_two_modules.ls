axiom: F
FF --> F

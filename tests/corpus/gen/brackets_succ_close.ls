axiom: F
F --> F+F]]

axiom: F
[ --> F

axiom: F
 --> F

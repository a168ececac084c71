axiom: F][+F

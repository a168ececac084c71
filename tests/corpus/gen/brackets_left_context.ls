axiom: F
[ F < F --> G

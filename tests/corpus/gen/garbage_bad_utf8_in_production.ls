axiom: A
A --> F€[+A]

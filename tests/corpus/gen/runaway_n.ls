axiom: A
A --> AA

axiom: A(1)
A(x) : x > --> B

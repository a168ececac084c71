axiom: A(-1)
homomorphism:
A(x) --> F(sqrt(x))

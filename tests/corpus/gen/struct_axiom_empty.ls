axiom:

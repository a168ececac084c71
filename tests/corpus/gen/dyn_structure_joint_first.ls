axiom: J B(0.1, 0.01)
dynamics:

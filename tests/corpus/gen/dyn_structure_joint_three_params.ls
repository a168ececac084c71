axiom: B(0.1, 0.01) J(0, 0, 0) B(0.1, 0.01)
dynamics:

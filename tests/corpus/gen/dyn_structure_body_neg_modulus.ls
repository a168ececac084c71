axiom: B(0.1, 0.01, 900, -1) J B(0.1, 0.01)
dynamics:

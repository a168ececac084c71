axiom: B(0.1, 0.01, 900, 1e9, 7) J B(0.1, 0.01)
dynamics:

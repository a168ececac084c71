axiom: B(-1, 0.01) J B(0.1, 0.01)
dynamics:

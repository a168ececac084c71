axiom: B(0, 0.01) J B(0, 0.01)
dynamics:

axiom: B(0.1, 0.01) J J B(0.1, 0.01)
dynamics:

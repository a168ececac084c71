axiom: B(0.1, 0.01) J B(0.1, 0.01)
dynamics:
  damping: 0.1
  damping ratio: 0.1

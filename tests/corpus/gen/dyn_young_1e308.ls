axiom: B(0.1, 0.01) J(0.1,0,0,0,0,0) B(0.1, 0.01)
dynamics:
  young: 1e308

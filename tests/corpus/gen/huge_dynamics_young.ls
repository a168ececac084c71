axiom: B(1,0.1)
dynamics:
  young: 1e999

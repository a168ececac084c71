axiom: B(1,0.1)
dynamics:
  dt: log(0)

/* The living L-system the corpus's dynamic string files are run with. */
axiom: B(0.1, 0.01) J B(0.1, 0.01)
dynamics:
  dt: 0.001

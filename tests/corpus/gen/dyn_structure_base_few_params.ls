axiom: @Base(0,0,0) B(0.1, 0.01)
dynamics:

axiom: B(1, 0.1) J B(1, 0.1)
dynamics:
  ground: 1/0
  pole: 0 0 -1 2
  sphere: 0 0 0
  contact stiffness: -1
  contact damping: 0/0
  friction: -1
  self contact: 2
  tie stiffness: -5

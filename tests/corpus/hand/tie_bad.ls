axiom: @Tie B(1, 0.1) J B(1, 0.1) @Tie(1, 2) @Tie(1, 2, 3, 4)
dynamics:
  ground: 0

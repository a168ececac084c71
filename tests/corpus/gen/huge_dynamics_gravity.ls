axiom: B(1,0.1)
dynamics:
  gravity: 0 10^400 0

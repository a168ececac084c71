axiom: F(10^400)

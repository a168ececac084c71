angle: 10^400
axiom: F

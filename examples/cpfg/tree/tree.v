angle factor: 12
initial color: 1
color increment: 1
initial line width: 0.6
line width increment: 0.08
tropism direction: 0,-1,0
initial elasticity: 0.12

line style: cylinder
angle increment: 40
initial line width: 0.1 s
tropism direction: 1.0, 0.5, 0.2
initial elasticity: 0.1
elasticity increment: 0.05
tropism: T: 0.0 -1.0 0.3  A: 30  E: 0.1  S: 0.05
torque: T: 0.0 0.0 1.0  E: 0.15

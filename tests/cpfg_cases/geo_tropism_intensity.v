line style: cylinder
angle increment: 40
initial line width: 0.1 s
tropism: T: 0.0 -2.0 0.0  I: 0.8  E: 0.2
tropism: I: 0.5  T: 1.0 0.0 0.0  E: 0.3
tropism: T: 1.5 0.0 0.5  Intensity: 0.4  Elasticity: 0.1
torque: T: 0.0 0.0 3.0  I: 0.5  E: 0.15

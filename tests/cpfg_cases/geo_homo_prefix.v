line style: cylinder
initial line width: 0.1 s
angle increment: 20

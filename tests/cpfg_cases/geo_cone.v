line style: cylinder
line width increment: 0.05
angle increment: 30

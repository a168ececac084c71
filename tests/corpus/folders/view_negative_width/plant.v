angle factor: 8
initial line width: -5
line style: cylinder

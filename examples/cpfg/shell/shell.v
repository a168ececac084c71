angle factor: 16
initial color: 3
initial line width: 0.3
line style: cylinder

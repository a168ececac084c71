line style: polygon
initial line width: 0.1
angle increment: 30

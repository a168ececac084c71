angle factor: 8
initial color: 1e300 -1e300
color increment: -1e300 1e300
contour sides: 1e300
polygonization level: 1e300
initial line width: -1e300
line style: cylinder

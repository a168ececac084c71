line style: cylinder
initial line width: 0.1 s
line width increment: 0.05
angle increment: 30
initial scale: 1.5
scale multiplier: 2
surface: a geo_surface.s 1 3 4

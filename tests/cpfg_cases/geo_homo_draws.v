line style: cylinder
initial line width: 0.1 s
angle increment: 45
surface: a geo_surface.s 1 3 4

line style: cylinder
angle increment: 20
contour sides: 8
twist of cylinders: on
contour: 1 geo_contour.con

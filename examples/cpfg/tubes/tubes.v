/* generalized cylinders: cpfg's Hermite axis swept with contours */
angle factor: 30
initial color: 1
initial line width: 0.5
line style: cylinder
contour sides: 16
contour: 1 square.con
contour: 2 blade.con
contour: 3 lens.con

/* the view file: cpfg's angle, colours and widths */
angle factor: 16
initial color: 20
color increment: 1
initial line width: 0.12
line width increment: 0.02
surface: p petal.s 1 4 4

/* The view file of the textured sapling. */
angle increment: 30
initial color: 10
initial line width: 0.34
line style: cylinder
texture: F: leaf.png H: l L: m E: m
texture: F: bark.rgb H: l L: l R: 0.5

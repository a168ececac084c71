angle factor: 8
texture: F: huge.ppm
texture: F: huge.rgb

angle factor: 8
texture: F: cut.rgb

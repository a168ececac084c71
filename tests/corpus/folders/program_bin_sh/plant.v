angle factor: 8

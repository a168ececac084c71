derivation length: 3
F --> FF

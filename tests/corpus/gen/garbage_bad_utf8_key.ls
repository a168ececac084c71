axiöm: F

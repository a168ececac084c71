/* ABOP fig. 2.6b (p. 56): monopodial tree-like structure of Honda
   (bracketed parametric L-s
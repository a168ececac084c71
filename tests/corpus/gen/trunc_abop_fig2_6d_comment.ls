/* ABOP fig. 2.6d (p. 56): monopodial tree-like structure of Honda
   (bracketed parametric L-s
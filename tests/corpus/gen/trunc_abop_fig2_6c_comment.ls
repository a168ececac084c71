/* ABOP fig. 2.6c (p. 56): monopodial tree-like structure of Honda
   (bracketed parametric L-s
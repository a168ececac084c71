/* ABOP fig. 2.7a (p. 59): sympodial tree-like structure of Aono and Kunii
   (brac
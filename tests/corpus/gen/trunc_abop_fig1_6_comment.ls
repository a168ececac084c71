/* ABOP fig. 1.6 (p. 8): generating a quadratic Koch island.
   The figure shows the stri
/* ABOP fig. 2.8a (p. 60): ternary tree-like structure bent by tropism
   (bracketed parametric L-system).
   Figure 2.8a: d1 = 94.74, d2 = 132.63, a = 18.95, l
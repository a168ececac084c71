/* ABOP fig. 2.8c (p. 60): ternary tree-like structure bent by tropism
   (bracketed parametric L-system).
   Figure 2.8c: d1 = 112.5, d2 = 157.5, a = 22.5, lr
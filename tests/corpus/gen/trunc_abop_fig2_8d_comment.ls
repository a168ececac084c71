/* ABOP fig. 2.8d (p. 60): ternary tree-like structure bent by tropism
   (bracketed parametric L-system).
   Figure 2.8d: d1 = 180, d2 = 252, a = 36, lr = 1.0
/* ABOP fig. 2.8b (p. 60): ternary tree-like structure bent by tropism
   (bracketed parametric L-system).
   Figure 2.8b: d1 = 137.5, d2 = 137.5, a = 18.95,
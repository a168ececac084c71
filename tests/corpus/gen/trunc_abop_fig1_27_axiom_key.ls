/* ABOP fig. 1.27 (p. 29; L-system in the text of section 1.7, p. 28):
   stochastic branching structures.  Each F is rewritten by one of three
   productions, chosen with probabilities 0.33, 0.33 and 0.34.  The book
   prints neither the derivation length nor the angle for this figure:
   n = 5 and the 25.7 degrees of fig. 1.24a (whose production p1 is) are
   used here.  Change the seed (or pass --seed) for another specimen. */
lsystem: StochasticPlant
derivation length: 5
angle: 25.7
seed: 1
axiom:
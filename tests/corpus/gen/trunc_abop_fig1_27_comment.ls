/* ABOP fig. 1.27 (p. 29; L-system in the text of section 1.7, p. 28):
   stochastic branching structures.  Each F is rewritten by one of three
   productions, chosen with probabilities 0.33, 0.33 and 0.34.  The book
/* The cantilever of the reference thesis: a horizontal beam of n rigid
   cylinders clamped at one end, bending under its own weight.
   L = 1 m, r = 0.01 m, E = 8100 MPa, rho = 923 kg/m^3. A fixed root body of
   length L/n is followed by n moving bodies of length L/n. The settled tip
   deflection is the thesis table's: n
/* Validation: a physical pendulum. A thin rod of length L (radius L/200)
   hangs from a fixed pivot and is released from ANGLE degrees with no spring
   (young: 0) and no damping. Its period is
   T0 = 2 pi sqrt(2L / (3g)) = 1.6384 s for L = 1 at small amplitude, and
   T/T0 = 1.017409, 1.180341, 1.76220
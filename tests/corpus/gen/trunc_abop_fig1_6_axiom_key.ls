/* ABOP fig. 1.6 (p. 8): generating a quadratic Koch island.
   The figure shows the strings after derivations of length 0 to 3;
   this file derives the last of them (n = 3). */
lsystem: QuadraticKochIsland
derivation length: 3
angle: 90
axiom:
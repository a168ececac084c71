/* A T-shaped inflorescence to twist.
   A stem grows three internodes, then forks into a horizontal crossbar whose
   two arms carry heavy flower heads. Twisting the stem (pull one flower
   sideways in the viewer) winds the torsion springs of the stem joints,
   which are softer than their bending springs (G = E / 2(1 + nu)).
   Try: lsd run examples/dynamics/inflorescence.ls --time 5 --trace t.csv
   In the viewer: pull one flower toward you and let go: the T swings
   around the stem axis (twist) and bobs (bending). */
#define N 3
derivation length: N + 2
axiom:
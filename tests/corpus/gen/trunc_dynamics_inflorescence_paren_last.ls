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
axiom: ;(1) B(0.06, 0.006) ;(0) A(N)
A(k) : k > 0 --> J B(0.15, 0.004) [ &(60) /(90) ;(2) L ] /(180) A(k - 1)
A(k) : k == 0 --> J B(0.12, 0.0035) [ +(90) T ] [ -(90) T ]
T --> J B(0.18, 0.0025) ;(5) J B(0.02, 0.03) ;(3) @O(0.02)
L --> { .f(0.05)+(30).f(0.05)-(30).-(30)f(0.05)+(30)f(
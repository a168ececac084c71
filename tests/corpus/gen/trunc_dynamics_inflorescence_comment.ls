/* A T-shaped inflorescence to twist.
   A stem grows three internodes, then forks into a horizontal crossbar whose
   two arms carry heavy flower heads. Twisting the stem (pull one flower
   sideways in the viewer) winds the torsion springs of the stem joints,
  
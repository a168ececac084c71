/* A rose whose Young's modulus is too low to hold itself up.
   A long stem with thorns and leaves, crowned by a heavy red bloom. With
   E = YOUNG (15 MPa, far softer than a real stem's ~1 GPa) it cannot carry the
   bloom: as the stem grows the rose lea
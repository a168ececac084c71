/* A rose whose Young's modulus is too low to hold itself up.
   A long stem with thorns and leaves, crowned by a heavy red bloom. With
   E = YOUNG (15 MPa, far softer than a real stem's ~1 GPa) it cannot carry the
   bloom: as the stem grows the rose leans, then droops over.
   Try: lsd run examples/dynamics/rose.ls --time 6 --trace r.csv   (tip_y falls)
        lsd run examples/dynamics/rose.ls -D YOUNG=1e9             (it stands)
   In the viewer: raise the Young's modulus multiplier until it stands. */
#define YOUNG 1.5e7
#define N 8
derivation length: N + 2
axiom:
/* A weeping tree with soft branches in the wind.
   A stiff trunk carries long, soft, hanging branches (E = 1e8 Pa) that sway
   in a steady WIND (m/s along x) through linear air drag. The branches grow
   a segment every 0.4 s; the longer they get, the further they stream.
   Try: lsd run examples/dynamics/weeping.ls --time 8 --trace w.csv  (tip_x follows the wind)
        lsd run examples/dynamics/weeping.ls -D WIND=0
   In the viewer: change the wind strength and direction; turn gusts on. */
#define WIND 4
#define K 6          /* segments per hanging branch */
derivation length: K
axiom: ;(1) B(0.8, 0.06) J B(0.5, 0.04) Crown
H(k) : k > 0 --> J ;(1) B(0.15, 0.006) [ &(30) ;(2) J B(0.05, 0.001) ] ;(0) H(k - 1)
module: Crown
decomposition:   // the crown branches at once, on the axiom
Crown --> [ &(110) H(K) ] /(72) [ &(110) H(K) ] /(72) [ &(110) H(K) ] /(72) [ &(110) H(K) ] /(72) [ &(110) H(K) ]
dynamics:
  young: 1e8
  density: 700
  damping ratio: 0.1
  wind: WIND, 0, 0
  drag: 2
  grow every: 0.4
  dt: 1/60      // stable at 1/60 s since the geometric stiffness of the weights (was 0.004)

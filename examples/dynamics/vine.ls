/* A vine trained through trellis rings: a soft stem that could
   not hold itself up grows through four rings on a post (ring: x y z r).
   Each ring holds the stem's axis and lets it slide along it (against
   friction:); as the stem grows on, each ring passes from body to body.
   Side shoots grow free and droop.
   Try: lsd run examples/dynamics/vine.ls --time 10 --contacts c.csv --trace-every 1
          (rows of kind ring: each ring's hold)
        lsd run examples/dynamics/vine.ls -D RINGS=0 --time 10   (the rings out of reach: the vine flops over) */
#define L 0.075      /* m: a stem body */
#define RINGS 1
#define AWAY 10 * (1 - RINGS)   /* m: moves the rings aside */
derivation length: 22
axiom: Post ;(1) B(0.05, 0.012) A(1)
Post --> !(0.025) ;(12) [ @M(-0.07, 0, 0) F(1.4) ] !(0.004) [ @M(-0.07, 0.3, 0) -(90) F(0.03) ] [ @M(-0.07, 0.6, 0) -(90) F(0.03) ] [ @M(-0.07, 0.9, 0) -(90) F(0.03) ] [ @M(-0.07, 1.2, 0) -(90) F(0.03) ]
A(k) : k < 20 --> J B(L, 0.008 - 0.0002 * k) S(k) A(k + 1)
S(k) : k % 3 == 2 --> [ ;(2) /(90 * k) -(50) J B(0.07, 0.003) J B(0.07, 0.0025) ]
S(k) --> *
module: Post
dynamics:
  young: 1e7
  density: 900
  damping ratio: 0.4
  friction: 0.2
  ring: AWAY, 0.3, 0, 0.04
  ring: AWAY, 0.6, 0, 0.04
  ring: AWAY, 0.9, 0, 0.04
  ring: AWAY, 1.2, 0, 0.04
  grow every: 0.3
  dt: 1/60

/* An espalier: a trunk trained on three horizontal wires. Each
   level sends a cordon to either side along its wire, and every cordon body
   is tied at its end, with @Tie(x, y, z), to the point of the wire where it
   should lie; short spurs grow free from the cordons and droop. The wires
   and their posts are drawn before the first body, so they stand still.
   Try: lsd run examples/dynamics/espalier.ls --time 12 --contacts c.csv --trace-every 1
        lsd run examples/dynamics/espalier.ls -D TIES=0   (untied: the cordons sag) */
#define L 0.1        /* m: a cordon body */
#define K 6          /* bodies per cordon */
#define LEVELS 3
#define H0 0.4       /* m: the first wire's height */
#define DH 0.35      /* m: between wires */
#define W (K + 0.5) * L   /* m: the wires' half length */
#define TIES 1
derivation length: K + LEVELS + 2  /* (a Tie becomes @Tie a step after its body) */
axiom: Wires ;(1) B(H0, 0.02) T(1)
Wires --> !(0.006) ;(15) [ @M(-W, H0, 0) -(90) F(2 * W) ] [ @M(-W, H0 + DH, 0) -(90) F(2 * W) ] [ @M(-W, H0 + 2 * DH, 0) -(90) F(2 * W) ] [ @M(-W, 0, 0) ;(12) !(0.03) F(H0 + 2 * DH + 0.05) ] [ @M(W, 0, 0) ;(12) !(0.03) F(H0 + 2 * DH + 0.05) ]
T(n) : n < LEVELS --> C(1, n) J B(DH, 0.016) T(n + 1)
T(n) : n == LEVELS --> C(1, n) J B(0.15, 0.012) J B(0.15, 0.01)
C(k, n) --> [ +(90) A(k, -1, n) ] [ -(90) A(k, 1, n) ]
A(k, s, n) : k <= K --> J B(L, 0.012 - 0.001 * k) Tie(s * k * L, H0 + (n - 1) * DH, 0) [ ;(0) ^(70) J B(0.08, 0.004) J B(0.06, 0.003) ] A(k + 1, s, n)
Tie(x, y, z) : TIES == 1 --> @Tie(x, y, z)
Tie(x, y, z) --> *
dynamics:
  young: 2e7
  density: 900
  damping ratio: 0.5
  tie stiffness: 1e4
  grow every: 0.5
  dt: 1/60

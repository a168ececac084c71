/* A pleached hedge, a living fence: a row of saplings, each
   trained into a V of two arms at 45 degrees, so that every arm crosses
   its neighbour's; where they cross, the two are grafted with a pair of
   @Graft(id) modules of the same id, and the row becomes one lattice
   (the Belgian fence of orchards). A graft pins the two points together
   and lets them turn; -D WELD=1 welds them (@Weld) instead.
   Try: lsd run examples/dynamics/hedge.ls --time 6 --contacts c.csv --trace-every 1
          (rows of kind graft: each pair's pull)
        lsd run examples/dynamics/hedge.ls -D GRAFTS=0 --time 6   (ungrafted: the arms sag apart) */
#define N 5          /* saplings */
#define S 0.4        /* m between saplings */
#define H 0.35       /* m: trunk to the V */
#define K 8          /* bodies per arm */
#define L S * 1.41421356 / K   /* m: an arm body (the arm reaches the next trunk's line) */
#define GRAFTS 1
#define WELD 0
derivation length: K + 3
axiom: Bed ;(1) B(0.05, 0.03) P(0)
Bed --> !(0.04) ;(12) [ @M(-0.3, -0.02, 0) -(90) F((N - 1) * S + 0.6) ]
P(i) : i < N --> [ @M(i * S, 0, 0) J ;(1) B(H, 0.02) [ +(45) A(1, -1, i) ] [ -(45) A(1, 1, i) ] ] P(i + 1)
A(k, s, i) : k <= K --> J ;(1) B(L, 0.014 - 0.001 * k) G(k, s, i) [ ;(2) &(60) J B(0.06, 0.003) ] A(k + 1, s, i)
G(k, s, i) : GRAFTS == 1 && k == K / 2 && s == 1 && i < N - 1 --> Join(i)
G(k, s, i) : GRAFTS == 1 && k == K / 2 && s == -1 && i > 0 --> Join(i - 1)
G(k, s, i) --> *
Join(id) : WELD == 1 --> @Weld(id)
Join(id) --> @Graft(id)
module: Bed Join
dynamics:
  young: 3e7
  density: 900
  damping ratio: 0.4
  tie stiffness: 1e5
  dt: 1/60

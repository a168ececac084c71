/* A tomato staked: a soft stem grows beside a stake (a pole with a top) and
   is tied to it with a bare @Tie every third segment, where the stem stands
   when the tie is made; its side shoots lean out and droop onto the ground.
   Try: lsd run examples/dynamics/tomato.ls --time 6 --contacts c.csv --trace-every 1
        lsd run examples/dynamics/tomato.ls -D TIES=0   (untied: it falls over the stake) */
#define K 12      /* stem segments */
#define TIES 1
derivation length: K
axiom: B(0.05, 0.012) S(K)
S(k) : k > 0 && TIES == 1 && k % 3 == 0 --> J B(0.08, 0.008) @Tie [ +(70) J B(0.12, 0.004) J B(0.12, 0.004) ] /(137) S(k - 1)
S(k) : k > 0 --> J B(0.08, 0.008) /(137) S(k - 1)
dynamics:
  young: 2e7
  density: 900
  ground: 0
  pole: 0.025, 0, 0.01, 1.2
  friction: 0.8
  tie stiffness: 1e4
  dt: 1/60

/* Weeping branches that drape over each other (self contact).
   A trunk carries five stiff horizontal branches and, above each, a soft
   weeping branch that droops onto it and hangs over it: with
   `self contact: on` the soft branch rests on the stiff one instead of
   falling through it.
   Try: lsd run examples/dynamics/drape.ls --time 8 --contacts c.csv --trace-every 1
        (with `self contact: off` they pass through each other) */
#define K 12         /* segments of a weeping branch */
derivation length: K + 1
axiom: ;(1) B(0.8, 0.05) J B(0.3, 0.04) Tier
module: Tier
decomposition:
Tier --> [ Low ] /(72) [ Low ] /(72) [ Low ] /(72) [ Low ] /(72) [ Low ] J B(0.3, 0.03) [ Weep ] /(72) [ Weep ] /(72) [ Weep ] /(72) [ Weep ] /(72) [ Weep ]
Low --> &(90) J ;(1) B(0.15, 0.02) J B(0.15, 0.018) J B(0.15, 0.016) J B(0.15, 0.014) J B(0.15, 0.012) J B(0.15, 0.01)
Weep --> &(75) W(K)
W(k) : k > 0 --> J ;(0) B(0.06, 0.008, 700, 2e7) W(k - 1)
dynamics:
  young: 1e9
  density: 700
  damping ratio: 0.3
  self contact: on
  dt: 1/240   /* they rest at steps up to 1/160 s; at 1/60 s the falling tips pass through the branches (docs/dynamics.md) */

/* An orchid-like plant with two flowering lateral branches.
   A short stem with broad leaves sends out two long, thin inflorescence
   branches that arch under the weight of their flowers (pink and white
   spheres and petals). They grow one flower every half second.
   Try: lsd run examples/dynamics/orchid.ls --time 8 --trace o.csv
   In the viewer: watch the arches sag as flowers open; pull a flower down
   and let go: the two branches swing at different frequencies. */
#define F 7          /* flowers per branch */
derivation length: F
axiom: ;(1) B(0.04, 0.008) [ ;(2) &(70) Leaf ] /(180) [ ;(2) &(70) Leaf ] /(90) [ &(35) ;(0) Arch(F) ] /(180) [ &(25) ;(0) Arch(F) ]
Arch(k) : k > 0 --> J B(0.06, 0.0018) [ -(50) ;(5) J B(0.01, 0.012) @O(0.03) ;(10) Petals ] ^(8) Arch(k - 1)
Leaf --> { .f(0.1)+(25).f(0.1)-(25).-(50)f(0.1)+(25)f(0.1)+(25). }
Petals --> [ { .+(40)f(0.03).-(80)f(0.03). } ] /(120) [ { .+(40)f(0.03).-(80)f(0.03). } ] /(120) [ { .+(40)f(0.03).-(80)f(
/* An orchid-like plant with two flowering lateral branches.
   A short stem with broad leaves sends out two long, thin inflorescence
   branches that arch under the weight of their flowers (pink and white
   spheres and petals). They grow one flower every half second.
   Try: lsd run examples/dynamics/orchid.ls --time 8 --trace o.csv
   In the viewer: watch the arches sag as flowers open; pull a flower down
   and let go: the two branches swing at different frequencies. */
#define F 7          /* flowers per branch */
derivation length: F
axiom: ;(
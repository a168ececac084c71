/* An orchid-like plant with two flowering lateral branches.
   A short stem with broad leaves sends out two long, thin inflorescence
   branches that arch under the weight of their flowers (pink and white
   spheres and petals). They grow
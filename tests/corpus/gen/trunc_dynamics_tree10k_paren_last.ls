/* A tree that grows to 9,842 bodies while it sways.
   Every half second each apex turns into a segment with three branches
   (a ternary tree, 120 degrees apart); after 9 steps the tree has 9,841
   moving bodies on a fixed trunk, bending under its own weight.
   Try: lsd run examples/dynamics/tree10k.ls --time 6 --trace tree.csv
        (bench/living_bench prints how much faster than real time it runs)
   In the viewer: let it grow; then shake the pot with the arrow keys. */
#define D 9        /* derivation steps = branching levels */
#define LR 0.75    /* length ratio per level */
#define RR 0.6     /* radius ratio per level */
derivation length: D
axiom: ;(1) B(0.6, 0.05) A(0.45, 0.03)
A(l, r) --> J ;(1) B(l, r) [ &(35) ;(0) A(l*LR, r*RR) ] /(120) [ &(35) ;(0) A(l*LR, r*RR) ] /(120) [ &(35) ;(0) A(
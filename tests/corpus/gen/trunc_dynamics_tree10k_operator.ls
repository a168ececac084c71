/* A tree that grows to 13,122 bodies while it sways.
   Every half second each apex turns into a segment with branches: four from
   the trunk, then three from every branch (120 degrees apart). After 9 steps
   the tree has 13,121 moving bodies on a fixed trunk, bending under its own
   weight as it grows.
   Try: lsd run examples/dynamics/tree10k.ls --time 6 --trace tree.csv
        (bench/living_bench prints how much faster than real time it runs)
   In the viewer: let it grow; then shake the pot with the arrow keys. */
#define D 9        /* derivation steps = branching levels */
#define LR 0.75    /* length ratio per level */
#define RR 0.6     /* radius ratio per level */
module: Root
derivation length: D
axiom: ;(1) B(0.6, 0.05) Root(0.45, 0.03)
Root(l, r) --> J ;(1) B(l, r) [ &(35) ;(0) A(l*
/* A twig that breaks under its load.
   A thin horizontal twig grows one segment every 0.25 s and finally sets a
   heavy fruit at its tip. Every derivation step, each joint bent by more than
   BREAK radians is replaced by a cut (%): the rest of the twig falls away.
   Try: lsd run examples/dynamics/twig.ls --time 6 --trace twig.csv -o twig.txt
        (the module count drops when it breaks)
        lsd run examples/dynamics/twig.ls -D BREAK=3   (it never breaks)
   In the viewer: watch it sag as it grows; pull the fruit to break it sooner. */
#define N 8          /* twig segments */
#define SEG 0.05     /* m, segment length */
#define RT 0.002     /* m, twig radius */
#define BREAK 0.6    /* rad: a joint bent further than this breaks */
derivation length: 40
axiom: ;(1) B(0.3, 0.01) -(80) ;(2) A(N)
A(k) : k > 0 --> J B(SEG, RT) A(k - 1)
A(k) : k == 0 --> J ;(4) B(0.03, 0.03)
J(rh, rl, ru, wh, wl, wu) : norm(
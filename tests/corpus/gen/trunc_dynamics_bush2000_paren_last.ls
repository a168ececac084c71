/* A bush of 2,048 bodies that grows and sways: the load test of the viewer.

   Every apex A(d) makes one internode (a body B on a joint J), rolls by the
   golden angle and forks in two, until depth D: 2^D - 1 jointed bodies on a
   fixed base, 2,048 for D = 11, with a leaf (a polygon) at every tip. One
   fork level every `grow every` seconds, then it sways in the wind.

   Try: lsd view examples/dynamics/bush2000.ls
        lsd view examples/dynamics/bush2000.ls --frames 600 --screenshot bush.png
          (prints the average frame time: the viewer's budget at 2,000 bodies)
        lsd run examples/dynamics/bush2000.ls --time 5 --trace t.csv
        -D D=13 for 8,192 bodies */

#define D 11          /* fork levels: 2^D bodies */
#define L 0.32        /* m, length of the trunk */
#define R 0.028       /* m, radius of the trunk */
#define S 0.86        /* length ratio per level */
#define T 0.74        /* radius ratio per level */

derivation length: D + 1
axiom: ;(1) B(0.1, R * 1.2) A(0)

A(d) : d < D --> J B(L * S^d, R * T^d) /(137.5) [ &(34) A(d + 1) ] [ ^(26) A(d + 1) ]
A(d) : d >= D --> ;(2) &(30) { . +(40) f(0.05) -(80) f(0.05) -(100) f(0.05) -(80) f(
/* A loop that the plant grows: from a short post, a branch of N bodies
   curls round in a vertical circle back to where it started. The first
   @Graft(1) stands on the post from the start; its partner is written
   only by the last derivation step, on the branch's last body. Until then
   the lone graft waits, inert (the branch sags a little as it grows); once
   both exist the pair joins, pins the branch's tip back to the post, and
   the closed loop, tilted TILT degrees aside, rocks under its weight with
   no damping.
   Try: lsd run examples/dynamics/grown_loop.ls --time 20 --trace t.csv
        lsd check examples/dynamics/grown_loop.ls -D CLOSE=0
          (never closed: a warning names the graft still alone) */
#define N 40          /* bodies in the loop */
#define SIDE 0.03     /* m: each body */
#define TILT 30       /* degrees the loop hangs aside */
#define CLOSE 1
#define YOUNG 1e9     /* Pa */
derivation length: N
axiom: B(0.05, 0.01) @Graft(1) +(90 + 180 / N + TILT) A(1)
A(k) : k < N --> J B(SIDE, 0.005) +(360 / N) A(k + 1)
A(k) : CLOSE == 1 --> J B(SIDE, 0.005) @Graft(1)
A(k) --> J B(SIDE, 0.005)
dynamics:
  young: YOUNG
  damping ratio: 0
  grow every: 0.05
  tie stiffness: 1e6     // N/m: the pin yields 0.5 micrometre under the loop's weight
  dt: 1/60

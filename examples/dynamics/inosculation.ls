/* Inosculation, grafting by approach (docs/language.md 7.2):
   two saplings, one with a short level arm (A), the other with a long
   slender branch that grows towards it (B) and passes just under A's arm,
   so that the two press on each other where they cross. With fuse after:
   the two bodies that stay in self contact for that long are welded where
   they touch, and the string gains the pair @Weld(id, rx, ry, rz, ox, oy, oz)
   after their B modules (the rest rotation, then the offset of the touch
   point from the B's end along the turtle's H, L, U).
   Try: lsd run examples/dynamics/inosculation.ls --time 4 -o fused.txt
          (fused.txt holds the @Weld pair; a run resumed from it with
           --axiom-file fused.txt goes on as the straight run would)
        lsd run examples/dynamics/inosculation.ls --time 4 --contacts c.csv --trace-every 0.5
          (rows of kind self from t = 1.2 s, of kind weld from the fusion at 1.883 s) */
#define TILT 1.15    /* degrees: B's branch rises this much */
derivation length: 7
axiom: B(0.02, 0.03) [ @M(0, 0, 0) J B(0.3, 0.012) ^(90) J B(0.1, 0.01) J B(0.1, 0.01) ] [ @M(-0.3, 0, 0.06) J B(0.29, 0.012) -(90) +(TILT) A(0) ]
A(k) : k < 7 --> J B(0.05, 0.006) A(k + 1)
dynamics:
  young: 1e9
  density: 800
  damping ratio: 0.3
  dt: 1/60
  grow every: 0.2
  self contact: on
  fuse after: 0.5

/* A small palm in the wind: seed 000's scene of fronds as curved rods of
   Super-Helices (docs/language.md 7.9). A stiff trunk of three bodies
   carries seven fronds that unfold one element every 0.25 s; each element
   has a rest curvature C (an arch) and carries leaflets that are only drawn
   (a homomorphism: they ride on the element's end and catch no wind). The
   wind (m/s along x) acts on the fronds through the linear drag.
   Measured at dt 1/60 s (generalized-alpha): the last frond's tip swings
   while the fronds unfold (kinetic energy 1.2e-3 J at 1.5 s) and rests at
   x = -0.23 m in the wind, -0.38 m without it (-D WIND=0), at 8 s.
   Try: lsd run examples/dynamics/palm.ls --time 8 --trace p.csv  (tip_x follows the wind) */
#define WIND 5       /* m/s along x */
#define N 8          /* elements per frond */
#define L 0.08       /* m: element length */
#define R 0.005      /* m: frond radius at the crown */
#define C 2.5        /* 1/m: the frond's rest curvature (an arch) */
#define RHO 500      /* kg/m^3: a frond's density */
#define E 3e7        /* Pa: a frond's Young's modulus */
derivation length: N
axiom: ;(1) B(0.45, 0.05) J B(0.45, 0.045) J B(0.4, 0.04) Crown
module: Crown Frond Leaf
Frond(k) : k < N --> ;(2) K S(L, R * (1 - 0.08 * k), 0, C, 0, RHO, E) Leaf(0.2 - 0.018 * k) Frond(k + 1)
Frond(k) : k >= N --> *
homomorphism:
Leaf(s) --> [ +(55) &(25) ;(2) !(0.007) F(s) ] [ -(55) &(25) ;(2) !(0.007) F(s) ] [ +(80) &(50) ;(2) !(0.007) F(s * 0.8) ] [ -(80) &(50) ;(2) !(0.007) F(s * 0.8) ]
decomposition:
Crown --> [ &(30) Frond(0) ] /(51.43) [ &(45) Frond(0) ] /(51.43) [ &(30) Frond(0) ] /(51.43) [ &(45) Frond(0) ] /(51.43) [ &(30) Frond(0) ] /(51.43) [ &(45) Frond(0) ] /(51.43) [ &(40) Frond(0) ]
dynamics:
  young: 1e9
  density: 700
  damping ratio: 0.1
  stiffness damping: 0.005
  drag: 4
  wind: WIND, 0, 0
  grow every: 0.25
  dt: 1/60

/* Validation: a physical pendulum. A thin rod of length L (radius L/200)
   hangs from a fixed pivot and is released from ANGLE degrees with no spring
   (young: 0) and no damping. Its period is
   T0 = 2 pi sqrt(2L / (3g)) = 1.6384 s for L = 1 at small amplitude, and
   T/T0 = 1.017409, 1.180341, 1.762204 at 30, 90, 150 degrees.
   Try: lsd run examples/dynamics/pendulum.ls --time 10 --trace p.csv
        (tip_x changes sign every half period)
        lsd run examples/dynamics/pendulum.ls -D ANGLE=150 --integrator explicit --dt 1e-4
   In the viewer: pull it further and let go; compare the integrators. */
#define L 1
#define ANGLE 90
axiom: ;(15) B(0.05, 0.02) &(180 - ANGLE) ;(4) J B(L, L/200)
dynamics:
  young: 0             /* no spring: a free pendulum */
  damping: 0
  dt: 0.0005

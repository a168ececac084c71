/* Validation: a double physical pendulum, two rods joined end to end,
   released from the horizontal with no springs and no damping: chaotic
   motion whose total energy stays constant (within the integrator's error).
   Its accelerations equal the Lagrangian equations of motion of two rods
   (tests/dynamics/aba_test.cpp checks them).
   Try: lsd run examples/dynamics/double_pendulum.ls --time 10 --trace dp.csv --integrator explicit --dt 1e-4
        (kinetic + potential stays constant)
   In the viewer: play; switch the integrator to implicit and watch it slow down
   (implicit Euler removes energy). */
axiom: ;(15) B(0.05, 0.02) &(90) ;(8) J B(0.5, 0.005) ;(4) J B(0.5, 0.005)
dynamics:
  young: 0              /* no springs */
  damping: 0
  dt: 0.0005

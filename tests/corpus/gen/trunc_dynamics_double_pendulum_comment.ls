/* Validation: a double physical pendulum, two rods joined end to end,
   released from the horizontal with no springs and no damping: chaotic
   motion whose total energy stays constant (within the integrator's error).
   Its accelerations equal the Lagrangian equations of motion of two rods
   (tests/dyn
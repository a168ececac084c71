/* A stiff chain with the explicit integrator and a step far above its stability
   limit: the run must stop naming the joint, not print NaN. */
derivation length: 20
axiom: B(0.05, 0.005) +(90) A(20)
A(k) : k > 0 --> J B(0.05, 0.005) A(k - 1)
dynamics:
  young: 1e10
  integrator: explicit
  dt: 0.01

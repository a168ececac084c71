// Featherstone's articulated-body algorithm (RBDA Table 7.1) for a tree of
// spherical joints, O(n), in world-aligned axes about each body's origin.
//
// The generalised force on joint i (child frame) is
//   data.tau[i] - J_r(r_i)^-T K r_i - D w_i,   r_i = log(q_i),
// the spring being the gradient of the elastic energy 1/2 r^T K r (J_r: the
// right Jacobian of SO(3)), plus the bodies' external forces
// (data.body_forces), a linear drag toward data.wind, and gravity, which
// enters as the base's acceleration.
//
// One pass solves a linearly implicit step (docs/dynamics.md, "Physics"):
//   (M + kD D + kK K + kD C + kGeo G) a = forces at a predicted state,
// the joint terms added to each joint's 3x3 block, the drag C as a point mass
// kD c at each body's com, gravity's geometric stiffness G as a rotational
// stiffness of each body (the weight it carries: its own at its com, its
// children's at their joints; the part that stiffens, see docs/dynamics.md).
// StepTerms says which terms and which prediction (step.cpp fills it for each
// integrator). The 3x3 joint blocks are solved by an unrolled LDL^T.
#pragma once

#include "dynamics/data.hpp"

namespace lsd::dyn {

// The step runs one of two builds of the same kernel, chosen at run time:
// AVX2 where the processor has it, else the baseline (SSE2 on x86-64). They
// give the same bits. set_kernel picks one for the whole process (false if
// the processor lacks it): the program decides, the library never reads the
// environment (the lsd executable honours LSD_KERNEL=baseline).
enum class Kernel { kAuto, kBaseline, kAvx2 };
bool set_kernel(Kernel k);
Kernel kernel();

// The terms of one pass. A value-initialised one asks for the explicit
// accelerations at the current state and no update.
struct StepTerms {
  double dt = 0;     // s: the last sweep advances the state by dt (0: accelerations only)
  double kD = 0;     // s: joint damping and drag enter the matrix times kD
  double kK = 0;     // s^2: joint stiffness enters the matrix times kK
  double kP = 0;     // s: springs act at r + kP w (implicit Euler's prediction of the rotation)
  double kGeo = 0;   // s^2: gravity's geometric stiffness enters the matrix times kGeo
  // Generalized-alpha (Chung & Hulbert 1993) in the form of Arnold & Bruls
  // (2007): the equations of motion hold at the step's end, for the true
  // acceleration dw; the algorithmic acceleration a (data.alpha_a) carries the
  // scheme's history. With alpha set the pass predicts the end of the step
  // from data.w, data.alpha_a and data.dw (the last step's true accelerations)
  // and renews them.
  bool alpha = false;
  double beta = 0, gamma = 0;  // Newmark's
  double ea = 0, ev = 0;       // a_{n+1} = ea a_n + ev dw_n + fa dw_{n+1}
  double fa = 0;
  // Generalized-alpha only. guess: the pass only computes the accelerations
  // at the prediction, into data.dw_guess (no update, history untouched).
  // dw_guess: a guess of the step's accelerations (child frame, per body),
  // at whose end velocity the velocity products are evaluated; they are
  // explicit, and at the prediction's velocity, whose error is O(h), the step
  // is first order where they drive the motion (a limp chain whipping gained
  // 6% of its energy in 20 s even at 1e-4 s; with the guess of a first pass,
  // none). step() guesses in fast steps.
  bool guess = false;
  const Vec3* dw_guess = nullptr;
};

// One pass; with terms.dt > 0 its last sweep also advances the state:
// semi-implicit Euler (w += dt dw, then q <- q exp(dt w), renormalised) or,
// with alpha, the generalized-alpha update. Fills data.dw, base_dw, base_dv,
// oMi, v (at the state the forces were evaluated at). max2 >= 0 fuses
// check_state with max_angular_velocity^2 = max2 into the last sweep.
void aba_pass(const Model& model, Data& data, const StepTerms& terms, double max2 = -1.0);

// Accelerations of the implicit-Euler linearisation of a step h (h = 0: the
// explicit accelerations): the pass with kD = kP = h, kK = h^2, no update.
void aba(const Model& model, Data& data, double h = 0.0);

// That pass with the implicit-Euler update by dt (tests; step() runs aba_pass).
void aba_integrate(const Model& model, Data& data, double h_implicit, double dt);

// aba_integrate followed by check_state(model, data, max_angular_velocity),
// the check fused into the last sweep (same result).
void aba_step(const Model& model, Data& data, double h_implicit, double dt,
              double max_angular_velocity);

}  // namespace lsd::dyn

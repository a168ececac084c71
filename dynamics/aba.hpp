// Featherstone's articulated-body algorithm (RBDA Table 7.1) for a tree of
// spherical joints, O(n), in world-aligned axes about each body's origin.
//
// The generalised force on joint i (child frame) is
//   data.tau[i] - K r_i - (D + hK) w_i,   r_i = log(q_i),
// plus the bodies' external forces (data.body_forces), a linear drag toward
// data.wind, and gravity, which enters as the base's acceleration.
//
// h = 0 gives the accelerations of the explicit forces. h > 0 gives the
// linearly implicit accelerations of one implicit-Euler step of size h:
//   (M + h D + h^2 K + h C) a = tau - K r - (D + h K) w - b(q, w) - C v,
// obtained by adding h D + h^2 K to each joint's 3x3 block and h C (the
// drag's spatial damping) to each body's spatial inertia (DESIGN.md,
// "Physics choices"). The 3x3 joint blocks are solved by an unrolled
// Cholesky (LDL^T, no closed-form inverse).
#pragma once

#include "dynamics/data.hpp"

namespace lsd::dyn {

// The step runs one of two builds of the same kernel, chosen at run time:
// AVX2 where the processor has it, else the baseline (SSE2 on x86-64). They
// give the same bits. set_kernel picks one (tests, benchmarks; false if the
// processor lacks it); LSD_KERNEL=baseline in the environment starts with the
// baseline.
enum class Kernel { kAuto, kBaseline, kAvx2 };
bool set_kernel(Kernel k);
Kernel kernel();
const char* kernel_name(Kernel k);

// Fills data.dw, data.base_dw, data.base_dv (and oMi, v, scratch).
void aba(const Model& model, Data& data, double h = 0.0);

// One ABA pass with forces linearised for a step h_implicit (0 = explicit),
// whose last sweep also advances the state by dt: w += dt dw, then
// q <- q exp(dt w) renormalised; the base likewise. Used by step().
void aba_integrate(const Model& model, Data& data, double h_implicit, double dt);

// aba_integrate followed by check_state(model, data, max_angular_velocity),
// the check fused into the last sweep (same result). Used by step().
void aba_step(const Model& model, Data& data, double h_implicit, double dt,
              double max_angular_velocity);

}  // namespace lsd::dyn

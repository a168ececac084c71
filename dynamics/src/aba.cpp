// The articulated-body algorithm (aba.hpp), compiled for two instruction
// sets and chosen at run time: the kernel (aba_kernel.inc) is included twice,
// once on 4-wide vectors of the compiler with AVX2 code generation
// (aba_v4_native.inc) and once on pairs of 2-wide vectors for any x86-64
// (SSE2) or other processor (aba_v4_pairs.inc). Each copy lives in its own
// internal namespace, so no inline function compiled for AVX2 can be called
// on a processor without it, and Eigen's layout (decided by the flags of the
// whole file) is the same for both. Both copies do the same floating-point
// operations in the same order, and no multiply-add is fused (ISO C++ mode:
// -ffp-contract=off), so they give the same bits: a test checks it.
#include "dynamics/aba.hpp"

#include <Eigen/Cholesky>
#include <cmath>
#include <cstdlib>
#include <cstring>

#include "dynamics/contact.hpp"
#include "dynamics/kinematics.hpp"
#include "dynamics/rotation.hpp"
#include "dynamics/src/contact_pairs.hpp"
#include "dynamics/src/rod_sweep.hpp"

// (Internal functions pass vectors by value; GCC's note that this changed
// ABI in GCC 4.6 does not concern them.)
#pragma GCC diagnostic ignored "-Wpsabi"

namespace lsd::dyn {
namespace {

namespace baseline {
#include "dynamics/src/aba_v4_pairs.inc"
#include "dynamics/src/aba_kernel.inc"
}  // namespace baseline

#if (defined(__x86_64__) || defined(__i386__)) && !defined(__clang__)
#define LSD_ABA_AVX2 1
#pragma GCC push_options
#pragma GCC target("avx2")
namespace avx2 {
#include "dynamics/src/aba_v4_native.inc"
#include "dynamics/src/aba_kernel.inc"
}  // namespace avx2
#pragma GCC pop_options
#endif

// The entry points of one kernel: a pass without update, with the
// semi-implicit Euler update, with the generalized-alpha update, and
// generalized-alpha's guess pass; the last three with and without the loads'
// geometric stiffness.
using PassFn = void (*)(const Model&, Data&, const StepTerms&, double);
struct KernelFns {
  Kernel kernel;
  PassFn pass, euler, alpha, guess, euler_geo, alpha_geo, guess_geo;
};

#define LSD_KERNEL_FNS(ns, k)                                                                             \
  KernelFns {                                                                                            \
    k, ns::aba_impl<false, false, false>, ns::aba_impl<true, false, false>, ns::aba_impl<true, true, false>, \
        ns::aba_impl<false, true, false>, ns::aba_impl<true, false, true>, ns::aba_impl<true, true, true>,  \
        ns::aba_impl<false, true, true>                                                                  \
  }
constexpr KernelFns kBaselineFns = LSD_KERNEL_FNS(baseline, Kernel::kBaseline);
#ifdef LSD_ABA_AVX2
constexpr KernelFns kAvx2Fns = LSD_KERNEL_FNS(avx2, Kernel::kAvx2);
#endif
#undef LSD_KERNEL_FNS

bool cpu_has(Kernel k) {
  if (k == Kernel::kBaseline) return true;
#ifdef LSD_ABA_AVX2
  if (k == Kernel::kAvx2) return __builtin_cpu_supports("avx2");
#endif
  return false;
}

// The fastest kernel the processor runs.
const KernelFns* fastest() {
#ifdef LSD_ABA_AVX2
  if (cpu_has(Kernel::kAvx2)) return &kAvx2Fns;
#endif
  return &kBaselineFns;
}

const KernelFns*& active() {
  static const KernelFns* fns = fastest();
  return fns;
}

}  // namespace

bool set_kernel(Kernel k) {
  if (k == Kernel::kAuto) {
    active() = fastest();
    return true;
  }
  if (!cpu_has(k)) return false;
#ifdef LSD_ABA_AVX2
  if (k == Kernel::kAvx2) {
    active() = &kAvx2Fns;
    return true;
  }
#endif
  active() = &kBaselineFns;
  return true;
}

Kernel kernel() { return active()->kernel; }

void aba_pass(const Model& model, Data& data, const StepTerms& terms, double max2) {
  const KernelFns* k = active();
  const bool geo = terms.kGeo != 0.0;
  if (!(terms.dt > 0.0)) k->pass(model, data, terms, -1.0);
  else if (terms.alpha && terms.guess) (geo ? k->guess_geo : k->guess)(model, data, terms, -1.0);
  else if (terms.alpha) (geo ? k->alpha_geo : k->alpha)(model, data, terms, max2);
  else (geo ? k->euler_geo : k->euler)(model, data, terms, max2);
}

namespace {
// The implicit-Euler linearisation of a step h, advancing the state by dt.
StepTerms euler_terms(double h, double dt) {
  StepTerms t;
  t.dt = dt;
  t.kD = t.kP = h;
  t.kK = h * h;
  return t;
}
}  // namespace

void aba(const Model& model, Data& data, double h) { aba_pass(model, data, euler_terms(h, 0.0)); }

void aba_integrate(const Model& model, Data& data, double h_implicit, double dt) {
  aba_pass(model, data, euler_terms(h_implicit, dt));
}

void aba_step(const Model& model, Data& data, double h_implicit, double dt,
              double max_angular_velocity) {
  const double max2 = max_angular_velocity * max_angular_velocity;
  if (!(max2 >= 0.0)) {  // NaN bound: every joint fails, as check_state says
    aba_pass(model, data, euler_terms(h_implicit, dt));
    check_state(model, data, max_angular_velocity);
    return;
  }
  aba_pass(model, data, euler_terms(h_implicit, dt), max2);
}

}  // namespace lsd::dyn

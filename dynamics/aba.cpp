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

#include "dynamics/kinematics.hpp"
#include "dynamics/rotation.hpp"

// (Internal functions pass vectors by value; GCC's note that this changed
// ABI in GCC 4.6 does not concern them.)
#pragma GCC diagnostic ignored "-Wpsabi"

namespace lsd::dyn {
namespace {

namespace baseline {
#include "dynamics/aba_v4_pairs.inc"
#include "dynamics/aba_kernel.inc"
}  // namespace baseline

#if (defined(__x86_64__) || defined(__i386__)) && !defined(__clang__)
#define LSD_ABA_AVX2 1
#pragma GCC push_options
#pragma GCC target("avx2")
namespace avx2 {
#include "dynamics/aba_v4_native.inc"
#include "dynamics/aba_kernel.inc"
}  // namespace avx2
#pragma GCC pop_options
#endif

// The three entry points of one kernel.
struct KernelFns {
  Kernel kernel;
  void (*aba)(const Model&, Data&, double, double, double);
  void (*integrate)(const Model&, Data&, double, double, double);
};

constexpr KernelFns kBaselineFns{Kernel::kBaseline, baseline::aba_impl<false>, baseline::aba_impl<true>};
#ifdef LSD_ABA_AVX2
constexpr KernelFns kAvx2Fns{Kernel::kAvx2, avx2::aba_impl<false>, avx2::aba_impl<true>};
#endif

bool cpu_has(Kernel k) {
  if (k == Kernel::kBaseline) return true;
#ifdef LSD_ABA_AVX2
  if (k == Kernel::kAvx2) return __builtin_cpu_supports("avx2");
#endif
  return false;
}

// The fastest kernel the processor runs, unless LSD_KERNEL=baseline says otherwise.
const KernelFns* fastest() {
  const char* env = std::getenv("LSD_KERNEL");
  if (env && std::strcmp(env, "baseline") == 0) return &kBaselineFns;
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

const char* kernel_name(Kernel k) {
  switch (k) {
    case Kernel::kAuto: return "auto";
    case Kernel::kBaseline: return "baseline (SSE2)";
    case Kernel::kAvx2: return "AVX2";
  }
  return "?";
}

void aba(const Model& model, Data& data, double h) { active()->aba(model, data, h, 0.0, -1.0); }

void aba_integrate(const Model& model, Data& data, double h_implicit, double dt) {
  active()->integrate(model, data, h_implicit, dt, -1.0);
}

void aba_step(const Model& model, Data& data, double h_implicit, double dt,
              double max_angular_velocity) {
  const double max2 = max_angular_velocity * max_angular_velocity;
  if (!(max2 >= 0.0)) {  // NaN bound: every joint fails, as check_state says
    active()->integrate(model, data, h_implicit, dt, -1.0);
    check_state(model, data, max_angular_velocity);
    return;
  }
  active()->integrate(model, data, h_implicit, dt, max2);
}

}  // namespace lsd::dyn

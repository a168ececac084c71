// Error-controlled steps (docs/dynamics.md, "Error-controlled steps"): step
// doubling. The same frame is taken with k and with 2k passes from the same
// state; their difference estimates the finer motion's error (a third of
// it, as for a second-order integrator; docs/dynamics.md measures how
// cautious this is). The frame is accepted when
// that estimate is within the tolerance times the motion's scale times the
// frame's share of a second, so that the error grows by at most the
// tolerance of the swing per simulated second; else k doubles.
#include <algorithm>
#include <cmath>

#include "dynamics/rod.hpp"
#include "dynamics/rotation.hpp"
#include "dynamics/step.hpp"

namespace lsd::dyn {
namespace {

// A node's deflection from its rest (rad): a joint's rotation, an
// element's curvature times its length.
double deflection(const Model& model, const Data& data, int i) {
  const Rod* rod = model.rod(i);
  if (rod) return data.kappa[std::size_t(i)].norm() * rod->length;
  return rotation_vector_from_quat(data.q[std::size_t(i)]).norm();
}

// The largest difference of two states' nodes (rad), and of their bases'
// positions over the plant's first body length (a floating plant).
double difference(const Model& model, const Data& a, const Data& b) {
  double d = 0;
  for (int i = 1; i < model.nbody(); ++i) {
    const Rod* rod = model.rod(i);
    const std::size_t k = std::size_t(i);
    d = std::max(d, rod ? (a.kappa[k] - b.kappa[k]).norm() * rod->length
                        : rotation_vector_from_quat(a.q[k].conjugate() * b.q[k]).norm());
  }
  return std::max(d, rotation_vector_from_quat(a.base_q.conjugate() * b.base_q).norm());
}

// The motion's scale (rad): the largest deflection at the frame's start or
// end, and no less than 1e-6 rad (a plant at rest accepts its first try).
double scale(const Model& model, const Data& start, const Data& end) {
  double s = 1e-6;
  for (int i = 1; i < model.nbody(); ++i)
    s = std::max({s, deflection(model, start, i), deflection(model, end, i)});
  return s;
}

}  // namespace

int substeps_within_tolerance(const Model& model, Data& data, int k, bool fast) {
  const Data start = data;
  substeps(model, data, k, fast);  // the coarse motion
  Data fine;
  // A try that diverged (non-finite, or spinning past the bound) is no
  // answer: the finer passes go on until a finite pair agrees, as far as
  // the substeps allow (the last try is kept and its divergence reported).
  while (2 * k <= kMaxToleranceSubsteps) {
    fine = start;
    substeps(model, fine, 2 * k, fast);
    const bool both = data.first_nonfinite_joint < 0 && fine.first_nonfinite_joint < 0;
    const double error = both ? difference(model, data, fine) / 3 : INFINITY;
    const double budget = model.opt.tolerance * scale(model, start, fine) * model.opt.dt;  // per second of motion
    std::swap(data, fine);
    k *= 2;
    if (error <= budget) break;
  }
  return k;
}

}  // namespace lsd::dyn

#include "dynamics/samples.hpp"

#include <numbers>
#include <cmath>
#include <random>
#include <vector>

#include "dynamics/kinematics.hpp"
#include "dynamics/rotation.hpp"

namespace lsd::dyn {

namespace {
constexpr double kPi = std::numbers::pi;

// Three draws in order (the order in which function arguments are evaluated
// is up to the compiler: GCC and clang would build different samples).
template <class Dist>
Vec3 draw3(Dist& d, std::mt19937& rng) {
  const double x = d(rng);
  const double y = d(rng);
  const double z = d(rng);
  return {x, y, z};
}

Vec3 random_unit(std::mt19937& rng) {
  std::normal_distribution<double> n(0.0, 1.0);
  return draw3(n, rng).normalized();
}
}  // namespace

namespace {
// A model whose fixed base is a cylinder (length l, radius r, density rho),
// gravity g along -y, with room for n more bodies.
Model fixed_cylinder_base(double l, double r, double rho, double g, int n) {
  BaseDef base;
  base.kind = BaseKind::kFixed;
  base.inertia = cylinder_inertia(l, r, rho);
  base.gravity = Vec3(0.0, -g, 0.0);
  Model m = make_model(base);
  reserve_bodies(m, n + 1);
  return m;
}
}  // namespace

Model make_cantilever(const CantileverDef& def) {
  const double l = def.length / def.n;
  Model m = fixed_cylinder_base(l, def.radius, def.density, def.gravity, def.n);
  for (int i = 1; i <= def.n; ++i) {
    BodyDef b = default_body_def();
    b.parent = i - 1;
    b.joint_placement.translation = Vec3(l, 0.0, 0.0);
    b.inertia = cylinder_inertia(l, def.radius, def.density);
    b.stiffness = cylinder_joint_stiffness(l, def.radius, l, def.radius, def.young, def.poisson);
    b.damping = Vec3::Constant(def.damping);
    add_body(m, b);
  }
  return m;
}

Model make_rigid_rod(const RigidRodDef& def, Vec3& tip) {
  BaseDef base = default_base_def();
  base.gravity = def.gravity;
  Model m = make_model(base);
  reserve_bodies(m, def.n + 1);
  const double l = def.length / def.n;
  const bool second = def.springs != ChainSprings::kThesis;
  const Vec3 inner = cylinder_joint_stiffness(l, def.radius, l, def.radius, def.young, def.poisson);
  const Vec3 clamp = clamp_joint_stiffness(l, def.radius, def.young, def.poisson);
  Mat3 before = Mat3::Identity();  // the parent body's axes V: its frame is its piece's turned by V
  for (int k = 1; k <= def.n; ++k) {
    const Vec3 a = (k == 1 && second ? 0.5 * l : l) * def.rest;
    JointSpringAxes spring;
    spring.stiffness = k == 1 && second ? clamp : inner;
    if (def.springs == ChainSprings::kSecondOrderJr) spring = curved_joint_spring(a, spring.stiffness);
    BodyDef b = default_body_def();
    b.parent = k - 1;
    b.joint_placement.translation = before.transpose() * (k == 1 ? Vec3::Zero() : Vec3(l, 0, 0));
    b.joint_placement.rotation = before.transpose() * quat_from_rotation_vector(a).toRotationMatrix() * spring.axes;
    b.inertia = cylinder_inertia(l, def.radius, def.density).transformed(SE3{spring.axes.transpose(), Vec3::Zero()});
    b.stiffness = spring.stiffness;
    b.damping = 0.05 * b.stiffness;
    add_body(m, b);
    before = spring.axes;
  }
  tip = before.transpose() * Vec3(l, 0, 0);
  return m;
}

double cantilever_static_deflection(const CantileverDef& def) {
  const double w = def.density * def.gravity * kPi * def.radius * def.radius;
  const double I = kPi * std::pow(def.radius, 4) / 4.0;
  const double s = 1.0 + 1.0 / def.n;
  return w * std::pow(def.length, 4) / (8.0 * def.young * I) * s * s;
}

namespace {
// make_plant's growth: the trunk turned by up from the base (which lies
// along world x), each fork's two branches turned by left and right.
Model grow_plant(int nbody, bool chain, const Mat3& up, const Mat3& fork_left, const Mat3& fork_right) {
  const double l = 0.1, r = 0.01, rho = 700.0, young = 1e10;
  BaseDef base;
  base.inertia = cylinder_inertia(l, r, rho);
  Model m = make_model(base);
  reserve_bodies(m, nbody);
  const Vec3 k = cylinder_joint_stiffness(l, r, l, r, young, 0.3);
  const Inertia body = cylinder_inertia(l, r, rho);
  // Damping ratio ~0.1 of a single segment: d = 2 zeta sqrt(k I).
  const double i_end = body.rot(1, 1) + body.mass * 0.25 * l * l;
  const Vec3 d = 2.0 * 0.1 * (k * i_end).cwiseSqrt();
  BodyDef b = default_body_def();
  b.inertia = body;
  b.stiffness = k;
  b.damping = d;
  // Depth-first growth with an explicit stack of (parent, rest rotation).
  struct Bud {
    int parent;
    Mat3 rotation;
    int depth;
  };
  // A full binary tree of depth d has 4 (2^(d+1) - 1) bodies: pick the
  // smallest d that reaches nbody, so that the growth is balanced.
  int max_depth = 0;
  while (4.0 * (std::pow(2.0, max_depth + 1) - 1.0) < nbody) ++max_depth;
  std::vector<Bud> stack{{0, up, 0}};
  while (m.nbody() < nbody && !stack.empty()) {
    Bud bud = stack.back();
    stack.pop_back();
    int p = bud.parent;
    for (int s = 0; s < (chain ? nbody : 4) && m.nbody() < nbody; ++s) {
      b.parent = p;
      b.joint_placement.rotation = s == 0 ? bud.rotation : Mat3::Identity();
      b.joint_placement.translation = Vec3(l, 0.0, 0.0);
      p = add_body(m, b);
    }
    if (bud.depth >= max_depth) continue;
    // Push the right fork first so that the left one is grown first.
    stack.push_back({p, fork_right, bud.depth + 1});
    stack.push_back({p, fork_left, bud.depth + 1});
  }
  return m;
}
}  // namespace

Model make_plant(int nbody, bool chain) {
  // The base lies along world x; the trunk turns up (H = world y).
  const Mat3 up = Eigen::AngleAxisd(kPi / 2, Vec3::UnitZ()).toRotationMatrix();
  const Mat3 fork_left = Eigen::AngleAxisd(kPi / 6, Vec3::UnitZ()).toRotationMatrix();
  const Mat3 fork_right = Eigen::AngleAxisd(-kPi / 6, Vec3::UnitZ()).toRotationMatrix() *
                          Eigen::AngleAxisd(kPi / 2, Vec3::UnitX()).toRotationMatrix();
  return grow_plant(nbody, chain, up, fork_left, fork_right);
}

Model make_thesis_tree(int nbody) {
  const CantileverDef mat;
  Model m = make_plant(nbody, false);  // its topology and rest frames
  const double l = 0.1;
  const Inertia body = cylinder_inertia(l, mat.radius, mat.density);
  const double k = cylinder_joint_stiffness(l, mat.radius, l, mat.radius, mat.young, mat.poisson).y();
  const double i_end = body.rot(1, 1) + body.mass * 0.25 * l * l;
  const double d = 2.0 * 0.1 * std::sqrt(k * i_end);
  for (int i = 0; i < m.nbody(); ++i) {
    m.inertia[i] = body;
    if (i == 0) continue;
    m.stiffness[i] = Vec3::Constant(k);
    m.damping[i] = Vec3::Constant(d);
  }
  return m;
}

Model make_lying_plant(int nbody) {
  const Mat3 fork_left = Eigen::AngleAxisd(kPi / 6, Vec3::UnitY()).toRotationMatrix();
  const Mat3 fork_right = Eigen::AngleAxisd(-kPi / 6, Vec3::UnitY()).toRotationMatrix();
  return grow_plant(nbody, false, Mat3::Identity(), fork_left, fork_right);
}

Model make_random_tree(int nbody, bool chain, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::uniform_real_distribution<double> mass(0.5, 2.0);
  auto random_inertia = [&]() {
    Inertia in;
    in.mass = mass(rng);
    in.com = Vec3(0.25, 0.0, 0.0) + 0.1 * draw3(u, rng);
    Mat3 a = Mat3::NullaryExpr([&]() { return u(rng); });
    in.rot = 0.02 * (a * a.transpose() + 0.2 * Mat3::Identity());
    return in;
  };
  BaseDef base;
  base.inertia = random_inertia();
  Model m = make_model(base);
  reserve_bodies(m, nbody);
  for (int i = 1; i < nbody; ++i) {
    BodyDef b = default_body_def();
    if (chain || i == 1) {
      b.parent = i - 1;
    } else {
      // Mostly continue the current branch, sometimes fork from anywhere.
      std::uniform_int_distribution<int> any(0, i - 1);
      b.parent = (rng() % 10 < 6) ? i - 1 : any(rng);
    }
    const double angle = kPi * u(rng);
    b.joint_placement.rotation = Eigen::AngleAxisd(angle, random_unit(rng)).toRotationMatrix();
    b.joint_placement.translation = Vec3(0.5, 0.0, 0.0) + 0.1 * draw3(u, rng);
    b.inertia = random_inertia();
    add_body(m, b);
  }
  return m;
}

Model make_hanging_chain(const ChainDef& def) {
  const double l = def.length / def.n;
  Model m = fixed_cylinder_base(l, def.radius, def.density, def.gravity, def.n);
  const Vec3 k = def.stiffness > 0.0
                     ? Vec3::Constant(def.stiffness)
                     : cylinder_joint_stiffness(l, def.radius, l, def.radius, def.young, def.poisson);
  for (int i = 1; i <= def.n; ++i) {
    BodyDef b = default_body_def();
    b.parent = i - 1;
    if (i == 1) {
      // H (x) turned from world -y by `angle` about z.
      b.joint_placement.rotation = Eigen::AngleAxisd(def.angle - kPi / 2, Vec3::UnitZ()).toRotationMatrix();
    } else {
      b.joint_placement.translation = Vec3(l, 0.0, 0.0);
    }
    b.inertia = cylinder_inertia(l, def.radius, def.density);
    b.stiffness = k;
    add_body(m, b);
  }
  return m;
}

double hanging_chain_floor(const ChainDef& def) {
  const double l = def.length / def.n;
  const double mass = def.density * kPi * def.radius * def.radius * l;
  double e = 0.0;
  for (int i = 1; i <= def.n; ++i) e -= mass * def.gravity * (i - 0.5) * l;
  return e;
}

Recording record_run(const Model& model, Data& data, double duration, int body, const Vec3& point) {
  Recording r;
  const int steps = static_cast<int>(std::lround(duration / model.opt.dt));
  r.t.reserve(steps + 1);
  r.y.reserve(steps + 1);
  r.energy.reserve(steps + 1);
  int taken = 0;  // steps so far: the recording's clock
  auto sample = [&]() {
    compute_energies(model, data);  // runs the forward kinematics
    r.t.push_back(taken * model.opt.dt);
    r.y.push_back(data.oMi[body].act(point).y());
    r.energy.push_back(data.kinetic_energy + data.potential_energy + data.elastic_energy);
  };
  sample();
  for (int s = 0; s < steps && r.finite; ++s) {
    step(model, data);
    ++taken;
    r.finite = data.first_nonfinite_joint < 0;
    for (int i = 1; i < model.nbody(); ++i) r.max_speed = std::max(r.max_speed, data.w[i].norm());
    if (r.finite) sample();
  }
  return r;
}

Recording cantilever_sway(const CantileverDef& def, const Options& options, double duration) {
  Model model = make_cantilever(def);
  const Vec3 gravity = model.opt.gravity;
  model.opt = options;
  model.opt.gravity = gravity;
  Data data = make_data(model);
  return record_run(model, data, duration, model.nbody() - 1, Vec3(def.length / def.n, 0, 0));
}

Swing analyze_swing(const std::vector<double>& t, const std::vector<double>& y, double window) {
  Swing s;
  if (t.size() < 3) return s;
  auto amplitude = [&](double from, double to) {
    double lo = INFINITY, hi = -INFINITY;
    for (std::size_t i = 0; i < t.size(); ++i) {
      if (t[i] < from || t[i] > to) continue;
      lo = std::min(lo, y[i]);
      hi = std::max(hi, y[i]);
    }
    return hi >= lo ? 0.5 * (hi - lo) : 0.0;
  };
  s.first_amplitude = amplitude(t.front(), t.front() + window);
  s.last_amplitude = amplitude(t.back() - window, t.back());
  double mean = 0.0;
  for (double v : y) mean += v;
  mean /= static_cast<double>(y.size());
  // Upward crossings of the mean, linearly interpolated, and each cycle's
  // range between them.
  std::vector<double> crossings, ranges;
  double lo = INFINITY, hi = -INFINITY;
  for (std::size_t i = 1; i < y.size(); ++i) {
    lo = std::min(lo, y[i]);
    hi = std::max(hi, y[i]);
    if (y[i - 1] < mean && y[i] >= mean) {
      crossings.push_back(t[i - 1] + (t[i] - t[i - 1]) * (mean - y[i - 1]) / (y[i] - y[i - 1]));
      if (crossings.size() > 1) ranges.push_back(hi - lo);
      lo = INFINITY;
      hi = -INFINITY;
    }
  }
  s.cycles = static_cast<int>(ranges.size());
  if (crossings.size() >= 2) s.period = (crossings.back() - crossings.front()) / (crossings.size() - 1);
  if (ranges.size() >= 2 && ranges.back() > 0.0) {
    const double delta = std::log(ranges.front() / ranges.back()) / (ranges.size() - 1);
    s.damping_ratio = delta / std::sqrt(4.0 * kPi * kPi + delta * delta);
  }
  return s;
}

void randomize_state(const Model& model, Data& data, double max_angle, double max_speed,
                     std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int i = 1; i < model.nbody(); ++i) {
    const double angle = max_angle * std::abs(u(rng));
    data.q[i] = quat_from_rotation_vector(angle * random_unit(rng));
    data.w[i] = max_speed * draw3(u, rng);
  }
}

}  // namespace lsd::dyn

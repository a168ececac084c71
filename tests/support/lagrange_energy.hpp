// The energies of a tree (lagrange_reference.hpp) as templates over the
// number type, so that one text gives the values (Dual<double, double>) and
// their exact derivatives (Dual<Hyper, Hyper>, Dual<double, Hyper>). Private
// to lagrange_reference.cpp.
//
// Every pose is a Dual in time: evaluated at q + τ q̇, the τ-part of a point
// is its velocity and ω = 2 vec(q̄ ⊗ q̇) of a frame's quaternion is its
// angular velocity in that frame, so T is written from the poses alone.
#pragma once

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

#include "support/lagrange_jet.hpp"
#include "support/lagrange_reference.hpp"

namespace lsd::lagref::detail {

constexpr double kPi = std::numbers::pi;

template <class S>
struct V3 {
  S x{}, y{}, z{};
};
template <class S>
V3<S> operator+(const V3<S>& a, const V3<S>& b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
template <class S>
V3<S> operator-(const V3<S>& a, const V3<S>& b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
template <class S>
V3<S> operator*(const V3<S>& a, double s) { return {a.x * s, a.y * s, a.z * s}; }
template <class S>
S dot(const V3<S>& a, const V3<S>& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
template <class S>
S dot(const V3<S>& a, const Vec3& c) { return a.x * c.x() + a.y * c.y() + a.z * c.z(); }
template <class S>
V3<S> constant(const Vec3& c) { return {S(c.x()), S(c.y()), S(c.z())}; }

// A quaternion w + x i + y j + z k.
template <class S>
struct Q4 {
  S w{}, x{}, y{}, z{};
};
template <class S>
Q4<S> operator*(const Q4<S>& a, const Q4<S>& b) {
  return {a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z, a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
          a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x, a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w};
}
template <class S>
Q4<S> conj(const Q4<S>& a) { return {a.w, -a.x, -a.y, -a.z}; }
template <class S>
V3<S> vec(const Q4<S>& a) { return {a.x, a.y, a.z}; }
template <class S>
Q4<S> pure(const V3<S>& v) { return {S(0.0), v.x, v.y, v.z}; }
// q v q̄ for a unit quaternion.
template <class S>
V3<S> rotate(const Q4<S>& q, const V3<S>& v) { return vec(q * pure(v) * conj(q)); }
// q e_x q̄ for a unit quaternion: the first column of its matrix (the H axis).
template <class S>
V3<S> heading(const Q4<S>& q) {
  return {S(1.0) - S(2.0) * (q.y * q.y + q.z * q.z), S(2.0) * (q.x * q.y + q.w * q.z),
          S(2.0) * (q.x * q.z - q.w * q.y)};
}
template <class S>
Q4<S> normalized(const Q4<S>& q) {
  const S k = inv(sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z));
  return {k * q.w, k * q.x, k * q.y, k * q.z};
}
template <class S>
Q4<S> quaternion(const dyn::Mat3& m) {
  const Eigen::Quaterniond c(m);
  return {S(c.w()), S(c.x()), S(c.y()), S(c.z())};
}

// exp(r): the quaternion (cos(θ/2), sin(θ/2)/θ · r), θ = |r|. Below θ = 0.5
// both coefficients are series in x = θ²/4 (dropped terms < 1e-19), smooth
// in r at 0; above, the trigonometry.
template <class S>
Q4<S> exp_map(const V3<S>& r) {
  const S t2 = dot(r, r);
  S c, s;
  if (value(t2) < 0.25) {
    const S x = t2 * 0.25;
    c = S(1.0) + x * (S(-1.0 / 2) + x * (S(1.0 / 24) + x * (S(-1.0 / 720) + x * (S(1.0 / 40320) +
        x * (S(-1.0 / 3628800) + x * (S(1.0 / 479001600) + x * S(-1.0 / 87178291200.0)))))));
    s = (S(1.0) + x * (S(-1.0 / 6) + x * (S(1.0 / 120) + x * (S(-1.0 / 5040) + x * (S(1.0 / 362880) +
        x * (S(-1.0 / 39916800) + x * (S(1.0 / 6227020800.0) + x * S(-1.0 / 1307674368000.0)))))))) * 0.5;
  } else {
    const S t = sqrt(t2);
    c = cos(t * 0.5);
    s = sin(t * 0.5) * inv(t);
  }
  return {c, s * r.x, s * r.y, s * r.z};
}

template <class S>
struct Frame {
  Q4<S> q{S(1.0), S(0.0), S(0.0), S(0.0)};  // orientation in the world
  V3<S> p{};                                // origin in the world, m
};
// parent · placement.
template <class S>
Frame<S> compose(const Frame<S>& parent, const SE3& placement) {
  return {parent.q * quaternion<S>(placement.rotation), parent.p + rotate(parent.q, constant<S>(placement.translation))};
}

// The parts of a Dual vector or quaternion: values and rates.
template <class X, class T>
V3<X> values(const V3<Dual<X, T>>& v) { return {v.x.x, v.y.x, v.z.x}; }
template <class X, class T>
V3<T> rates(const V3<Dual<X, T>>& v) { return {v.x.t, v.y.t, v.z.t}; }
// ω = 2 vec(q̄ q̇): the angular velocity of the frame in its own axes, in the rate type.
template <class X, class T>
V3<T> angular_velocity(const Q4<Dual<X, T>>& q) {
  const Q4<T> value{T(q.w.x), T(q.x.x), T(q.y.x), T(q.z.x)};
  const Q4<T> rate{q.w.t, q.x.t, q.y.t, q.z.t};
  return vec(conj(value) * rate) * 2.0;
}

template <class X, class T>
struct Energy {
  T kinetic{};    // J
  X potential{};  // J
};

// ½ m |v|² + ½ ωᵀ diag(inertia) ω.
template <class T>
T kinetic(double mass, const V3<T>& v, const Vec3& inertia, const V3<T>& w) {
  return (dot(v, v) * mass + w.x * w.x * inertia.x() + w.y * w.y * inertia.y() + w.z * w.z * inertia.z()) * 0.5;
}

// A rigid node: spring on r, a solid cylinder along +x of its body frame.
template <class X, class T>
void rigid_energy(const Tree& tree, const Node& node, const Frame<Dual<X, T>>& body, const V3<Dual<X, T>>& r,
                  Energy<X, T>& e) {
  using S = Dual<X, T>;
  const double a = node.radius, l = node.length, mass = node.density * kPi * a * a * l;
  const Vec3 inertia = mass * Vec3(0.5 * a * a, (3 * a * a + l * l) / 12, (3 * a * a + l * l) / 12);  // about the com
  const V3<S> com = body.p + heading(body.q) * (0.5 * l);
  e.kinetic = e.kinetic + kinetic(mass, rates(com), inertia, angular_velocity(body.q));
  const V3<X> rv = values(r);
  e.potential = e.potential - dot(values(com), tree.gravity) * mass +
                (rv.x * rv.x * node.stiffness.x() + rv.y * rv.y * node.stiffness.y() +
                 rv.z * rv.z * node.stiffness.z()) * 0.5;
}

// The potential −F·x of the point forces on node `index` whose arc lies in
// [from, to] (rods; every force of the node for the others), at frame f.
template <class X, class T>
void force_potential(const Tree& tree, int index, const Frame<Dual<X, T>>& f, double from, double to,
                     Energy<X, T>& e) {
  const double length = tree.nodes[index].length;
  for (const PointForce& pf : tree.forces) {
    const double arc = pf.arc < 0.0 ? length : std::min(pf.arc, length);
    if (pf.node != index || arc < from || arc > to) continue;
    const V3<X> x = values(f.p + rotate(f.q, constant<Dual<X, T>>(pf.point)));
    e.potential = e.potential - dot(x, pf.force);
  }
}

// Butcher's sixth-order, seven-stage explicit Runge–Kutta method (c, A, b).
constexpr double kRkC[7] = {0.0, 1.0 / 3, 2.0 / 3, 1.0 / 3, 0.5, 0.5, 1.0};
constexpr double kRkA[7][6] = {{},
                               {1.0 / 3},
                               {0.0, 2.0 / 3},
                               {1.0 / 12, 1.0 / 3, -1.0 / 12},
                               {-1.0 / 16, 9.0 / 8, -3.0 / 16, -3.0 / 8},
                               {0.0, 9.0 / 8, -3.0 / 8, -3.0 / 4, 0.5},
                               {9.0 / 44, -9.0 / 11, 63.0 / 44, 18.0 / 11, 0.0, -16.0 / 11}};
constexpr double kRkB[7] = {11.0 / 120, 0.0, 27.0 / 40, 27.0 / 40, -4.0 / 15, -4.0 / 15, 11.0 / 120};

// A rod element as the integration sees it.
template <class X, class T>
struct Rod {
  using S = Dual<X, T>;
  const Node* node = nullptr;
  V3<S> start_curvature, end_curvature;  // Ω_a, Ω_b, 1/m
  Vec3 rest_start, rest_end;             // Ω⁰ at both ends
  V3<S> curvature(double s) const { return start_curvature + (end_curvature - start_curvature) * (s / node->length); }
};

// The Darboux equation: q' = ½ q ⊗ (0, Ω(s)), p' = q e_x q̄.
template <class X, class T>
Frame<Dual<X, T>> darboux(const Rod<X, T>& rod, double s, const Frame<Dual<X, T>>& y) {
  const auto omega = rod.curvature(s);
  const auto dq = y.q * pure(omega);
  return {{dq.w * 0.5, dq.x * 0.5, dq.y * 0.5, dq.z * 0.5}, heading(y.q)};
}

// Energy per length at section s: ½ μ |ṗ|² + ½ ωᵀ ρ diag(J, I, I) ω − μ g·p
// + ½ (Ω − Ω⁰)ᵀ diag(GJ, EI, EI) (Ω − Ω⁰).
template <class X, class T>
Energy<X, T> rod_density(const Tree& tree, const Rod<X, T>& rod, double s, const Frame<Dual<X, T>>& y) {
  const Node& n = *rod.node;
  const double area = kPi * n.radius * n.radius, polar = 0.5 * kPi * std::pow(n.radius, 4);
  const double mu = n.density * area;
  const Vec3 inertia = n.density * Vec3(polar, 0.5 * polar, 0.5 * polar);
  const double shear = n.young / (2.0 * (1.0 + n.poisson));
  const Vec3 c(shear * polar, n.young * 0.5 * polar, n.young * 0.5 * polar);
  const V3<X> d = values(rod.curvature(s)) - constant<X>(Vec3(rod.rest_start + (rod.rest_end - rod.rest_start) * (s / n.length)));
  Energy<X, T> e;
  e.kinetic = kinetic(mu, rates(y.p), inertia, angular_velocity(y.q));
  e.potential = (d.x * d.x * c.x() + d.y * d.y * c.y() + d.z * d.z * c.z()) * 0.5 - dot(values(y.p), tree.gravity) * mu;
  return e;
}

template <class S>
Frame<S> add_scaled(const Frame<S>& y, const Frame<S>& k, double h) {
  return {{y.q.w + k.q.w * h, y.q.x + k.q.x * h, y.q.y + k.q.y * h, y.q.z + k.q.z * h}, y.p + k.p * h};
}

// One step of the method from s to s + h, the energy integral on its stages.
template <class X, class T>
Frame<Dual<X, T>> rk_step(const Tree& tree, const Rod<X, T>& rod, double s, double h, const Frame<Dual<X, T>>& y,
                          Energy<X, T>& e) {
  Frame<Dual<X, T>> k[7];
  Frame<Dual<X, T>> next = y;
  for (int i = 0; i < 7; ++i) {
    Frame<Dual<X, T>> stage = y;
    for (int j = 0; j < i; ++j)
      if (kRkA[i][j] != 0.0) stage = add_scaled(stage, k[j], h * kRkA[i][j]);
    k[i] = darboux(rod, s + kRkC[i] * h, stage);
    if (kRkB[i] == 0.0) continue;
    const Energy<X, T> d = rod_density(tree, rod, s + kRkC[i] * h, stage);
    e.kinetic = e.kinetic + d.kinetic * (h * kRkB[i]);
    e.potential = e.potential + d.potential * (h * kRkB[i]);
    next = add_scaled(next, k[i], h * kRkB[i]);
  }
  return next;
}

template <class S>
SE3 to_se3(const Frame<S>& f) {
  SE3 m;
  m.rotation = Eigen::Quaterniond(value(f.q.w), value(f.q.x), value(f.q.y), value(f.q.z))
                   .normalized()
                   .toRotationMatrix();
  m.translation = Vec3(value(f.p.x), value(f.p.y), value(f.p.z));
  return m;
}

// Integrates a rod element from its start frame in `steps` steps (split at
// the arcs of its point forces), adding its energy; returns its end frame.
template <class X, class T>
Frame<Dual<X, T>> integrate_rod(const Tree& tree, int index, const Rod<X, T>& rod, const Frame<Dual<X, T>>& start,
                                int steps, Energy<X, T>& e, std::vector<Section>* sections) {
  const double length = rod.node->length;
  std::vector<double> cuts{0.0, length};
  for (const PointForce& pf : tree.forces)
    if (pf.node == index && pf.arc > 0.0 && pf.arc < length) cuts.push_back(pf.arc);
  std::sort(cuts.begin(), cuts.end());
  Frame<Dual<X, T>> y = start;
  if (sections) sections->push_back({0.0, to_se3(y)});
  force_potential(tree, index, y, 0.0, 0.0, e);
  for (size_t c = 1; c < cuts.size(); ++c) {
    const double span = cuts[c] - cuts[c - 1];
    if (span <= 0.0) continue;
    const int n = std::max(1, static_cast<int>(std::ceil(steps * span / length - 1e-9)));
    const double h = span / n;
    for (int k = 0; k < n; ++k) {
      y = rk_step(tree, rod, cuts[c - 1] + k * h, h, y, e);
      if (sections) sections->push_back({cuts[c - 1] + (k + 1) * h, to_se3(y)});
    }
    force_potential(tree, index, y, cuts[c], cuts[c], e);
  }
  y.q = normalized(y.q);
  return y;
}

// The energy of the whole tree at the coordinates q (seeded by the caller),
// and with `out` the world frames and rod sections.
template <class X, class T>
Energy<X, T> tree_energy(const Tree& tree, const std::vector<Dual<X, T>>& q, const std::vector<int>& steps,
                         LagrangeResult* out) {
  using S = Dual<X, T>;
  const int count = static_cast<int>(tree.nodes.size());
  std::vector<Frame<S>> frames(count);
  Energy<X, T> e;
  auto coords = [&](int i) { return V3<S>{q[coordinate_index(i)], q[coordinate_index(i) + 1], q[coordinate_index(i) + 2]}; };
  for (int i = 1; i < count; ++i) {
    const Node& n = tree.nodes[i];
    const Frame<S> start = compose(frames[n.parent], n.placement);
    if (n.kind == NodeKind::Rigid) {
      frames[i] = {start.q * exp_map(coords(i)), start.p};
      rigid_energy(tree, n, frames[i], coords(i), e);
      force_potential(tree, i, frames[i], -1.0, 1e300, e);
    } else if (n.kind == NodeKind::ClothoidStart) {
      frames[i] = start;
      force_potential(tree, i, frames[i], -1.0, 1e300, e);
    } else {
      const bool helix = n.kind == NodeKind::Helix;
      const Rod<X, T> rod{&n, helix ? coords(i) : coords(n.parent), coords(i), n.rest, helix ? n.rest : n.rest_end};
      frames[i] = integrate_rod(tree, i, rod, start, steps[i], e, out ? &out->sections[i] : nullptr);
    }
  }
  if (out)
    for (int i = 0; i < count; ++i) out->frames[i] = to_se3(frames[i]);
  return e;
}

}  // namespace lsd::lagref::detail

// The dense Lagrangian reference (lagrange_reference.hpp): the tree checked,
// the energies evaluated in three number types, and Lagrange's equations
// assembled from their derivatives.
#include "support/lagrange_reference.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "support/lagrange_energy.hpp"

namespace lsd::lagref {

using detail::tree_energy;
using Eigen::MatrixXd;
using Eigen::VectorXd;

namespace {

int add_node(Tree& tree, Node node) {
  tree.nodes.push_back(node);
  return static_cast<int>(tree.nodes.size()) - 1;
}

Node rod_node(NodeKind kind, int parent, const SE3& placement, double length, double radius, double density,
              double young, double poisson) {
  Node n;
  n.kind = kind;
  n.parent = parent;
  n.placement = placement;
  n.length = length;
  n.radius = radius;
  n.density = density;
  n.young = young;
  n.poisson = poisson;
  return n;
}

[[noreturn]] void bad(int node, const std::string& what) {
  throw std::invalid_argument("lagrange reference: node " + std::to_string(node) + ": " + what);
}

// The conventions of lagrange_reference.hpp, checked before anything is evaluated.
void check_tree(const Tree& tree, const VectorXd& q, const VectorXd& qd) {
  const int count = static_cast<int>(tree.nodes.size());
  if (count < 1 || tree.nodes[0].kind != NodeKind::Base) bad(0, "the first node must be the base");
  for (int i = 1; i < count; ++i) {
    const Node& n = tree.nodes[i];
    if (n.kind == NodeKind::Base) bad(i, "only node 0 is a base");
    if (n.parent < 0 || n.parent >= i) bad(i, "the parent must come before the node (depth-first order)");
    if (n.length < 0.0 || n.radius < 0.0 || n.density < 0.0) bad(i, "negative length, radius or density");
    const bool rod = n.kind == NodeKind::Helix || n.kind == NodeKind::Clothoid;
    if (rod && !(n.length > 0.0)) bad(i, "a rod element needs a positive length");
    if (rod && !(n.poisson > -1.0)) bad(i, "Poisson's ratio must exceed -1");
    const NodeKind pk = tree.nodes[n.parent].kind;
    if (n.kind == NodeKind::Clothoid && pk != NodeKind::ClothoidStart && pk != NodeKind::Clothoid)
      bad(i, "a clothoid element's parent must be a clothoid start or a clothoid element");
    const dyn::Mat3& rot = n.placement.rotation;
    if (!((rot.transpose() * rot - dyn::Mat3::Identity()).norm() < 1e-9 && rot.determinant() > 0.0))
      bad(i, "the placement's rotation is not a rotation matrix");
  }
  for (int i = 1; i < count; ++i)  // a clothoid start's curvature must belong to an element
    if (tree.nodes[i].kind == NodeKind::ClothoidStart &&
        std::none_of(tree.nodes.begin() + i + 1, tree.nodes.end(),
                     [&](const Node& c) { return c.parent == i && c.kind == NodeKind::Clothoid; }))
      bad(i, "a clothoid start carries no clothoid element");
  for (const PointForce& f : tree.forces)
    if (f.node < 1 || f.node >= count) bad(f.node, "a point force on no movable node");
  const int dofs = coordinate_count(tree);
  if (q.size() != dofs || qd.size() != dofs)
    throw std::invalid_argument("lagrange reference: q and q̇ need " + std::to_string(dofs) + " entries");
}

// The steps of each rod element (lagrange_reference.hpp, LagrangeOptions).
std::vector<int> step_counts(const Tree& tree, const VectorXd& q, const LagrangeOptions& options) {
  std::vector<int> steps(tree.nodes.size(), 0);
  for (size_t i = 1; i < tree.nodes.size(); ++i) {
    const Node& n = tree.nodes[i];
    if (n.kind != NodeKind::Helix && n.kind != NodeKind::Clothoid) continue;
    const int start = n.kind == NodeKind::Helix ? static_cast<int>(i) : n.parent;
    const double turn = n.length * std::max(q.segment<3>(coordinate_index(static_cast<int>(i))).norm(),
                                            q.segment<3>(coordinate_index(start)).norm());
    steps[i] = std::max(options.min_steps, static_cast<int>(std::ceil(turn / options.max_turn)));
  }
  return steps;
}

using Plain = Dual<double, double>;
using Full = Dual<Hyper, Hyper>;
using Rates = Dual<double, Hyper>;

// One pass for the first derivatives of T and V and for (∂²T/∂q̇∂q) q̇:
// directions k of (q, q̇) space in [first, first + kChunk) (k < n: e_k in q,
// k >= n: e_{k-n} in q̇), the ε direction (q̇, 0). Adds to `force`.
void force_pass(const Tree& tree, const VectorXd& q, const VectorXd& qd, const std::vector<int>& steps, int first,
                VectorXd& force) {
  const int n = static_cast<int>(q.size());
  std::vector<Full> seeded(n);
  for (int i = 0; i < n; ++i) {
    Hyper x(q[i]), t(qd[i]);
    x.e = qd[i];
    if (i - first >= 0 && i - first < kChunk) x.g[i - first] = 1.0;
    if (n + i - first >= 0 && n + i - first < kChunk) t.g[n + i - first] = 1.0;
    seeded[i] = {x, t};
  }
  const auto e = tree_energy(tree, seeded, steps, nullptr);
  for (int k = 0; k < kChunk && first + k < 2 * n; ++k) {
    const int d = first + k;
    if (d < n)
      force[d] += e.kinetic.g[k] - e.potential.g[k];  // ∂T/∂q − ∂V/∂q
    else
      force[d - n] -= e.kinetic.h[k];  // −(∂²T/∂q̇∂q) q̇
  }
}

// One pass for the entries M(j, i), i in [first, first + kChunk): the ε
// direction (0, e_j), the directions (0, e_i). The poses do not depend on q̇,
// so their values stay plain doubles.
void mass_pass(const Tree& tree, const VectorXd& q, const VectorXd& qd, const std::vector<int>& steps, int j,
               int first, MatrixXd& mass) {
  const int n = static_cast<int>(q.size());
  std::vector<Rates> seeded(n);
  for (int i = 0; i < n; ++i) {
    Hyper t(qd[i]);
    t.e = i == j ? 1.0 : 0.0;
    if (i - first >= 0 && i - first < kChunk) t.g[i - first] = 1.0;
    seeded[i] = {q[i], t};
  }
  const auto e = tree_energy(tree, seeded, steps, nullptr);
  for (int k = 0; k < kChunk && first + k < n; ++k) mass(j, first + k) = e.kinetic.h[k];
}

LagrangeResult plain_energy(const Tree& tree, const VectorXd& q, const VectorXd& qd, const std::vector<int>& steps) {
  LagrangeResult r;
  r.frames.resize(tree.nodes.size());
  r.sections.resize(tree.nodes.size());
  std::vector<Plain> seeded(q.size());
  for (int i = 0; i < q.size(); ++i) seeded[i] = {q[i], qd[i]};
  const auto e = tree_energy(tree, seeded, steps, &r);
  r.kinetic = e.kinetic;
  r.potential = e.potential;
  return r;
}

}  // namespace

int add_rigid(Tree& tree, int parent, const SE3& placement, double length, double radius, double density,
              const Vec3& stiffness) {
  Node n = rod_node(NodeKind::Rigid, parent, placement, length, radius, density, 0.0, 0.3);
  n.stiffness = stiffness;
  return add_node(tree, n);
}

int add_helix(Tree& tree, int parent, const SE3& placement, double length, double radius, double density,
              double young, double poisson, const Vec3& rest) {
  Node n = rod_node(NodeKind::Helix, parent, placement, length, radius, density, young, poisson);
  n.rest = n.rest_end = rest;
  return add_node(tree, n);
}

int add_clothoid_start(Tree& tree, int parent, const SE3& placement) {
  Node n;
  n.kind = NodeKind::ClothoidStart;
  n.parent = parent;
  n.placement = placement;
  return add_node(tree, n);
}

int add_clothoid(Tree& tree, int parent, const SE3& placement, double length, double radius, double density,
                 double young, double poisson, const Vec3& rest_start, const Vec3& rest_end) {
  Node n = rod_node(NodeKind::Clothoid, parent, placement, length, radius, density, young, poisson);
  n.rest = rest_start;
  n.rest_end = rest_end;
  return add_node(tree, n);
}

LagrangeResult lagrange_energy(const Tree& tree, const VectorXd& q, const VectorXd& qd,
                               const LagrangeOptions& options) {
  check_tree(tree, q, qd);
  return plain_energy(tree, q, qd, step_counts(tree, q, options));
}

LagrangeResult lagrange_accelerations(const Tree& tree, const VectorXd& q, const VectorXd& qd,
                                      const LagrangeOptions& options) {
  check_tree(tree, q, qd);
  const std::vector<int> steps = step_counts(tree, q, options);
  LagrangeResult r = plain_energy(tree, q, qd, steps);
  const int n = static_cast<int>(q.size());
  r.force = VectorXd::Zero(n);
  for (int first = 0; first < 2 * n; first += kChunk) force_pass(tree, q, qd, steps, first, r.force);
  r.mass = MatrixXd::Zero(n, n);
  for (int j = 0; j < n; ++j)
    for (int first = 0; first < n; first += kChunk) mass_pass(tree, q, qd, steps, j, first, r.mass);
  const Eigen::LLT<MatrixXd> llt(r.mass);
  r.positive_definite = llt.info() == Eigen::Success;
  r.qdd = r.positive_definite ? VectorXd(llt.solve(r.force)) : VectorXd(r.mass.ldlt().solve(r.force));
  return r;
}

}  // namespace lsd::lagref

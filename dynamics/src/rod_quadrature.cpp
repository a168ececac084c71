// The quadrature rule over a rod element (dynamics/rod_element.hpp).
//
// The orders come from a measurement (docs/dynamics.md, "Curved rods: one
// element"): for each l·max|Ω| on a grid from 0 to 8, the smallest
// Gauss–Legendre order whose integrals of the section products (Ψᵀ M Ψ, the
// element's spatial inertia, Ψᵀ M Ad, Ψᵀ (M c + V ×* M V)) are within 1e-14
// of ∫‖integrand‖ of a converged composite rule, worst of 100 random
// elements; the tables below take the envelope and one order more. A longer
// or curlier element is cut into equal panels, each within the largest
// tabulated l·max|Ω| (the cheapest choice per unit of l·max|Ω|).
#include <algorithm>
#include <cmath>

#include "dynamics/gauss_legendre.hpp"
#include "dynamics/rod_element.hpp"

namespace lsd::dyn {

namespace {

struct OrderStep {
  double max_l_theta;
  int order;
};

constexpr OrderStep kHelixOrders[] = {{0.01, 6}, {0.1, 7},  {0.5, 8},  {1.0, 9},  {1.75, 10}, {2.5, 11},
                                      {3.5, 12}, {5.0, 13}, {6.0, 14}, {7.0, 15}, {8.0, 16}};
constexpr OrderStep kClothoidOrders[] = {{0.01, 8}, {0.1, 9},  {0.3, 10}, {1.0, 11},
                                         {1.5, 12}, {2.0, 13}, {4.5, 15}, {5.0, 16}};

// At most this many panels (an element 8000 rad around, far beyond any
// plant): the rule stays of bounded size whatever it is asked.
constexpr int kMaxPanels = 1000;

template <size_t N>
RodQuadrature choose(const OrderStep (&table)[N], double l_theta) {
  const double panel_max = table[N - 1].max_l_theta;
  RodQuadrature q;
  q.panels = static_cast<int>(std::clamp(std::ceil(l_theta / panel_max), 1.0, double(kMaxPanels)));
  const double per_panel = l_theta / q.panels;
  q.order = table[N - 1].order;
  for (const OrderStep& step : table) {
    if (per_panel <= step.max_l_theta) {
      q.order = step.order;
      break;
    }
  }
  return q;
}

}  // namespace

RodQuadrature rod_quadrature(RodKind kind, double l_theta) {
  if (!(l_theta >= 0)) l_theta = 0;  // NaN (no element has it): one panel
  return kind == RodKind::kHelix ? choose(kHelixOrders, l_theta) : choose(kClothoidOrders, l_theta);
}

void rod_quadrature_points(const RodQuadrature& q, double length, std::span<double> s, std::span<double> w) {
  const double panel = length / q.panels;
  for (int p = 0; p < q.panels; ++p) {
    const double a = p * panel, b = p + 1 == q.panels ? length : (p + 1) * panel;
    gauss_legendre(q.order, a, b, s.subspan(p * q.order, q.order), w.subspan(p * q.order, q.order));
  }
}

}  // namespace lsd::dyn

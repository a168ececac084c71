// cpfg's curves for curveX/Y/Z (curves.hpp), the arithmetic of cpfg's
// curveXYZ.cpp (calcPValue, createAPoints, calcAValue) so that values agree.
#include "interpreter/cpfg/curves.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "common/limits.hpp"
#include "interpreter/cpfg/spline_functions.hpp"
#include "interpreter/cpfg/trust.hpp"

namespace lsd::interp {
namespace {

using Eigen::Vector3d;

// The uniform B-spline basis on the knots 0, 1, 2 ... (cpfg's Bi1 ... Bi4).
double bi(int k, int i, double t) {
  if (k == 1) return (i <= t && t < i + 1) ? 1.0 : 0.0;
  return (t - i) / double(k - 1) * bi(k - 1, i, t) + (i + k - t) / double(k - 1) * bi(k - 1, i + 1, t);
}

// The basis on clamped knots 0 0 0 0 1 2 ... m-3 m-3 m-3 m-3 (cpfg's uk, Nk1 ... Nk4).
double uk(int k, int m) {
  if (k < 4) return 0.0;
  if (k > m - 1) return double(m) - 3.0;
  return double(k) - 3.0;
}
double nk(int order, int k, double u, int m) {
  if (order == 1) return (uk(k, m) <= u && u < uk(k + 1, m)) ? 1.0 : 0.0;
  double r = 0.0;
  if (uk(k + order - 1, m) - uk(k, m) != 0.0)
    r += (u - uk(k, m)) / (uk(k + order - 1, m) - uk(k, m)) * nk(order - 1, k, u, m);
  if (uk(k + order, m) - uk(k + 1, m) != 0.0)
    r += (uk(k + order, m) - u) / (uk(k + order, m) - uk(k + 1, m)) * nk(order - 1, k + 1, u, m);
  return r;
}

}  // namespace

Vector3d CurveXYZ::at(double t) const {
  const int m = int(points.size());
  Vector3d p(0, 0, 0);
  if (m <= 3) return p;
  auto axis = [&](int a, auto&& weight, int first, int last) {  // a sum in cpfg's order
    double s = 0;
    for (int i = first; i <= last; ++i) s += points[std::size_t(i)][a] * weight(i);
    return s;
  };
  if (type == Type::kBezier) {
    const int n = 1 + (m - 4) / 3;  // Bezier segments
    const int c = std::clamp(int(t / (1.000001 / double(n))), 0, n - 1);
    const double u = (t - double(c) * (1.0 / double(n))) * double(n) / 1.000001;
    auto w = [&](int i) { return nk(4, i - 3 * c, u, 4); };
    for (int a = 0; a < 3; ++a) p[a] = axis(a, w, 3 * c, 3 * c + 3);
    return p;
  }
  if (type == Type::kEndpoint) {
    const double u = t * (double(m) - 3.000001);
    auto w = [&](int i) { return nk(4, i, u, m); };
    // cpfg sums over every point; away from the four around u the basis is
    // an exact 0, so the sum over those (and one more each side) is the same
    const int j = int(std::floor(std::max(u, 0.0))) + 3;
    for (int a = 0; a < 3; ++a) p[a] = axis(a, w, std::max(0, j - 4), std::min(m - 1, j + 1));
    return p;
  }
  const int i = std::clamp(3 + int(t * (m - 3.000001)), 3, m - 1);
  const double u = 3.0 + t * (double(m) - 3.000001);
  auto w = [&](int k) { return bi(4, k, u); };
  for (int a = 0; a < 3; ++a) p[a] = axis(a, w, i - 3, i);
  return p;
}

Vector3d CurveXYZ::at_length(double t) const {
  t = std::clamp(std::isfinite(t) ? t : 0.0, 0.0, 1.0);
  const int n = int(arc.size());
  if (n < 2) return at(t);
  int lo = 0, hi = n - 1;
  while (hi - lo > 1) {
    const int mid = (lo + hi) / 2;
    if (arc[std::size_t(mid)] > t) hi = mid;
    else lo = mid;
  }
  const double span = arc[std::size_t(hi)] - arc[std::size_t(lo)];
  if (!(span > 0)) return at(lo / double(n - 1));  // (a curve of no length)
  return at((lo + (t - arc[std::size_t(lo)]) / span) / (n - 1));
}

bool read_curve_file(const std::string& path, int samples, CurveXYZ& out, std::string& error) {
  std::string text;
  return read_model_file(path, limits::kModelFileBytes, limits::kModelFileBytesText, text, error) &&
         parse_curve_text(text, path, samples, out, error);
}

bool parse_curve_text(const std::string& text, const std::string& path, int samples, CurveXYZ& out,
                      std::string& error) {
  if (samples > limits::kCurveSamples) {
    error = path + ": " + std::to_string(samples) + " samples: more than the limit of " + limits::kCurveSamplesText +
            " samples";
    return false;
  }
  Contour c;  // the points, with their multiplicities, in every format
  if (!parse_contour_text(text, path, c, error)) return false;
  out = CurveXYZ{};
  out.name = c.name;
  out.points = c.points;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    std::string key, value;
    if (!(ls >> key >> value) || key != "type:") continue;
    out.type = value == "bspline-closed"     ? CurveXYZ::Type::kClosed
               : value == "bspline-endpoint" ? CurveXYZ::Type::kEndpoint
               : value == "bspline-phantom"  ? CurveXYZ::Type::kPhantom
               : value == "bezier"           ? CurveXYZ::Type::kBezier
                                             : CurveXYZ::Type::kBspline;
  }
  if (c.closed && out.type == CurveXYZ::Type::kBspline) out.type = CurveXYZ::Type::kClosed;  // an older closed contour
  std::vector<Vector3d>& p = out.points;
  if (out.type == CurveXYZ::Type::kClosed && p.size() >= 3) {
    for (int k = 0; k < 3; ++k) p.push_back(p[std::size_t(k)]);
  } else if (out.type == CurveXYZ::Type::kPhantom && p.size() >= 2) {
    p.insert(p.begin(), 2 * p[0] - p[1]);
    p.push_back(2 * p[p.size() - 1] - p[p.size() - 2]);
  }
  // the table of arc lengths (createAPoints)
  samples = std::max(samples, 2);
  out.arc.assign(std::size_t(samples), 0.0);
  Vector3d prev = out.at(0);
  for (int i = 1; i < samples; ++i) {
    const Vector3d q = out.at(i / double(samples - 1));
    const Vector3d d = q - prev;
    out.length += std::sqrt(d.x() * d.x() + d.y() * d.y() + d.z() * d.z());
    out.arc[std::size_t(i)] = out.length;
    prev = q;
  }
  for (double& l : out.arc) l = out.length > 0 ? l / out.length : 0;
  return true;
}

}  // namespace lsd::interp

#include "interpreter/cpfg/spline_functions.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

namespace lsd::interp {
namespace {

using Eigen::Vector2d;
using Eigen::Vector3d;

// cpfg's knot vector of a function (splinefun.cpp, "Uk"): n + 1 control
// points, order 4, clamped at both ends: 0 0 0 0 1 2 ... n-2 n-2 n-2 n-2.
double knot(int j, int n) {
  if (j < 4) return 0;
  if (j > n) return n - 2;
  return j - 3;
}

// The uniform cubic B-spline segment of p0..p3 at s in [0, 1].
template <class V>
V segment(const V& p0, const V& p1, const V& p2, const V& p3, double s) {
  const double s2 = s * s, s3 = s2 * s;
  return (p0 * (1 - s) * (1 - s) * (1 - s) + p1 * (3 * s3 - 6 * s2 + 4) + p2 * (-3 * s3 + 3 * s2 + 3 * s + 1) +
          p3 * s3) /
         6.0;
}

// Lines of a text file without the empty ones.
bool read_lines(const std::string& path, std::vector<std::string>& lines, std::string& error) {
  std::ifstream in(path);
  if (!in) {
    error = "cannot open '" + path + "'";
    return false;
  }
  std::string l;
  while (std::getline(in, l)) {
    if (!l.empty() && l.back() == '\r') l.pop_back();
    if (l.find_first_not_of(" \t") != std::string::npos) lines.push_back(l);
  }
  return true;
}

// "key: value" -> value, when the line starts with key.
bool field(const std::string& line, const char* key, std::string& value) {
  const std::size_t n = std::char_traits<char>::length(key);
  std::size_t k = line.find_first_not_of(" \t");
  if (k == std::string::npos || line.compare(k, n, key) != 0) return false;
  value = line.substr(k + n);
  return true;
}

// One function from lines[i...] (fver 1 1, or the older "range:" form);
// advances i past it.
bool parse_function(const std::vector<std::string>& lines, std::size_t& i, SplineFunction& f, std::string& error) {
  std::string v;
  int samples = 0;
  if (i < lines.size() && field(lines[i], "range:", v)) {
    ++i;
  } else if (i < lines.size() && field(lines[i], "fver", v)) {
    ++i;
    while (i < lines.size() && !field(lines[i], "points:", v)) {
      if (field(lines[i], "name:", v)) {
        std::istringstream(v) >> f.name;
      } else if (field(lines[i], "samples:", v)) {
        std::istringstream(v) >> samples;
      } else if (field(lines[i], "markers:", v)) {  // markers: n, then n lines
        int m = 0;
        std::istringstream(v) >> m;
        i += std::size_t(std::max(m, 0));
      }
      ++i;
    }
  } else {
    error = "expected 'fver 1 1' or 'range:' at the start of a function";
    return false;
  }
  if (i >= lines.size() || !field(lines[i], "points:", v)) {
    error = "expected 'points:'";
    return false;
  }
  int n = 0;
  std::istringstream(v) >> n;
  ++i;
  if (n < 4 || n > 100000) {
    error = "a function needs at least 4 points";
    return false;
  }
  for (int k = 0; k < n; ++k, ++i) {
    if (i >= lines.size()) {
      error = "the file ends before its " + std::to_string(n) + " points";
      return false;
    }
    std::istringstream ls(lines[i]);
    double x, y;
    int mult = 1;
    if (!(ls >> x >> y) || !std::isfinite(x) || !std::isfinite(y)) {
      error = "expected a point 'x y' in '" + lines[i] + "'";
      return false;
    }
    ls >> mult;
    mult = std::clamp(mult, 1, 3);
    for (int m = 0; m < mult; ++m) f.points.emplace_back(double(float(x)), double(float(y)));  // cpfg reads floats
  }
  if (samples > 2) {
    samples = std::min(samples, 100000);
    f.table.clear();
    SplineFunction exact = f;
    for (int k = 0; k < samples; ++k) f.table.push_back(exact(double(k) / (samples - 1)));
  }
  return true;
}

// cpfg's basis functions of a function's B-spline (splinefun.cpp, N, Nk1,
// Nkt), by the Cox-de Boor recursion on the integer knots of knot(): the
// same arithmetic, so that the bisection below stops where cpfg's does.
double basis(int k, int t, double u, int n) {
  if (t == 1) return knot(k, n) <= u && u < knot(k + 1, n) ? 1.0 : 0.0;
  double sum = 0.0;
  int div = int(knot(k + t - 1, n) - knot(k, n));
  if (div != 0) sum = (u - knot(k, n)) / div * basis(k, t - 1, u, n);
  div = int(knot(k + t, n) - knot(k + 1, n));
  if (div != 0) sum += (knot(k + t, n) - u) / div * basis(k + 1, t - 1, u, n);
  return sum;
}

}  // namespace

Vector2d SplineFunction::point(double d) const {
  const int n = int(points.size()) - 1;
  if (n < 3) return points.empty() ? Vector2d(0, 0) : points.back();
  const double u = std::clamp(d, 0.0, 1.0) * (n - 2);
  Vector2d sum(0, 0);
  for (int k = 0; k <= n; ++k) {
    const double b = basis(k, 4, u, n);
    sum.x() += points[std::size_t(k)].x() * b;
    sum.y() += points[std::size_t(k)].y() * b;
  }
  return sum;
}

// cpfg's value (splinefun.cpp, _Value): from the table, linearly; without
// one, the y of the point found by bisection on the curve's parameter until
// its x is within 0.001 of x (not the curve's y at x itself).
double SplineFunction::operator()(double x) const {
  x = std::clamp(std::isfinite(x) ? x : 0.0, 0.0, 1.0);
  if (table.size() > 2) {
    const double at = x * double(table.size() - 1);
    const std::size_t i = std::min(std::size_t(std::floor(at)), table.size() - 1);
    if (i + 1 >= table.size()) return table.back();
    return (1 - at + double(i)) * table[i] + (at - double(i)) * table[i + 1];
  }
  if (points.size() < 4) return 0;
  double low = 0, high = 1;
  Vector2d p(0, 0);
  for (int k = 0; k < 200; ++k) {  // (cpfg loops until it is within 0.001; a curve that never gets there stops here)
    const double check = (low + high) / 2.0;
    p = point(check);
    (p.x() > x ? high : low) = check;
    if (std::fabs(p.x() - x) <= 0.001) break;
  }
  return p.y();
}

Vector3d Contour::point(double t) const {
  const int m = int(points.size());
  if (m == 0) return Vector3d::Zero();
  if (m < 4) return points[std::size_t(std::clamp(int(std::lround(t * (m - 1))), 0, m - 1))];
  const int segs = closed ? m : m - 3;
  const double u = std::clamp(t, 0.0, 1.0) * segs;
  const int s = std::min(int(u), segs - 1);
  auto p = [&](int k) { return points[std::size_t((k % m + m) % m)]; };
  return segment(p(s), p(s + 1), p(s + 2), p(s + 3), u - s);
}

std::vector<Vector3d> Contour::sample(int n) const {
  std::vector<Vector3d> out;
  n = std::max(n, 3);
  for (int k = 0; k < n; ++k) out.push_back(point(closed ? double(k) / n : double(k) / (n - 1)));
  return out;
}

double Contour::length() const {
  double len = 0;
  Vector3d prev = point(0);
  for (int k = 1; k <= 200; ++k) {
    const Vector3d q = point(k / 200.0);
    len += (q - prev).norm();
    prev = q;
  }
  return len;
}

std::vector<Vector3d> Contour::ring(int sides) const {
  sides = std::max(sides, 3);
  // the curve densely, and the length up to each sample
  const int segs = std::max(1, closed ? int(points.size()) : int(points.size()) - 3);
  const int dense = std::min(32 * segs, 1 << 16);
  std::vector<Vector3d> q(std::size_t(dense + 1));
  std::vector<double> len(std::size_t(dense + 1), 0.0);
  for (int k = 0; k <= dense; ++k) {
    q[std::size_t(k)] = point(double(k) / dense);
    if (k > 0) len[std::size_t(k)] = len[std::size_t(k - 1)] + (q[std::size_t(k)] - q[std::size_t(k - 1)]).head<2>().norm();
  }
  const double total = len.back();
  const int n = closed ? sides : sides + 1;
  std::vector<Vector3d> out;
  out.reserve(std::size_t(n));
  std::size_t j = 1;
  for (int k = 0; k < n; ++k) {
    const double at = total * k / sides;
    while (j < std::size_t(dense) && len[j] < at) ++j;
    const double span = len[j] - len[j - 1];
    const double w = span > 0 ? std::clamp((at - len[j - 1]) / span, 0.0, 1.0) : 0.0;
    out.push_back(q[j - 1] * (1 - w) + q[j] * w);
  }
  if (closed) {  // turn the first point onto +x (the third coordinate stays)
    const double a = std::atan2(out[0].y(), out[0].x());
    if (out[0].head<2>().norm() > 1e-12) {
      const double c = std::cos(a), s = std::sin(a);
      for (Vector3d& p : out) p = Vector3d(c * p.x() + s * p.y(), -s * p.x() + c * p.y(), p.z());
    }
  }
  return out;
}

bool read_function_file(const std::string& path, SplineFunction& out, std::string& error) {
  std::vector<std::string> lines;
  if (!read_lines(path, lines, error)) return false;
  std::size_t i = 0;
  out = SplineFunction{};
  if (!parse_function(lines, i, out, error)) {
    error = path + ": " + error;
    return false;
  }
  if (out.name.empty()) {  // the file name without its extension
    std::string n = path.substr(path.find_last_of('/') + 1);
    out.name = n.substr(0, n.rfind('.'));
  }
  return true;
}

bool read_function_set(const std::string& path, std::vector<SplineFunction>& out, std::string& error) {
  std::vector<std::string> lines;
  if (!read_lines(path, lines, error)) return false;
  std::string v;
  std::size_t i = 0;
  if (i < lines.size() && field(lines[i], "funcgalleryver", v)) ++i;
  int items = -1;
  if (i < lines.size() && field(lines[i], "items:", v)) {
    std::istringstream(v) >> items;
    ++i;
  }
  while (i < lines.size() && (items < 0 || int(out.size()) < items)) {
    SplineFunction f;
    if (!parse_function(lines, i, f, error)) {
      error = path + ": function " + std::to_string(out.size() + 1) + ": " + error;
      return false;
    }
    out.push_back(std::move(f));
  }
  return true;
}

bool read_contour_file(const std::string& path, Contour& out, std::string& error) {
  std::vector<std::string> lines;
  if (!read_lines(path, lines, error)) return false;
  out = Contour{};
  std::string v;
  std::size_t i = 0;
  int n = 0;
  bool multiplicity = false;
  auto fail = [&](const std::string& why) {
    error = path + ": " + why;
    return false;
  };
  if (lines.empty()) return fail("the file is empty");
  if (field(lines[0], "cver", v) || field(lines[0], "version:", v)) {  // cuspy's versions 1.1 to 1.4
    multiplicity = true;
    for (i = 1; i < lines.size() && !field(lines[i], "points:", v); ++i) {
    }
    if (i >= lines.size()) return fail("expected 'points:'");
    std::istringstream(v) >> n;
    for (++i; i < lines.size(); ++i) {
      std::string t;
      if (field(lines[i], "type:", t)) {
        t.erase(0, t.find_first_not_of(" \t"));
        out.closed = !t.empty() && t[0] == 'c';
      } else if (field(lines[i], "markers:", t)) {
        int m = 0;
        std::istringstream(t) >> m;
        i += std::size_t(std::max(m, 0));
      } else if (!(field(lines[i], "samples:", t) || field(lines[i], "name:", t) ||
                   field(lines[i], "background:", t) || field(lines[i], "heading:", t) ||
                   field(lines[i], "up:", t) || field(lines[i], "size:", t) || field(lines[i], "range:", t) ||
                   field(lines[i], "dimension:", t))) {
        break;  // the first point
      }
    }
  } else {  // the oldest form: "n dimension open|closed"
    std::istringstream hs(lines[0]);
    int dim = 3;
    std::string type;
    if (!(hs >> n >> dim >> type)) return fail("expected 'points dimension open|closed' or 'cver'");
    out.closed = type == "closed";
    i = 1;
  }
  if (n < 1 || n > 100000) return fail("a contour needs points");
  for (int k = 0; k < n; ++k, ++i) {
    if (i >= lines.size()) return fail("the file ends before its " + std::to_string(n) + " points");
    std::istringstream ls(lines[i]);
    double x, y, z = 0;
    int mult = 1;
    if (!(ls >> x >> y)) return fail("expected a point 'x y z' in '" + lines[i] + "'");
    ls >> z;
    if (multiplicity) ls >> mult;
    for (int m = 0; m < std::clamp(mult, 1, 3); ++m) out.points.emplace_back(x, y, z);
  }
  out.name = path.substr(path.find_last_of('/') + 1);
  return true;
}

double function_value(const FunctionSet* set, double id, double x) {
  const long k = std::isfinite(id) && std::fabs(id) < 1e9 ? long(id) : 0;  // C's (int), as cpfg
  if (!set || k < 1 || std::size_t(k) > set->functions.size()) return 0;
  return set->functions[std::size_t(k - 1)](x);
}

double curve_value(const FunctionSet* set, double id, double t, int axis) {
  const long k = std::isfinite(id) && std::fabs(id) < 1e9 ? long(id) : 0;  // C's (int), as cpfg
  if (!set || k < 1 || std::size_t(k) > set->curves.size()) return 0;
  return set->curves[std::size_t(k - 1)].at_length(t)[axis];
}

double curve_length(const FunctionSet* set, double id) {
  const long k = std::isfinite(id) && std::fabs(id) < 1e9 ? long(id) : 0;  // C's (int), as cpfg
  if (!set || k < 1 || std::size_t(k) > set->curves.size()) return 0;
  return set->curves[std::size_t(k - 1)].length;
}

}  // namespace lsd::interp

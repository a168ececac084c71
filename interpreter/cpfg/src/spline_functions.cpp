#include "interpreter/cpfg/spline_functions.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "common/limits.hpp"
#include "interpreter/cpfg/trust.hpp"

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

// The lines of a text that are not blank, with their numbers (for messages).
struct Lines {
  std::vector<std::string> text;
  std::vector<int> number;
  std::size_t size() const { return text.size(); }
  const std::string& operator[](std::size_t i) const { return text[i]; }
  std::string at(std::size_t i) const { return "line " + std::to_string(i < number.size() ? number[i] : 0) + ": "; }
};

Lines lines_of(const std::string& content) {
  Lines lines;
  std::istringstream in(content);
  std::string l;
  for (int n = 1; std::getline(in, l); ++n) {
    if (!l.empty() && l.back() == '\r') l.pop_back();
    if (l.find_first_not_of(" \t") == std::string::npos) continue;
    lines.text.push_back(l);
    lines.number.push_back(n);
  }
  return lines;
}

// A count read from a file (`key n`): at least lo, at most limit (limit_text
// in words) of `noun`s.
bool count_in_range(long n, long lo, long limit, const char* key, const char* noun, const char* limit_text,
                    std::string& error) {
  const std::string said = std::string("'") + key + " " + std::to_string(n) + "': ";
  if (n < lo) return error = said + "at least " + std::to_string(lo) + " " + noun + " are needed", false;
  if (n > limit) return error = said + "more than the limit of " + limit_text + " " + noun, false;
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

}  // namespace

bool tabulate(SplineFunction& f, long samples, TableBudget& budget, std::string& error) {
  if (samples > budget.samples) {
    error = "the function tables of this model's view file ask for more than the limit of " +
            std::string(limits::kFunctionTableSamplesText) + " samples in all";
    return false;
  }
  budget.samples -= samples;
  f.table.clear();
  const SplineFunction exact = f;
  for (long k = 0; k < samples; ++k) f.table.push_back(exact(double(k) / double(samples - 1)));
  return true;
}

namespace {

// One function from lines[i...] (fver 1 1, or the older "range:" form);
// advances i past it. Its table's samples are taken from the budget of the
// view file that names it (limits::kFunctionTableSamples).
bool parse_function(const Lines& lines, std::size_t& i, SplineFunction& f, std::string& error, TableBudget& budget) {
  std::string v;
  long samples = 0;
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
  long n = 0;
  std::istringstream(v) >> n;
  if (!count_in_range(n, 4, limits::kCurvePoints, "points:", "points", limits::kCurvePointsText, error)) {
    error = lines.at(i) + error;
    return false;
  }
  if (!count_in_range(std::max(samples, 0L), 0, limits::kCurveSamples, "samples:", "samples", limits::kCurveSamplesText,
                      error))
    return false;
  ++i;
  for (long k = 0; k < n; ++k, ++i) {
    if (i >= lines.size()) {
      error = "the file ends before its " + std::to_string(n) + " points";
      return false;
    }
    std::istringstream ls(lines[i]);
    double x, y;
    int mult = 1;
    if (!(ls >> x >> y) || !std::isfinite(x) || !std::isfinite(y)) {
      error = lines.at(i) + "expected a point 'x y' in '" + lines[i].substr(0, 80) + "'";
      return false;
    }
    ls >> mult;
    mult = std::clamp(mult, 1, 3);
    for (int m = 0; m < mult; ++m) f.points.emplace_back(double(float(x)), double(float(y)));  // cpfg reads floats
  }
  f.table.clear();
  return samples <= 2 || tabulate(f, samples, budget, error);
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
  // cpfg sums over every point; outside the four around u the basis is an
  // exact 0, so the sum over those (and one more each side) is the same
  const int j = int(std::floor(u)) + 3;
  for (int k = std::max(0, j - 4); k <= std::min(n, j + 1); ++k) {
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

namespace {

bool read_lines(const std::string& path, Lines& lines, std::string& error) {
  std::string content;
  if (!read_model_file(path, limits::kModelFileBytes, limits::kModelFileBytesText, content, error)) return false;
  lines = lines_of(content);
  return true;
}

std::string base_name(const std::string& path) { return path.substr(path.find_last_of('/') + 1); }

bool function_of(const Lines& lines, const std::string& path, SplineFunction& out, std::string& error,
                 TableBudget& budget) {
  std::size_t i = 0;
  out = SplineFunction{};
  if (!parse_function(lines, i, out, error, budget)) {
    error = path + ": " + error;
    return false;
  }
  if (out.name.empty()) {  // the file name without its extension
    const std::string n = base_name(path);
    out.name = n.substr(0, n.rfind('.'));
  }
  return true;
}

bool function_set_of(const Lines& lines, const std::string& path, std::vector<SplineFunction>& out,
                     std::string& error, TableBudget& budget) {
  std::string v;
  std::size_t i = 0;
  if (i < lines.size() && field(lines[i], "funcgalleryver", v)) ++i;
  long items = -1;
  if (i < lines.size() && field(lines[i], "items:", v)) {
    std::istringstream(v) >> items;
    if (!count_in_range(items, 0, limits::kFunctionSetItems, "items:", "functions", limits::kFunctionSetItemsText,
                        error)) {
      error = path + ": " + lines.at(i) + error;
      return false;
    }
    ++i;
  }
  while (i < lines.size() && (items < 0 || long(out.size()) < items)) {
    if (long(out.size()) >= limits::kFunctionSetItems) {
      error = path + ": more functions than the limit of " + std::string(limits::kFunctionSetItemsText);
      return false;
    }
    SplineFunction f;
    if (!parse_function(lines, i, f, error, budget)) {
      error = path + ": function " + std::to_string(out.size() + 1) + ": " + error;
      return false;
    }
    out.push_back(std::move(f));
  }
  return true;
}

bool contour_of(const Lines& lines, const std::string& path, Contour& out, std::string& error) {
  out = Contour{};
  std::string v;
  std::size_t i = 0;
  long n = 0;
  bool multiplicity = false;
  auto fail = [&](const std::string& why) {
    error = path + ": " + why;
    return false;
  };
  if (lines.size() == 0) return fail("the file is empty");
  std::size_t count_line = 0;
  if (field(lines[0], "cver", v) || field(lines[0], "version:", v)) {  // cuspy's versions 1.1 to 1.4
    multiplicity = true;
    for (i = 1; i < lines.size() && !field(lines[i], "points:", v); ++i) {
    }
    if (i >= lines.size()) return fail("expected 'points:'");
    count_line = i;
    std::istringstream(v) >> n;
    for (++i; i < lines.size(); ++i) {
      std::string t;
      if (field(lines[i], "type:", t)) {
        t.erase(0, t.find_first_not_of(" \t"));
        out.closed = !t.empty() && t[0] == 'c';
      } else if (field(lines[i], "markers:", t)) {
        long m = 0;
        std::istringstream(t) >> m;
        i += std::size_t(std::clamp(m, 0L, long(lines.size())));
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
  if (!count_in_range(n, 1, limits::kCurvePoints, "points:", "points", limits::kCurvePointsText, error))
    return fail(lines.at(count_line) + error);
  for (long k = 0; k < n; ++k, ++i) {
    if (i >= lines.size()) return fail("the file ends before its " + std::to_string(n) + " points");
    std::istringstream ls(lines[i]);
    double x, y, z = 0;
    int mult = 1;
    if (!(ls >> x >> y)) return fail(lines.at(i) + "expected a point 'x y z' in '" + lines[i].substr(0, 80) + "'");
    ls >> z;
    if (multiplicity) ls >> mult;
    for (int m = 0; m < std::clamp(mult, 1, 3); ++m) out.points.emplace_back(x, y, z);
  }
  out.name = base_name(path);
  return true;
}

}  // namespace

bool read_function_file(const std::string& path, SplineFunction& out, std::string& error, TableBudget& budget) {
  Lines lines;
  return read_lines(path, lines, error) && function_of(lines, path, out, error, budget);
}

bool read_function_file(const std::string& path, SplineFunction& out, std::string& error) {
  TableBudget budget;
  return read_function_file(path, out, error, budget);
}

bool read_function_set(const std::string& path, std::vector<SplineFunction>& out, std::string& error,
                       TableBudget& budget) {
  Lines lines;
  return read_lines(path, lines, error) && function_set_of(lines, path, out, error, budget);
}

bool read_function_set(const std::string& path, std::vector<SplineFunction>& out, std::string& error) {
  TableBudget budget;
  return read_function_set(path, out, error, budget);
}

bool read_contour_file(const std::string& path, Contour& out, std::string& error) {
  Lines lines;
  return read_lines(path, lines, error) && contour_of(lines, path, out, error);
}

bool parse_function_text(const std::string& text, const std::string& path, SplineFunction& out, std::string& error,
                         TableBudget& budget) {
  return function_of(lines_of(text), path, out, error, budget);
}

bool parse_function_text(const std::string& text, const std::string& path, SplineFunction& out, std::string& error) {
  TableBudget budget;
  return parse_function_text(text, path, out, error, budget);
}

bool parse_function_set_text(const std::string& text, const std::string& path, std::vector<SplineFunction>& out,
                             std::string& error, TableBudget& budget) {
  return function_set_of(lines_of(text), path, out, error, budget);
}

bool parse_function_set_text(const std::string& text, const std::string& path, std::vector<SplineFunction>& out,
                             std::string& error) {
  TableBudget budget;
  return parse_function_set_text(text, path, out, error, budget);
}

bool parse_contour_text(const std::string& text, const std::string& path, Contour& out, std::string& error) {
  return contour_of(lines_of(text), path, out, error);
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

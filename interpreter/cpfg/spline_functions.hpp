// cpfg's user-defined functions, curves and contours (CPFG manual 5.5,
// 8.1.5, 8.1.6): B-spline curves drawn with vlab's funcedit and cuspy,
// named in the view file. func(id, x) reads a function, curveX(id, t) a
// curve, and @#(id) makes a contour the cross-section of generalized
// cylinders.
#pragma once
#include <map>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "common/limits.hpp"
#include "interpreter/cpfg/curves.hpp"

namespace lsd::interp {

// A function of x in [0, 1]: a clamped uniform cubic B-spline through
// control points (x, y) whose x grows (funcedit's .func, versions 0 and 1.1).
struct SplineFunction {
  std::string name;
  std::vector<Eigen::Vector2d> points;  // control points, repeated by their multiplicity
  std::vector<double> table;            // (samples) values at x = i / (samples - 1), when the file asks for them
  // The value at x (clamped to [0, 1]): the curve's y where its x is x,
  // interpolated in the table when there is one, as cpfg does.
  double operator()(double x) const;
  Eigen::Vector2d point(double u) const;  // the curve at parameter u in [0, 1]
};

// A planar or spatial B-spline curve (cuspy's .con): a contour of
// generalized cylinders, or a curve for curveX/Y/Z.
struct Contour {
  std::string name;
  std::vector<Eigen::Vector3d> points;  // control points, repeated by their multiplicity
  bool closed = false;
  // n points evenly spread in the curve's parameter (closed: the last one is not the first again).
  std::vector<Eigen::Vector3d> sample(int n) const;
  Eigen::Vector3d point(double t) const;  // t in [0, 1]
  double length() const;                  // of the curve (by 200 chords)
  // The cross-section of a generalized cylinder with `sides` sides, as cpfg
  // makes it: points spread evenly by length along the curve (measured in x
  // and y); a closed contour gives `sides` points, turned about the origin so
  // that the first lies on +x; an open one gives sides + 1, as they are.
  std::vector<Eigen::Vector3d> ring(int sides) const;
};

struct FunctionSet {
  std::vector<SplineFunction> functions;  // func(1 ... n, x), in the view file's order
  std::vector<CurveXYZ> curves;           // curveX(1 ... n, t) (curves.hpp)
  std::map<int, Contour> contours;        // @#(id): the view file's contour: id file
};

// The samples of function tables that everything one view file loads may
// still ask for (docs/language.md 9.7): each sample is found by bisection, so
// the view file's functions and function sets share one budget.
struct TableBudget {
  long samples = limits::kFunctionTableSamples;
};

// Readers; false and a message naming the file (and the line) on a
// malformed file, or one beyond common/limits.hpp's limits (16 MiB, 10,000
// points, 10,000 samples, 1,000 functions in a set, and the tables' budget:
// without one, a budget of their own).
bool read_function_file(const std::string& path, SplineFunction& out, std::string& error);
bool read_function_file(const std::string& path, SplineFunction& out, std::string& error, TableBudget& budget);
bool read_function_set(const std::string& path, std::vector<SplineFunction>& out, std::string& error);
bool read_function_set(const std::string& path, std::vector<SplineFunction>& out, std::string& error,
                       TableBudget& budget);
bool read_contour_file(const std::string& path, Contour& out, std::string& error);
// The same from a file's text (`path` names it).
bool parse_function_text(const std::string& text, const std::string& path, SplineFunction& out, std::string& error);
bool parse_function_text(const std::string& text, const std::string& path, SplineFunction& out, std::string& error,
                         TableBudget& budget);
bool parse_function_set_text(const std::string& text, const std::string& path, std::vector<SplineFunction>& out,
                             std::string& error);
bool parse_function_set_text(const std::string& text, const std::string& path, std::vector<SplineFunction>& out,
                             std::string& error, TableBudget& budget);
// Gives f a table of `samples` values (more than 2), taken from the budget
// (the view file's sample count of cpfg's old function files); false and the
// limit's message when the budget has fewer left.
bool tabulate(SplineFunction& f, long samples, TableBudget& budget, std::string& error);
bool parse_contour_text(const std::string& text, const std::string& path, Contour& out, std::string& error);

// What the expression machine calls: 0 when there is no such function or curve.
double function_value(const FunctionSet* set, double id, double x);
double curve_value(const FunctionSet* set, double id, double t, int axis);
double curve_length(const FunctionSet* set, double id);

}  // namespace lsd::interp

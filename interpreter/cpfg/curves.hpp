// cpfg's curves for curveX, curveY, curveZ and curveGAL (CPFG manual 5.5;
// cpfg's curveXYZ.cpp): a view file's `curve: file [samples]` is a cuspy
// curve, read as a parameter-to-point function that is looked up by arc
// length in a table of `samples` points, as cpfg does it.
#pragma once
#include <string>
#include <vector>

#include <Eigen/Core>

namespace lsd::interp {

struct CurveXYZ {
  enum class Type { kBspline, kClosed, kEndpoint, kPhantom, kBezier };
  std::string name;
  Type type = Type::kBspline;
  std::vector<Eigen::Vector3d> points;  // the curve's points (cpfg's _ppoint): multiplicities, closing and phantom points added
  std::vector<double> arc;              // (samples) the arc length to sample i at t = i / (samples - 1), over the whole length
  double length = 0;                    // of the samples' polyline (curveGAL)

  // The point at curve parameter t in [0, 1] (cpfg's calcPValue).
  Eigen::Vector3d at(double t) const;
  // The point at arc length t (a fraction of the length, clamped to [0, 1];
  // cpfg's calcAValue): the parameter is interpolated in the table.
  Eigen::Vector3d at_length(double t) const;
};

// Reads a cuspy curve (version 1.4: `points:`, `dimension:`, `type:`
// bspline, bspline-closed, bspline-endpoint, bspline-phantom or bezier; the
// older contour formats too) and tabulates it at `samples` points (the
// view file's number, 100 without one). False with a message on a
// malformed file, or one beyond the limits of common/limits.hpp (10,000
// points, 10,000 samples).
bool read_curve_file(const std::string& path, int samples, CurveXYZ& out, std::string& error);
// The same from the file's text (`path` names it).
bool parse_curve_text(const std::string& text, const std::string& path, int samples, CurveXYZ& out,
                      std::string& error);

}  // namespace lsd::interp

// cpfg's predefined surfaces (CPFG manual 6.7.1 and 8.1.4): the `.s` files
// a view file's `surface:` lines name, bicubic Bezier patches placed at the
// turtle by ~id (view.hpp).
#include <algorithm>
#include <cmath>
#include <sstream>

#include "common/limits.hpp"
#include "common/numbers.hpp"
#include "interpreter/cpfg/trust.hpp"
#include "interpreter/cpfg/view.hpp"

namespace lsd::interp {

using Eigen::Vector3d;

bool read_surface_file(const std::string& path, double size, CpfgSurface& out, std::string& error) {
  std::string text;
  return read_model_file(path, limits::kModelFileBytes, limits::kModelFileBytesText, text, error) &&
         parse_surface_text(text, path, size, out, error);
}

bool parse_surface_text(const std::string& text, const std::string& path, double size, CpfgSurface& out,
                        std::string& error) {
  // The numbers after each label; labels are words ending in ':'.
  auto after = [&](const std::string& label, std::size_t from, std::vector<double>& v, std::size_t n) {
    const std::size_t at = text.find(label, from);
    if (at == std::string::npos) return std::string::npos;
    std::istringstream ls(text.substr(at + label.size(), 200));
    std::string w;
    v.clear();
    while (v.size() < n && ls >> w) {
      double x = 0;
      if (read_c_number(w.data(), w.data() + w.size(), x).ec != std::errc::invalid_argument) v.push_back(x);
    }
    return v.size() == n ? at : std::string::npos;
  };
  std::vector<double> v;
  Vector3d contact(0, 0, 0), end(0, 0, 0), heading(0, 1, 0), up(0, 0, 1);
  double max_dimension = 1;
  auto vec3 = [&](const std::string& a, Vector3d& out_v) {
    std::vector<double> c;
    const std::size_t at = text.find(a);
    if (at == std::string::npos) return false;
    for (const char* axis : {"X:", "Y:", "Z:"}) {
      std::vector<double> one;
      if (after(axis, at, one, 1) == std::string::npos) return false;
      c.push_back(one[0]);
    }
    out_v = Vector3d(c[0], c[1], c[2]);
    return true;
  };
  if (!vec3("CONTACT POINT", contact) || !vec3("END POINT", end) || !vec3("HEADING", heading) || !vec3("UP", up) ||
      after("SIZE:", 0, v, 1) == std::string::npos) {
    error = "'" + path + "' is not a surface file (CONTACT POINT, END POINT, HEADING, UP, SIZE)";
    return false;
  }
  max_dimension = v[0];
  // PRECISION S: s T: t (optional): cpfg takes s along both (patches.c reads T: but uses S:)
  const std::size_t precision = text.find("PRECISION");
  const std::size_t contact_at = text.find("CONTACT POINT");
  int s_precision = 5;
  if (precision != std::string::npos && precision < contact_at && after("S:", precision, v, 1) != std::string::npos &&
      std::isfinite(v[0]))
    s_precision = std::clamp(int(std::clamp(v[0], 1.0, 10.0)), 1, 10);
  if (!(max_dimension > 0) || !std::isfinite(max_dimension) || !contact.allFinite() || !end.allFinite() ||
      !(heading.norm() > 0) || !(up.norm() > 0) || !std::isfinite(heading.norm()) || !std::isfinite(up.norm())) {
    error = "'" + path + "' has a zero or infinite SIZE, HEADING or UP, or a point that is not a number";
    return false;
  }
  // cpfg's patches.c: translate to the contact point, scale to `size`, and
  // express in the turtle's axes through the surface's own left, heading, up.
  heading.normalize();
  up.normalize();
  Vector3d left = heading.cross(up);
  up = left.cross(heading);
  const double scale = size / max_dimension;
  auto place = [&](const Vector3d& p) {
    const Vector3d q = (p - contact) * scale;
    return Vector3d(q.x() * left.x() + q.y() * heading.x() + q.z() * up.x(),
                    q.x() * left.y() + q.y() * heading.y() + q.z() * up.y(),
                    q.x() * left.z() + q.y() * heading.z() + q.z() * up.z());
  };
  out = CpfgSurface{};
  out.s_precision = out.t_precision = s_precision;
  out.end = place(end);
  // Patches: a name, TOP COLOR ..., AL: A: AR:, L: R:, BL: B: BR:, then 16 points.
  std::istringstream ps(text);  // read from each patch's points on (one copy of the text)
  std::size_t at = text.find("TOP COLOR:");
  while (at != std::string::npos) {
    std::size_t pts = text.find("BL:", at);
    if (pts == std::string::npos) break;
    pts = text.find('\n', pts);
    if (pts == std::string::npos) break;
    ps.clear();
    ps.seekg(std::streamoff(pts));
    std::array<Vector3d, 16> patch;
    bool ok = true;
    for (auto& p : patch) {
      double x, y, z;
      if (!(ps >> x >> y >> z)) {
        ok = false;
        break;
      }
      p = place(Vector3d(x, y, z));
    }
    if (!ok) break;
    if (out.patches.size() >= std::size_t(limits::kSurfacePatches)) {
      error = "'" + path + "' has more patches than the limit of " + limits::kSurfacePatchesText;
      return false;
    }
    out.patches.push_back(patch);
    at = text.find("TOP COLOR:", pts);
  }
  if (out.patches.empty()) {
    error = "'" + path + "' has no patch of 16 control points";
    return false;
  }
  return true;
}

}  // namespace lsd::interp

// The view file's `background scene:` (CPFG manual 8.1; cpfg's
// background.c): a file of primitives under a stack of transformations,
// placed in world coordinates here as cpfg places them, and drawn with the
// plant (docs/language.md 9.2).
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "common/limits.hpp"
#include "common/numbers.hpp"
#include "interpreter/cpfg/preprocess.hpp"
#include "interpreter/cpfg/trust.hpp"
#include "interpreter/cpfg/view.hpp"

namespace lsd::interp {

namespace {

using Eigen::Matrix4d;
using Eigen::Vector3d;

// One keyword of the file with the numbers after it (cpfg reads floats
// until one does not parse).
struct Item {
  std::string word;
  std::vector<double> v;
};

std::vector<Item> items_of(const std::string& text) {
  std::vector<Item> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line[0] == '#') continue;  // the preprocessor's line markers
    std::istringstream ws(line);
    std::string w;
    while (ws >> w) {
      float x = 0;
      const auto r = read_c_number(w.data(), w.data() + w.size(), x);
      const bool number = r.ec != std::errc::invalid_argument && r.ptr == w.data() + w.size();
      if (number && !out.empty()) out.back().v.push_back(x);  // cpfg's floats
      else out.push_back({w, {}});
    }
  }
  return out;
}

Vector3d apply(const Matrix4d& m, const Vector3d& p) {
  const Eigen::Vector4d q = m * Eigen::Vector4d(p.x(), p.y(), p.z(), 1);
  return q.w() != 0 && q.w() != 1 ? Vector3d(q.head<3>() / q.w()) : Vector3d(q.head<3>());
}

}  // namespace

bool read_background_scene(const std::string& path, const ModelFolder& model, CpfgBackground& out,
                           std::string& error, std::vector<grammar::Diagnostic>& diags) {
  std::string text;
  if (!read_model_file(path, limits::kModelFileBytes, limits::kModelFileBytesText, text, error)) return false;
  std::string pre;
  PreprocessOptions options;  // its #include stays in the model's folder too (docs/language.md 9.7)
  options.root = model.root;
  options.allow_outside = model.allow_outside;
  if (needs_preprocessor(text, options)) {
    std::vector<grammar::Diagnostic> pp;
    if (!preprocess(text, path, options, pre, pp)) {
      for (auto& d : pp) d.warning = true;
      diags.insert(diags.end(), pp.begin(), pp.end());
      error = "'" + path + "' could not be preprocessed";
      return false;
    }
    text = pre;
  }
  // cpfg's matrix stack: each transformation applies to what follows it
  // first (as OpenGL's), here as column-vector matrices.
  std::vector<Matrix4d> stack{Matrix4d::Identity()};
  int material = -1;
  std::set<std::string> unknown;
  auto at = [&](const Vector3d& p) { return apply(stack.back(), p); };
  auto face = [&](std::vector<Vector3d> local) {
    for (Vector3d& p : local) p = at(p);
    out.faces.push_back({std::move(local), material});
  };
  auto point = [](const std::vector<double>& v, std::size_t k) { return Vector3d(v[k], v[k + 1], v[k + 2]); };
  for (const Item& it : items_of(text)) {
    const std::vector<double>& v = it.v;
    Matrix4d m = Matrix4d::Identity();
    if (it.word == "material") {
      if (v.size() >= 8) {
        out.materials.push_back({float(v[4]), float(v[5]), float(v[6])});  // the diffuse colour
        material = int(out.materials.size()) - 1;
      }
    } else if (it.word == "pushmatrix") {
      stack.push_back(stack.back());
    } else if (it.word == "popmatrix") {
      if (stack.size() > 1) stack.pop_back();
    } else if (it.word == "translate" && v.size() >= 3) {
      m.block<3, 1>(0, 3) = point(v, 0);
      stack.back() *= m;
    } else if (it.word == "rotate" && v.size() >= 4) {  // degrees about an axis, right-handed
      const Vector3d axis = point(v, 1);
      if (axis.norm() > 0) m.block<3, 3>(0, 0) = Eigen::AngleAxisd(v[0] * EIGEN_PI / 180, axis.normalized()).matrix();
      stack.back() *= m;
    } else if (it.word == "scale" && v.size() >= 3) {
      m.diagonal().head<3>() = point(v, 0);
      stack.back() *= m;
    } else if (it.word == "multmatrix" && v.size() >= 16) {  // OpenGL's order: the translation last
      for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 4; ++c) m(c, r) = v[std::size_t(4 * r + c)];
      stack.back() *= m;
    } else if ((it.word == "polygon" && v.size() >= 9) || (it.word == "polygonuv" && v.size() >= 18)) {
      const std::size_t per = it.word == "polygon" ? 3 : 6;  // polygonuv: each point with its normal
      std::vector<Vector3d> pts;
      for (std::size_t k = 0; k + 3 <= v.size(); k += per) pts.push_back(point(v, k));
      face(std::move(pts));
    } else if (it.word == "rectangle" && v.size() >= 2) {  // w h [x y]: in the plane z = 0
      const double x = v.size() >= 4 ? v[2] : 0, y = v.size() >= 4 ? v[3] : 0;
      face({Vector3d(x, y, 0), Vector3d(x + v[0], y, 0), Vector3d(x + v[0], y + v[1], 0), Vector3d(x, y + v[1], 0)});
    } else if (it.word == "mesh" && v.size() >= 12) {  // rows of two points, a quad between each two rows
      for (std::size_t j = 0; j + 12 <= v.size(); j += 6)
        face({point(v, j), point(v, j + 6), point(v, j + 9), point(v, j + 3)});
    } else if ((it.word == "prism" || it.word == "box") && v.size() >= 3) {  // from the origin to (x, y, z)
      auto P = [&](int x, int y, int z) { return Vector3d(x * v[0], y * v[1], z * v[2]); };
      face({P(0, 0, 0), P(0, 0, 1), P(0, 1, 1), P(0, 1, 0)});
      face({P(1, 0, 0), P(1, 1, 0), P(1, 1, 1), P(1, 0, 1)});
      face({P(0, 0, 0), P(0, 1, 0), P(1, 1, 0), P(1, 0, 0)});
      face({P(0, 0, 1), P(1, 0, 1), P(1, 1, 1), P(0, 1, 1)});
      face({P(0, 0, 0), P(0, 0, 1), P(1, 0, 1), P(1, 0, 0)});
      face({P(0, 1, 0), P(1, 1, 0), P(1, 1, 1), P(0, 1, 1)});
    } else if (it.word == "sphere" && !v.empty()) {  // r: at the origin (cpfg keeps its radius under scale)
      out.solids.push_back({at(Vector3d::Zero()), at(Vector3d::Zero()), v[0], -1, material});
    } else if (it.word == "cylinder" && v.size() >= 2) {  // r h: along y
      out.solids.push_back({at(Vector3d::Zero()), at(Vector3d(0, v[1], 0)), v[0], v[0], material});
    } else if (it.word == "cone" && v.size() >= 3) {  // r0 r1 h: along y
      out.solids.push_back({at(Vector3d::Zero()), at(Vector3d(0, v[2], 0)), v[0], v[1], material});
    } else if (it.word == "polygon" || it.word == "polygonuv" || it.word == "rectangle" || it.word == "mesh" ||
               it.word == "prism" || it.word == "box" || it.word == "sphere" || it.word == "cylinder" ||
               it.word == "cone" || it.word == "translate" || it.word == "rotate" || it.word == "scale" ||
               it.word == "multmatrix") {
      diags.push_back({path, {}, "'" + it.word + "' has too few numbers: ignored, as cpfg does", true});
    } else if (unknown.insert(it.word).second) {
      diags.push_back({path, {}, "unknown keyword '" + it.word + "' of a background scene: ignored, as cpfg does",
                       true});
    }
  }
  return true;
}

}  // namespace lsd::interp

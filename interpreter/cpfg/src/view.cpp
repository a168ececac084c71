#include "interpreter/cpfg/view.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "common/spelling.hpp"
#include "common/text.hpp"
#include "interpreter/cpfg/preprocess.hpp"
#include "interpreter/cpfg/src/view_commands.hpp"
#include "interpreter/lsystem/string_io.hpp"

namespace lsd::interp {
namespace {

namespace fs = std::filesystem;
using Eigen::Vector3d;

using text::lower;
using text::trim;

std::string folder_of(const std::string& path) {
  const fs::path p(path);
  return p.has_parent_path() ? p.parent_path().string() : std::string(".");
}

// A file named in a view file or a specifications line: relative to the
// model's folder. A name that differs from the file's only in case finds it,
// as on the case-insensitive disks vlab models were written on (SEPAL.con for
// sepal.con).
std::string in_folder(const std::string& folder, const std::string& name) {
  if (name.empty() || name[0] == '/') return name;
  const fs::path exact = fs::path(folder) / name;
  std::error_code ec;
  if (fs::exists(exact, ec) || name.find('/') != std::string::npos) return exact.string();
  const std::string want = lower(name);
  for (const auto& e : fs::directory_iterator(folder, ec))
    if (lower(e.path().filename().string()) == want) return e.path().string();
  return exact.string();
}

// The numbers of a value, separated by blanks or commas.
std::vector<double> numbers(const std::string& s) {
  std::vector<double> out;
  std::string t = s;
  std::replace(t.begin(), t.end(), ',', ' ');
  std::istringstream in(t);
  std::string w;
  while (in >> w) {
    char* end = nullptr;
    const double v = std::strtod(w.c_str(), &end);
    if (end == w.c_str()) break;
    out.push_back(v);
  }
  return out;
}

// Removes /* */ and // comments, keeping the lines.
std::string strip_comments(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text.compare(i, 2, "/*") == 0) {
      const std::size_t e = text.find("*/", i + 2);
      const std::size_t stop = e == std::string::npos ? text.size() : e + 2;
      for (std::size_t k = i; k < stop; ++k)
        if (text[k] == '\n') out += '\n';
      i = stop - 1;
      continue;
    }
    if (text.compare(i, 2, "//") == 0) {
      while (i < text.size() && text[i] != '\n') ++i;
      if (i < text.size()) out += '\n';
      continue;
    }
    out += text[i];
  }
  return out;
}

// The `name:` subcommands of a tropism line: T: x y z A: a I: i E: e S: s.
CpfgTropism tropism(const std::string& value, bool torque, bool& ok) {
  CpfgTropism t;
  t.torque = torque;
  double intensity = 1;
  std::string v = value;
  std::replace(v.begin(), v.end(), ',', ' ');
  std::istringstream in(v);
  std::string w;
  ok = false;
  while (in >> w) {
    const char key = char(std::toupper(static_cast<unsigned char>(w[0])));
    if (w.size() > 1 && w[1] != ':') continue;
    if (w.size() == 1) in >> std::ws, in.peek() == ':' ? in.get() : 0;
    auto num = [&]() {
      double x = 0;
      in >> x;
      return x;
    };
    if (key == 'T') {
      const double x = num(), y = num(), z = num();
      t.dir = Vector3d(x, y, z);
      ok = t.dir.norm() > 0;
    } else if (key == 'A') {
      t.angle = num();
    } else if (key == 'I') {
      intensity = std::clamp(num(), -1.0, 1.0);
    } else if (key == 'E') {
      t.elasticity = num();
    } else if (key == 'S') {
      t.step = num();
    }
  }
  if (ok) t.dir = t.dir.normalized() * intensity;
  return t;
}

// The cpfg command line of a folder's specifications file that names
// `lfile`, or its first one when lfile is empty.
bool specification_line(const std::string& folder, const std::string& lfile, std::vector<std::string>& words) {
  std::ifstream in(fs::path(folder) / "specifications");
  if (!in) return false;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    std::vector<std::string> w;
    std::string x;
    while (ls >> x) w.push_back(x);
    if (w.empty() || w[0] != "cpfg") continue;
    if (lfile.empty() || std::find(w.begin(), w.end(), lfile) != w.end()) {
      words = std::move(w);
      return true;
    }
  }
  return false;
}

// The folder's only file with this extension, or the one named stem + ext.
std::string companion(const std::string& folder, const std::string& stem, const std::string& ext) {
  const fs::path named = fs::path(folder) / (stem + ext);
  if (fs::exists(named)) return named.string();
  std::string only;
  int count = 0;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(folder, ec))
    if (e.is_regular_file() && e.path().extension() == ext) {
      only = e.path().string();
      ++count;
    }
  return count == 1 ? only : std::string();
}

}  // namespace

bool find_cpfg_model(const std::string& path, CpfgModelFiles& out, std::string& error) {
  out = CpfgModelFiles{};
  std::error_code ec;
  const bool dir = fs::is_directory(path, ec);
  const std::string folder = dir ? path : folder_of(path);
  std::string lfile = dir ? "" : fs::path(path).filename().string();
  std::vector<std::string> words;
  if (specification_line(folder, lfile, words)) {
    // cpfg [options] file.l file.v [file.a]: -m/-mN colour maps, -M materials, -e environment
    for (std::size_t k = 1; k < words.size(); ++k) {
      const std::string& w = words[k];
      auto next = [&]() { return k + 1 < words.size() ? words[++k] : std::string(); };
      if (w == "-M") out.materials.push_back(in_folder(folder, next()));
      else if (w.rfind("-m", 0) == 0 && (w.size() == 2 || std::isdigit(static_cast<unsigned char>(w[2]))))
        out.colourmaps.push_back(in_folder(folder, next()));
      else if (w == "-e") out.environment = in_folder(folder, next());
      else if (w == "-w" || w == "-wp" || w == "-wr" || w == "-wpr") k += 2;
      else if (w == "-wt" || w == "-rgb" || w == "-ps" || w == "-ray" || w == "-str" || w == "-strb" ||
               w == "-gls" || w == "-vv" || w == "-P" || w == "-C" || w == "-rmode")
        next();
      else if (w[0] == '-') continue;
      else if (w.size() > 2 && w.compare(w.size() - 2, 2, ".l") == 0 && out.lsystem.empty())
        out.lsystem = in_folder(folder, w);
      else if (w.size() > 2 && w.compare(w.size() - 2, 2, ".v") == 0 && out.view.empty())
        out.view = in_folder(folder, w);
      else if (w.size() > 2 && w.compare(w.size() - 2, 2, ".a") == 0)
        out.animation = in_folder(folder, w);
    }
  }
  if (out.lsystem.empty()) {
    if (!dir) {
      out.lsystem = path;
    } else {
      out.lsystem = companion(folder, "", ".l");
      if (out.lsystem.empty()) {
        error = "'" + path + "' holds no cpfg model: no specifications line 'cpfg ... file.l file.v', and not "
                "exactly one .l file";
        return false;
      }
    }
  }
  if (!dir && fs::path(out.lsystem).filename() != fs::path(path).filename()) out.lsystem = path;
  const std::string stem = fs::path(out.lsystem).stem().string();
  if (out.view.empty()) out.view = companion(folder, stem, ".v");
  if (out.colourmaps.empty() && out.materials.empty()) {
    const std::string map = companion(folder, stem, ".map"), mat = companion(folder, stem, ".mat");
    if (!map.empty()) out.colourmaps.push_back(map);
    else if (!mat.empty()) out.materials.push_back(mat);
  }
  return true;
}

namespace {

// The bytes of a colour file of at least min_bytes, with the palette grown
// to hold 256 colours from `first` on (`fill` where the file says nothing).
bool read_palette_file(const std::string& path, std::size_t min_bytes, const std::string& not_one, int first,
                       std::array<float, 3> fill, std::vector<std::array<float, 3>>& palette, std::string& bytes,
                       std::string& error) {
  if (!read_file(path, bytes, &error, 1 << 20)) return false;
  if (bytes.size() < min_bytes) {
    error = "'" + path + "' " + not_one;
    return false;
  }
  if (palette.size() < std::size_t(first + 256)) palette.resize(std::size_t(first + 256), fill);
  return true;
}

float byte_value(const std::string& bytes, std::size_t i) { return float(static_cast<unsigned char>(bytes[i])) / 255.f; }

}  // namespace

bool read_colour_map(const std::string& path, int first, std::vector<std::array<float, 3>>& palette,
                     std::string& error) {
  std::string bytes;
  if (!read_palette_file(path, 768, "is not a colour map (256 RGB colours, 768 bytes)", first, {0.5f, 0.5f, 0.5f},
                         palette, bytes, error))
    return false;
  for (int i = 0; i < 256; ++i)
    for (int c = 0; c < 3; ++c) palette[std::size_t(first + i)][std::size_t(c)] = byte_value(bytes, std::size_t(3 * i + c));
  return true;
}

bool read_materials(const std::string& path, int first, std::vector<std::array<float, 3>>& palette,
                    std::string& error) {
  std::string bytes;
  if (!read_palette_file(path, 15, "holds no material (records of 15 bytes)", first, {1.f, 1.f, 1.f}, palette, bytes,
                         error))
    return false;
  // index, transparency, ambient rgb, diffuse rgb, emissive rgb, specular rgb, shininess (cpfg's irisGL.c)
  for (std::size_t k = 0; k + 15 <= bytes.size(); k += 15) {
    const int index = static_cast<unsigned char>(bytes[k]);
    for (std::size_t c = 0; c < 3; ++c)
      palette[std::size_t(first + index)][c] = std::min(1.f, byte_value(bytes, k + 5 + c) + byte_value(bytes, k + 8 + c));
  }
  return true;
}

bool read_surface_file(const std::string& path, double size, CpfgSurface& out, std::string& error) {
  std::ifstream in(path);
  if (!in) {
    error = "cannot open '" + path + "'";
    return false;
  }
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  // The numbers after each label; labels are words ending in ':'.
  auto after = [&](const std::string& label, std::size_t from, std::vector<double>& v, std::size_t n) {
    const std::size_t at = text.find(label, from);
    if (at == std::string::npos) return std::string::npos;
    std::istringstream ls(text.substr(at + label.size(), 200));
    std::string w;
    v.clear();
    while (v.size() < n && ls >> w) {
      char* end = nullptr;
      const double x = std::strtod(w.c_str(), &end);
      if (end != w.c_str()) v.push_back(x);
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
  if (!(max_dimension > 0) || heading.norm() == 0 || up.norm() == 0) {
    error = "'" + path + "' has a zero SIZE, HEADING or UP";
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
  out.end = place(end);
  // Patches: a name, TOP COLOR ..., AL: A: AR:, L: R:, BL: B: BR:, then 16 points.
  std::size_t at = text.find("TOP COLOR:");
  while (at != std::string::npos) {
    std::size_t pts = text.find("BL:", at);
    if (pts == std::string::npos) break;
    pts = text.find('\n', pts);
    if (pts == std::string::npos) break;
    std::istringstream ps(text.substr(pts));
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
    out.patches.push_back(patch);
    at = text.find("TOP COLOR:", pts);
  }
  if (out.patches.empty()) {
    error = "'" + path + "' has no patch of 16 control points";
    return false;
  }
  return true;
}

namespace {

// One `texture:` line (CPFG manual 8.1.7): F: file, E: modulate or decal,
// H: and L: the filters, S: per surface, R: the ratio along cylinders. False
// with a message when it names no file or its image cannot be read.
bool texture_line(const std::string& value, const std::string& folder, Texture& t, std::string& error) {
  std::string v = value;
  std::replace(v.begin(), v.end(), ':', ' ');
  std::istringstream in(v);
  std::vector<std::string> w;
  for (std::string x; in >> x;) w.push_back(x);
  std::string file;
  for (std::size_t i = 0; i < w.size(); ++i) {
    const char c = char(std::toupper(static_cast<unsigned char>(w[i][0])));
    const std::string next = i + 1 < w.size() ? lower(w[i + 1]) : std::string();
    if (c == 'S' && w[i].size() == 1) {
      t.per_surface = true;
      continue;
    }
    if (c != 'F' && c != 'E' && c != 'H' && c != 'L' && c != 'R') continue;  // cpfg stops at an unknown one
    ++i;
    if (next.empty()) break;
    if (c == 'F') file = w[i];
    else if (c == 'E') t.decal = next[0] == 'd';
    else if (c == 'H') t.smooth_magnify = next[0] == 'l';
    else if (c == 'L') {
      t.mipmap = next[0] == 'm';
      t.smooth_minify = next[0] == 'l' || (t.mipmap && (next.size() == 1 || next[1] == 'l'));
    } else {
      const double r = std::strtod(next.c_str(), nullptr);
      if (r > 0 && std::isfinite(r)) t.ratio = r;
    }
  }
  if (file.empty()) return error = "'texture:' names no file (F: file)", false;
  return read_image(in_folder(folder, file), t, error);
}

}  // namespace

void read_view_file(const std::string& path, CpfgView& view, FunctionSet& functions,
                    std::vector<grammar::Diagnostic>& diags) {
  std::string text, err;
  if (!read_file(path, text, &err, 1 << 24)) {
    diags.push_back({path, {}, err + ": the view file's settings are not used", true});
    return;
  }
  view.present = true;
  view.path = path;
  const std::string folder = folder_of(path);
  std::vector<grammar::Diagnostic> pp_diags;
  std::string preprocessed;
  if (grammar::needs_preprocessor(text, {}) && grammar::preprocess(text, path, {}, preprocessed, pp_diags)) {
    // line markers: keep the line count by dropping them (they stand on their own lines)
    std::string kept;
    std::istringstream in(preprocessed);
    std::string l;
    while (std::getline(in, l))
      if (!(l.size() > 1 && l[0] == '#' && l[1] == ' ')) kept += l + "\n";
    text = kept;
  }
  for (auto& d : pp_diags) d.warning = true;
  diags.insert(diags.end(), pp_diags.begin(), pp_diags.end());
  text = strip_comments(text);
  auto warn = [&](int line, const std::string& msg) { diags.push_back({path, {line, 1}, msg, true}); };
  auto textures = std::make_shared<std::vector<Texture>>();
  std::set<std::string> framing;  // commands of the camera and lights, which lsd chooses itself
  int framing_line = 0;
  std::istringstream in(text);
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    const std::size_t colon = line.find(':');
    if (trim(line).empty()) continue;
    if (colon == std::string::npos) {
      warn(number, "unknown view command '" + trim(line) + "' is ignored");
      continue;
    }
    std::string key;
    for (char c : lower(line.substr(0, colon)))
      if (!(c == ' ' || c == '\t') || (!key.empty() && key.back() != ' ')) key += (c == '\t' ? ' ' : c);
    key = trim(key);
    const std::string value = trim(line.substr(colon + 1));
    const std::vector<double> nums = numbers(value);
    auto need = [&](std::size_t n) {
      if (nums.size() >= n) return true;
      warn(number, "'" + key + ":' needs " + std::to_string(n) + " number" + (n == 1 ? "" : "s") + ": ignored");
      return false;
    };
    auto file_warning = [&](const std::string& e) { warn(number, e + ": '" + key + ":' is ignored"); };
    if (key == "angle factor") {
      if (need(1) && nums[0] != 0) view.angle = 360.0 / nums[0];
    } else if (key == "angle increment") {
      if (need(1)) view.angle = nums[0];
    } else if (key == "initial color") {
      if (need(1)) view.colour = view.colour_back = int(nums[0]);
      if (nums.size() > 1) view.colour_back = int(nums[1]);
    } else if (key == "color increment") {
      if (need(1)) view.colour_increment = view.colour_increment_back = int(nums[0]);
      if (nums.size() > 1) view.colour_increment_back = int(nums[1]);
    } else if (key == "initial line width") {
      if (need(1)) {
        view.width = nums[0];
        view.line_style = CpfgView::LineStyle::kPolygon;  // cpfg: world units, unless "pixels" follows
        std::istringstream vs(value);
        std::string w, style;
        vs >> w >> style;
        if (!style.empty() && style[0] == 'p') view.line_style = CpfgView::LineStyle::kPixel;
        if (!style.empty() && style[0] == 's') view.line_style = CpfgView::LineStyle::kCylinder;
      }
    } else if (key == "line width increment") {
      if (need(1)) view.width_increment = nums[0];
    } else if (key == "line style") {
      const std::string s = lower(value);
      view.line_style = s.rfind("pixel", 0) == 0 || s == "1"   ? CpfgView::LineStyle::kPixel
                        : s.rfind("polygon", 0) == 0 || s == "2" ? CpfgView::LineStyle::kPolygon
                                                                 : CpfgView::LineStyle::kCylinder;
    } else if (key == "initial scale") {
      if (need(1) && nums[0] != 0) view.scale = nums[0];
    } else if (key == "scale multiplier") {
      if (need(1) && nums[0] != 0) view.scale_multiplier = nums[0];
    } else if (key == "tropism direction") {
      if (need(3) && Vector3d(nums[0], nums[1], nums[2]).norm() > 0)
        view.old_tropism = Vector3d(nums[0], nums[1], nums[2]).normalized();
    } else if (key == "initial elasticity") {
      if (need(1)) view.elasticity = nums[0];
    } else if (key == "elasticity increment") {
      if (need(1)) view.elasticity_increment = nums[0];
    } else if (key == "tropism" || key == "torque") {
      bool ok = false;
      const CpfgTropism t = tropism(value, key == "torque", ok);
      if (!ok) warn(number, "'" + key + ":' needs a direction T: x y z: ignored");
      else if (view.tropisms.size() >= 8) warn(number, "more than 8 tropisms: this one is ignored");
      else view.tropisms.push_back(t);
    } else if (key == "contour sides" || key == "polygonization level") {
      if (need(1)) view.contour_sides = std::clamp(key == "contour sides" ? int(nums[0]) : int(std::lround(std::pow(2.0, nums[0] + 1))), 3, 256);
    } else if (key == "contour") {
      std::istringstream vs(value);
      int id = 0;
      std::string file;
      if (!(vs >> id >> file)) {
        warn(number, "'contour:' needs an id and a file: ignored");
        continue;
      }
      Contour c;
      if (read_contour_file(in_folder(folder, file), c, err)) functions.contours[id] = std::move(c);
      else file_warning(err);
    } else if (key == "function") {
      std::istringstream vs(value);
      std::string file;
      int samples = 0;
      vs >> file >> samples;
      SplineFunction f;
      if (read_function_file(in_folder(folder, file), f, err)) {
        if (samples > 2 && f.table.empty()) {  // the view file's sample count (cpfg's old function files)
          SplineFunction exact = f;
          for (int k = 0; k < std::min(samples, 100000); ++k) f.table.push_back(exact(double(k) / (samples - 1)));
        }
        functions.functions.push_back(std::move(f));
      } else {
        file_warning(err);
        functions.functions.emplace_back();  // keep the numbering of the next ones
      }
    } else if (key == "function set") {
      std::vector<SplineFunction> set;
      if (read_function_set(in_folder(folder, trim(value)), set, err)) {
        functions.functions = std::move(set);  // cpfg: a set replaces the functions
        view.function_set = true;
      } else {
        file_warning(err);
      }
    } else if (key == "curve") {
      std::istringstream vs(value);
      std::string file;
      int samples = 100;  // cpfg's default
      vs >> file;
      if (!(vs >> samples)) samples = 100;
      CurveXYZ c;
      if (read_curve_file(in_folder(folder, file), samples, c, err)) functions.curves.push_back(std::move(c));
      else file_warning(err);
    } else if (key == "surface") {
      std::istringstream vs(value);
      std::string id, file;
      double size = 1;
      int s_precision = 0;
      if (!(vs >> id >> file >> size) || id.size() != 1) {
        warn(number, "'surface:' needs an id (one character), a file and a scale: ignored");
        continue;
      }
      // then the precisions along s and t (lsd draws the larger both ways) and
      // the texture id; one number alone is the texture (cpfg's interpret.c)
      std::vector<int> more;
      for (int v; more.size() < 3 && vs >> v;) more.push_back(v);
      if (more.size() >= 2) s_precision = std::max(more[0], more[1]);
      const int texture = more.size() == 1 ? more[0] : more.size() == 3 ? more[2] : -1;
      CpfgSurface surf;
      if (read_surface_file(in_folder(folder, file), size > 0 ? size : 1, surf, err)) {
        if (s_precision > 0) surf.precision = std::clamp(s_precision, 1, 32);
        surf.texture = texture < 0 ? -1 : texture;
        view.surfaces[id[0]] = std::move(surf);
      } else {
        file_warning(err);
      }
    } else if (key == "interpretation past %") {
      view.past_cut = lower(value).rfind("off", 0) != 0;
    } else if (key == "twist of cylinders" || key == "tapered lines" || key == "concave polygons" ||
               key == "cue range" || key == "interpretation step" || key == "environment display" ||
               key == "generate on view change" || key == "font" || key == "winfont") {
      // shading details and interface settings: no effect on lsd's picture
    } else if (key == "viewpoint" || key == "view reference point" || key == "twist" || key == "projection" ||
               key == "front distance" || key == "back distance" || key == "scale factor" || key == "z buffer" ||
               key == "box" || key == "viewing angle" || key == "min zoom" || key == "max zoom" ||
               key == "light" || key == "light direction" || key == "diffuse reflection" ||
               key == "surface ambient" || key == "surface diffuse" || key == "render mode" ||
               key == "shade mode" || key == "shadow map" || key == "antialiasing" || key == "ambient light" ||
               key == "background color") {
      if (framing.empty()) framing_line = number;
      framing.insert(key);
    } else if (key == "texture") {
      textures->emplace_back();
      if (!texture_line(value, folder, textures->back(), err)) warn(number, err + ": texture " +
                                                                     std::to_string(textures->size()) + " is not drawn");
    } else if (key == "tsurface" || key == "line" || key == "background scene" || key == "blob" ||
               key == "rayshade objects" || key == "rayshade scale") {
      warn(number, "lsd does not draw '" + key + ":': it is ignored");
    } else {
      warn(number, "unknown view command '" + key + ":' is ignored" + did_you_mean(key, detail::view_command_names()));
    }
  }
  if (!textures->empty()) view.textures = std::move(textures);
  if (!framing.empty()) {
    std::string list;
    for (const auto& k : framing) list += (list.empty() ? "" : ", ") + k;
    warn(framing_line, "lsd frames and lights the plant itself: " + list + " ignored");
  }
}

}  // namespace lsd::interp

#include "interpreter/cpfg/view.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <set>
#include <sstream>

#include "common/limits.hpp"
#include "common/numbers.hpp"
#include "common/spelling.hpp"
#include "common/text.hpp"
#include "interpreter/cpfg/preprocess.hpp"
#include "interpreter/cpfg/src/model_paths.hpp"
#include "interpreter/cpfg/src/view_commands.hpp"
#include "interpreter/lsystem/string_io.hpp"

namespace lsd::interp {
namespace {

namespace fs = std::filesystem;
using Eigen::Vector3d;

using text::lower;
using text::trim;

// The numbers of a value, separated by blanks or commas, up to the first
// word that is not a finite number.
std::vector<double> numbers(const std::string& s) {
  std::vector<double> out;
  std::string t = s;
  std::replace(t.begin(), t.end(), ',', ' ');
  std::istringstream in(t);
  std::string w;
  while (in >> w) {
    double v = 0;
    if (read_c_number(w.data(), w.data() + w.size(), v).ec == std::errc::invalid_argument || !std::isfinite(v)) break;
    out.push_back(v);
  }
  return out;
}

// A whole number of a view file (colour index, sides): C's (int), kept in range.
int whole(double v) { return int(std::clamp(v, -1e9, 1e9)); }

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

}  // namespace

namespace {

// One `texture:` line (CPFG manual 8.1.7): F: file, E: modulate or decal,
// H: and L: the filters, S: per surface, R: the ratio along cylinders. False
// with a message when it names no file or its image cannot be read.
bool texture_line(const std::string& value, const std::string& folder, const ModelFolder& model, Texture& t,
                  std::string& error) {
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
      double r = 0;
      read_c_number(next.data(), next.data() + next.size(), r);
      if (r > 0 && std::isfinite(r)) t.ratio = r;
    }
  }
  if (file.empty()) return error = "'texture:' names no file (F: file)", false;
  const std::string path = in_folder(folder, file);
  if (!model.allows(path)) return error = model.refusal(path), false;
  return read_image(path, t, error);
}

}  // namespace

void read_view_file(const std::string& path, CpfgView& view, FunctionSet& functions,
                    std::vector<grammar::Diagnostic>& diags, const ModelFolder& folder) {
  std::string text, err;
  if (!read_model_file(path, limits::kModelFileBytes, limits::kModelFileBytesText, text, err)) {
    diags.push_back({path, {}, err + ": the view file's settings are not used", true});
    return;
  }
  read_view_text(std::move(text), path, view, functions, diags, folder);
}

void read_view_text(std::string text, const std::string& path, CpfgView& view, FunctionSet& functions,
                    std::vector<grammar::Diagnostic>& diags, const ModelFolder& model_folder) {
  std::string err;
  view.present = true;
  view.path = path;
  const std::string folder = folder_of(path);
  const ModelFolder model{model_folder.root.empty() ? folder : model_folder.root, model_folder.allow_outside};
  std::vector<grammar::Diagnostic> pp_diags;
  std::string preprocessed;
  grammar::PreprocessOptions pp;
  pp.root = model.root;
  pp.allow_outside = model.allow_outside;
  if (grammar::needs_preprocessor(text, pp) && grammar::preprocess(text, path, pp, preprocessed, pp_diags)) {
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
  int names = 0;                  // files named so far
  TableBudget tables;             // the samples of function tables left for the files still to come (section 9.7)
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
    // A file the line names: found in the folder, inside the model's folder,
    // and not beyond the number of files a view file may name. "" after a warning.
    auto named = [&](const std::string& file) {
      if (++names > limits::kViewFileNames) {
        file_warning(std::string("more files named than the limit of ") + limits::kViewFileNamesText + " files");
        return std::string();
      }
      const std::string p = in_folder(folder, file);
      if (model.allows(p)) return p;
      file_warning(model.refusal(p));
      return std::string();
    };
    if (key == "angle factor") {
      if (need(1) && nums[0] != 0) view.angle = 360.0 / nums[0];
    } else if (key == "angle increment") {
      if (need(1)) view.angle = nums[0];
    } else if (key == "initial color") {
      if (need(1)) view.colour = view.colour_back = whole(nums[0]);
      if (nums.size() > 1) view.colour_back = whole(nums[1]);
    } else if (key == "color increment") {
      if (need(1)) view.colour_increment = view.colour_increment_back = whole(nums[0]);
      if (nums.size() > 1) view.colour_increment_back = whole(nums[1]);
    } else if (key == "initial line width") {
      if (need(1) && nums[0] < 0) {
        warn(number, "'initial line width:' " + value + ": a width is not negative: ignored");
      } else if (nums.size() >= 1) {
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
      if (need(1)) {
        const int sides = key == "contour sides" ? whole(nums[0]) : whole(std::pow(2.0, std::min(nums[0], 20.0) + 1) + 0.5);
        view.contour_sides = std::clamp(sides, 3, 256);
      }
    } else if (key == "contour") {
      std::istringstream vs(value);
      int id = 0;
      std::string file;
      if (!(vs >> id >> file)) {
        warn(number, "'contour:' needs an id and a file: ignored");
        continue;
      }
      Contour c;
      const std::string p = named(file);
      if (p.empty()) continue;
      if (read_contour_file(p, c, err)) functions.contours[id] = std::move(c);
      else file_warning(err);
    } else if (key == "function") {
      std::istringstream vs(value);
      std::string file;
      int samples = 0;
      vs >> file >> samples;
      SplineFunction f;
      const std::string p = named(file);
      if (samples > limits::kCurveSamples) {
        file_warning(std::to_string(samples) + " samples: more than the limit of " + limits::kCurveSamplesText +
                     " samples");
        functions.functions.emplace_back();  // keep the numbering of the next ones
      } else if (!p.empty() && read_function_file(p, f, err, tables) &&
                 // the view file's sample count (cpfg's old function files)
                 (samples <= 2 || !f.table.empty() || tabulate(f, samples, tables, err))) {
        functions.functions.push_back(std::move(f));
      } else {
        if (!p.empty() && err.rfind(p, 0) != 0) err = p + ": " + err;  // (tabulate's message names no file)
        if (!p.empty()) file_warning(err);
        functions.functions.emplace_back();  // keep the numbering of the next ones
      }
    } else if (key == "function set") {
      std::vector<SplineFunction> set;
      const std::string p = named(trim(value));
      if (p.empty()) continue;
      if (read_function_set(p, set, err, tables)) {
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
      const std::string p = named(file);
      if (p.empty()) continue;
      if (read_curve_file(p, samples, c, err)) functions.curves.push_back(std::move(c));
      else file_warning(err);
    } else if (key == "surface") {
      std::istringstream vs(value);
      std::string id, file;
      double size = 1;
      if (!(vs >> id >> file >> size) || id.size() != 1) {
        warn(number, "'surface:' needs an id (one character), a file and a scale: ignored");
        continue;
      }
      // then the precisions along s and t and the texture id; one number
      // alone is the texture (cpfg's interpret.c); a precision of 0 is the file's
      std::vector<int> more;
      for (int v; more.size() < 3 && vs >> v;) more.push_back(v);
      const int texture = more.size() == 1 ? more[0] : more.size() == 3 ? more[2] : -1;
      CpfgSurface surf;
      const std::string p = named(file);
      if (p.empty()) continue;
      if (read_surface_file(p, size > 0 ? size : 1, surf, err)) {
        if (more.size() >= 2) {  // as cpfg's patches.c: 0 takes the file's S, both clamped to 1...10
          surf.s_precision = std::clamp(more[0] != 0 ? more[0] : surf.s_precision, 1, 10);
          surf.t_precision = std::clamp(more[1] != 0 ? more[1] : surf.s_precision, 1, 10);
        }
        surf.texture = texture < 0 ? -1 : texture;
        view.surfaces[id[0]] = std::move(surf);
      } else {
        file_warning(err);
      }
    } else if (key == "interpretation past %") {
      view.past_cut = lower(value).rfind("off", 0) != 0;
    } else if (key == "twist of cylinders") {
      view.twist_cylinders = lower(value).rfind("on", 0) == 0;
    } else if (key == "tapered lines" || key == "concave polygons" ||
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
      if (++names > limits::kViewFileNames)
        warn(number, std::string("more files named than the limit of ") + limits::kViewFileNamesText + " files: texture " +
                         std::to_string(textures->size()) + " is not drawn");
      else if (!texture_line(value, folder, model, textures->back(), err))
        warn(number, err + ": texture " + std::to_string(textures->size()) + " is not drawn");
    } else if (key == "background scene") {
      auto bg = std::make_shared<CpfgBackground>();
      std::istringstream files(value);
      std::string file;
      while (files >> file) {  // cpfg reads every file the line names
        const std::string p = named(file);
        if (!p.empty() && !read_background_scene(p, model, *bg, err, diags)) warn(number, err + ": not drawn");
      }
      if (!bg->empty()) view.background = std::move(bg);
    } else if (key == "tsurface" || key == "line" || key == "blob" ||
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

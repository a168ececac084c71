// The commands of a cpfg view file, one row each (view_commands.hpp; CPFG
// manual 8.1, docs/language.md 9.2 and 9.5).
#include "interpreter/cpfg/src/view_commands.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <sstream>

#include "common/limits.hpp"
#include "common/numbers.hpp"
#include "common/text.hpp"
#include "interpreter/cpfg/src/model_paths.hpp"

namespace lsd::interp::detail {

// The folder a view file's files must stay in: the model's, else its own.
ViewReader::ViewReader(const std::string& file, const ModelFolder& folder_rules, CpfgView& v, FunctionSet& f,
                       std::vector<grammar::Diagnostic>& d)
    : path(file), folder(folder_of(file)),
      model{folder_rules.root.empty() ? folder : folder_rules.root, folder_rules.allow_outside},
      view(v), functions(f), diags(d) {}

bool ViewReader::need(const ViewLine& l, std::size_t n) {
  if (l.nums.size() >= n) return true;
  warn(l.number, "'" + l.key + ":' needs " + std::to_string(n) + " number" + (n == 1 ? "" : "s") + ": ignored");
  return false;
}

std::string ViewReader::named(const ViewLine& l, const std::string& file) {
  if (++names > limits::kViewFileNames) {
    file_warning(l, std::string("more files named than the limit of ") + limits::kViewFileNamesText + " files");
    return std::string();
  }
  const std::string p = in_folder(folder, file);
  if (model.allows(p)) return p;
  file_warning(l, model.refusal(p));
  return std::string();
}

namespace {

using Eigen::Vector3d;
using text::lower;
using text::trim;

// A whole number of a view file (colour index, sides): C's (int), kept in range.
int whole(double v) { return int(std::clamp(v, -1e9, 1e9)); }

// ---------------------------------------------------------------- the turtle's increments

void angle_factor(ViewReader& r, const ViewLine& l) {
  if (r.need(l, 1) && l.nums[0] != 0) r.view.angle = 360.0 / l.nums[0];
}

void angle_increment(ViewReader& r, const ViewLine& l) {
  if (r.need(l, 1)) r.view.angle = l.nums[0];
}

void initial_color(ViewReader& r, const ViewLine& l) {
  if (r.need(l, 1)) r.view.colour = r.view.colour_back = whole(l.nums[0]);
  if (l.nums.size() > 1) r.view.colour_back = whole(l.nums[1]);
}

void color_increment(ViewReader& r, const ViewLine& l) {
  if (r.need(l, 1)) r.view.colour_increment = r.view.colour_increment_back = whole(l.nums[0]);
  if (l.nums.size() > 1) r.view.colour_increment_back = whole(l.nums[1]);
}

void initial_line_width(ViewReader& r, const ViewLine& l) {
  if (r.need(l, 1) && l.nums[0] < 0) {
    r.warn(l.number, "'initial line width:' " + l.value + ": a width is not negative: ignored");
  } else if (l.nums.size() >= 1) {
    r.view.width = l.nums[0];
    r.view.line_style = CpfgView::LineStyle::kPolygon;  // cpfg: world units, unless "pixels" follows
    std::istringstream vs(l.value);
    std::string w, style;
    vs >> w >> style;
    if (!style.empty() && style[0] == 'p') r.view.line_style = CpfgView::LineStyle::kPixel;
    if (!style.empty() && style[0] == 's') r.view.line_style = CpfgView::LineStyle::kCylinder;
  }
}

void line_width_increment(ViewReader& r, const ViewLine& l) {
  if (r.need(l, 1)) r.view.width_increment = l.nums[0];
}

// As cpfg's ReadViewData: the first word, one of the three names or a digit 1 to 3.
void line_style(ViewReader& r, const ViewLine& l) {
  std::istringstream vs(l.value);
  std::string w;
  vs >> w;
  using Style = CpfgView::LineStyle;
  const int digit = !w.empty() && w[0] >= '1' && w[0] <= '3' ? w[0] - '0' : 0;
  if (w == "pixel" || digit == 1) r.view.line_style = Style::kPixel;
  else if (w == "polygon" || digit == 2) r.view.line_style = Style::kPolygon;
  else if (w == "cylinder" || digit == 3) r.view.line_style = Style::kCylinder;
  else r.warn(l.number, "'line style: " + w + "' is not pixel, polygon or cylinder (1, 2, 3): the line style stays as it was");
}

void initial_scale(ViewReader& r, const ViewLine& l) {
  if (r.need(l, 1) && l.nums[0] != 0) r.view.scale = l.nums[0];
}

void scale_multiplier(ViewReader& r, const ViewLine& l) {
  if (r.need(l, 1) && l.nums[0] != 0) r.view.scale_multiplier = l.nums[0];
}

void contour_sides(ViewReader& r, const ViewLine& l) {
  if (!r.need(l, 1)) return;
  const int sides = l.key == "contour sides" ? whole(l.nums[0]) : whole(std::pow(2.0, std::min(l.nums[0], 20.0) + 1) + 0.5);
  r.view.contour_sides = std::clamp(sides, 3, 256);
}

void interpretation_past_cut(ViewReader& r, const ViewLine& l) { r.view.past_cut = lower(l.value).rfind("off", 0) != 0; }

void twist_of_cylinders(ViewReader& r, const ViewLine& l) {
  r.view.twist_cylinders = lower(l.value).rfind("on", 0) == 0;
}

// ---------------------------------------------------------------- tropisms

void tropism_direction(ViewReader& r, const ViewLine& l) {
  const std::vector<double>& n = l.nums;
  if (r.need(l, 3) && Vector3d(n[0], n[1], n[2]).norm() > 0) r.view.old_tropism = Vector3d(n[0], n[1], n[2]).normalized();
}

void initial_elasticity(ViewReader& r, const ViewLine& l) {
  if (r.need(l, 1)) r.view.elasticity = l.nums[0];
}

void elasticity_increment(ViewReader& r, const ViewLine& l) {
  if (r.need(l, 1)) r.view.elasticity_increment = l.nums[0];
}

// The subcommands of a tropism line, read as cpfg reads them: words split
// at blanks and colons, each known by its first letter (T: x y z, A: a, I: i,
// E: e, S: s), a number at a time, split at blanks, commas and colons. T:
// sets the scale 1/|T|, I: multiplies the scale (so I: before T: gives 0),
// which is kept within [-1, 1]; the direction is T times the scale, so I: 1
// makes it a unit vector only where |T| <= 1. A line without T: has no
// direction (it bends nothing but keeps its number for @Ts). Empty with the
// reason when cpfg drops the line (docs/language.md 9.5).
std::string parse_tropism(const std::string& value, bool torque, CpfgTropism& t) {
  t = CpfgTropism{};
  t.torque = torque;
  t.dir = Vector3d::Zero();
  double scale = 0;
  std::size_t i = 0;
  auto word = [&](const char* seps) {
    i = value.find_first_not_of(seps, i);
    if (i == std::string::npos) return std::string();
    const std::size_t e = std::min(value.find_first_of(seps, i), value.size());
    std::string w = value.substr(i, e - i);
    i = e;
    return w;
  };
  auto num = [&]() {  // as C's atof: the number the word starts with, 0 for none
    const std::string w = word(" ,\t:");
    double x = 0;
    read_c_number(w.data(), w.data() + w.size(), x);
    return x;
  };
  for (std::string w = word(" \t:"); !w.empty(); w = word(" \t:")) {
    switch (w[0]) {
      case 'T': {
        const double x = num(), y = num(), z = num();
        t.dir = Vector3d(x, y, z);
        if (t.dir.squaredNorm() == 0) return "its direction T: is the zero vector";
        scale = 1 / t.dir.norm();
        break;
      }
      case 'I':
        scale *= num();
        if (scale == 0) return "its intensity I: is 0 (or comes before T:)";
        scale = std::clamp(scale, -1.0, 1.0);
        break;
      case 'A': t.angle = num(); break;
      case 'E': t.elasticity = num(); break;
      case 'S': t.step = num(); break;
      default: return "'" + w + "' is not one of its subcommands T: A: I: E: S:";
    }
  }
  t.dir *= scale;
  return {};
}

void tropism(ViewReader& r, const ViewLine& l) {  // also torque:
  CpfgTropism t;
  const std::string why = parse_tropism(l.value, l.key == "torque", t);
  if (!why.empty()) r.warn(l.number, "'" + l.key + ":' is ignored, as cpfg ignores it: " + why);
  else if (r.view.tropisms.size() >= 8) r.warn(l.number, "more than 8 tropisms: this one is ignored");
  else r.view.tropisms.push_back(t);
  if (why.empty() && t.dir.squaredNorm() == 0)
    r.warn(l.number, "'" + l.key + ":' names no direction T: x y z: it bends nothing");
}

// ---------------------------------------------------------------- files it names

void contour(ViewReader& r, const ViewLine& l) {
  std::istringstream vs(l.value);
  int id = 0;
  std::string file, err;
  if (!(vs >> id >> file)) return r.warn(l.number, "'contour:' needs an id and a file: ignored");
  Contour c;
  const std::string p = r.named(l, file);
  if (p.empty()) return;
  if (read_contour_file(p, c, err)) r.functions.contours[id] = std::move(c);
  else r.file_warning(l, err);
}

void function(ViewReader& r, const ViewLine& l) {
  std::istringstream vs(l.value);
  std::string file, err;
  int samples = 0;
  vs >> file >> samples;
  SplineFunction f;
  const std::string p = r.named(l, file);
  if (samples > limits::kCurveSamples) {
    r.file_warning(l, std::to_string(samples) + " samples: more than the limit of " + limits::kCurveSamplesText +
                          " samples");
    r.functions.functions.emplace_back();  // keep the numbering of the next ones
  } else if (!p.empty() && read_function_file(p, f, err, r.tables) &&
             // the view file's sample count (cpfg's old function files)
             (samples <= 2 || !f.table.empty() || tabulate(f, samples, r.tables, err))) {
    r.functions.functions.push_back(std::move(f));
  } else {
    if (!p.empty() && err.rfind(p, 0) != 0) err = p + ": " + err;  // (tabulate's message names no file)
    if (!p.empty()) r.file_warning(l, err);
    r.functions.functions.emplace_back();  // keep the numbering of the next ones
  }
}

void function_set(ViewReader& r, const ViewLine& l) {
  std::vector<SplineFunction> set;
  std::string err;
  const std::string p = r.named(l, trim(l.value));
  if (p.empty()) return;
  if (read_function_set(p, set, err, r.tables)) {
    r.functions.functions = std::move(set);  // cpfg: a set replaces the functions
    r.view.function_set = true;
  } else {
    r.file_warning(l, err);
  }
}

void curve(ViewReader& r, const ViewLine& l) {
  std::istringstream vs(l.value);
  std::string file, err;
  int samples = 100;  // cpfg's default
  vs >> file;
  if (!(vs >> samples)) samples = 100;
  CurveXYZ c;
  const std::string p = r.named(l, file);
  if (p.empty()) return;
  if (read_curve_file(p, samples, c, err)) r.functions.curves.push_back(std::move(c));
  else r.file_warning(l, err);
}

void surface(ViewReader& r, const ViewLine& l) {
  std::istringstream vs(l.value);
  std::string id, file, err;
  double size = 1;
  if (!(vs >> id >> file >> size) || id.size() != 1)
    return r.warn(l.number, "'surface:' needs an id (one character), a file and a scale: ignored");
  // then the precisions along s and t and the texture id; one number
  // alone is the texture (cpfg's interpret.c); a precision of 0 is the file's
  std::vector<int> more;
  for (int v; more.size() < 3 && vs >> v;) more.push_back(v);
  const int texture = more.size() == 1 ? more[0] : more.size() == 3 ? more[2] : -1;
  CpfgSurface surf;
  const std::string p = r.named(l, file);
  if (p.empty()) return;
  if (!read_surface_file(p, size > 0 ? size : 1, surf, err)) return r.file_warning(l, err);
  if (more.size() >= 2) {  // as cpfg's patches.c: 0 takes the file's S, both clamped to 1...10
    surf.s_precision = std::clamp(more[0] != 0 ? more[0] : surf.s_precision, 1, 10);
    surf.t_precision = std::clamp(more[1] != 0 ? more[1] : surf.s_precision, 1, 10);
  }
  surf.texture = texture < 0 ? -1 : texture;
  r.view.surfaces[id[0]] = std::move(surf);
}

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
      double ratio = 0;
      read_c_number(next.data(), next.data() + next.size(), ratio);
      if (ratio > 0 && std::isfinite(ratio)) t.ratio = ratio;
    }
  }
  if (file.empty()) return error = "'texture:' names no file (F: file)", false;
  const std::string path = in_folder(folder, file);
  if (!model.allows(path)) return error = model.refusal(path), false;
  return read_image(path, t, error);
}

void texture(ViewReader& r, const ViewLine& l) {
  std::string err;
  r.textures->emplace_back();
  const std::string which = "texture " + std::to_string(r.textures->size()) + " is not drawn";
  if (++r.names > limits::kViewFileNames)
    r.warn(l.number, std::string("more files named than the limit of ") + limits::kViewFileNamesText + " files: " + which);
  else if (!texture_line(l.value, r.folder, r.model, r.textures->back(), err))
    r.warn(l.number, err + ": " + which);
}

void background_scene(ViewReader& r, const ViewLine& l) {
  auto bg = std::make_shared<CpfgBackground>();
  std::string list = l.value;  // cpfg reads every file the line names, split at blanks, commas and semicolons
  std::replace_if(list.begin(), list.end(), [](char c) { return c == ',' || c == ';'; }, ' ');
  std::istringstream files(list);
  std::string file, err;
  while (files >> file) {
    const std::string p = r.named(l, file);
    if (!p.empty() && !read_background_scene(p, r.model, *bg, err, r.diags)) r.warn(l.number, err + ": not drawn");
  }
  if (!bg->empty()) r.view.background = std::move(bg);
}

// ---------------------------------------------------------------- what lsd leaves to itself or out

// Shading details and interface settings: no effect on lsd's picture.
void no_effect(ViewReader&, const ViewLine&) {}

// The camera and the lights, which lsd chooses itself: one warning for all of them.
void framing(ViewReader& r, const ViewLine& l) {
  if (r.framing.empty()) r.framing_line = l.number;
  r.framing.insert(l.key);
}

// The view volume: lsd frames the plant itself, but cpfg draws without the
// pass that finds the volume, which runs the homomorphism once more.
void box(ViewReader& r, const ViewLine& l) {
  r.view.auto_volume = false;
  framing(r, l);
}

void not_drawn(ViewReader& r, const ViewLine& l) { r.warn(l.number, "lsd does not draw '" + l.key + ":': it is ignored"); }

// ---------------------------------------------------------------- the table

struct ViewCommand {
  const char* name;
  void (*read)(ViewReader&, const ViewLine&);
};

const ViewCommand kViewCommands[] = {
    {"angle factor", angle_factor},
    {"angle increment", angle_increment},
    {"initial color", initial_color},
    {"color increment", color_increment},
    {"initial line width", initial_line_width},
    {"line width increment", line_width_increment},
    {"line style", line_style},
    {"initial scale", initial_scale},
    {"scale multiplier", scale_multiplier},
    {"tropism direction", tropism_direction},
    {"initial elasticity", initial_elasticity},
    {"elasticity increment", elasticity_increment},
    {"tropism", tropism},
    {"torque", tropism},
    {"contour sides", contour_sides},
    {"polygonization level", contour_sides},
    {"contour", contour},
    {"function", function},
    {"function set", function_set},
    {"curve", curve},
    {"surface", surface},
    {"interpretation past %", interpretation_past_cut},
    {"twist of cylinders", twist_of_cylinders},
    {"tapered lines", no_effect},
    {"concave polygons", no_effect},
    {"cue range", no_effect},
    {"interpretation step", no_effect},
    {"environment display", no_effect},
    {"generate on view change", no_effect},
    {"font", no_effect},
    {"winfont", no_effect},
    {"viewpoint", framing},
    {"view reference point", framing},
    {"twist", framing},
    {"projection", framing},
    {"front distance", framing},
    {"back distance", framing},
    {"scale factor", framing},
    {"z buffer", framing},
    {"box", box},
    {"viewing angle", framing},
    {"min zoom", framing},
    {"max zoom", framing},
    {"light", framing},
    {"light direction", framing},
    {"diffuse reflection", framing},
    {"surface ambient", framing},
    {"surface diffuse", framing},
    {"render mode", framing},
    {"shade mode", framing},
    {"shadow map", framing},
    {"antialiasing", framing},
    {"ambient light", framing},
    {"background color", framing},
    {"texture", texture},
    {"background scene", background_scene},
    {"tsurface", not_drawn},
    {"line", not_drawn},
    {"blob", not_drawn},
    {"rayshade objects", not_drawn},
    {"rayshade scale", not_drawn},
};

}  // namespace

bool read_view_command(ViewReader& r, const ViewLine& l) {
  for (const ViewCommand& c : kViewCommands)
    if (l.key == c.name) {
      c.read(r, l);
      return true;
    }
  return false;
}

const std::vector<std::string>& view_command_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const ViewCommand& c : kViewCommands) out.emplace_back(c.name);
    return out;
  }();
  return names;
}

}  // namespace lsd::interp::detail

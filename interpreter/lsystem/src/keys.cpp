// The key tables of the header and of the dynamics: section (keys.hpp).
#include "interpreter/lsystem/keys.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>

#include "interpreter/lsystem/src/compile_ctx.hpp"
#include "grammar/alphabet.hpp"
#include "interpreter/lsystem/string_io.hpp"

namespace lsd::interp {
namespace {

using detail::Ctx;
using grammar::Item;
using grammar::KeySection;
using grammar::KeySpec;
using grammar::ValueKind;

constexpr double kInf = std::numeric_limits<double>::infinity();

// The values a number key accepts.
struct Range {
  double lo = -kInf, hi = kInf;
  bool lo_open = false, hi_open = false;  // open: the bound itself is refused
  bool whole = false;                     // whole numbers only
};

std::string number_text(double v) {
  if (v == double(limits::kDerivationSteps)) return limits::kDerivationStepsText;
  return format_double(v);
}

// "greater than 0", "at least 0", "a whole number from 0 to 10^9", ...
std::string describe(const Range& r) {
  std::string s = r.whole ? "a whole number " : "";
  const bool lo = r.lo > -kInf, hi = r.hi < kInf;
  if (lo && hi && !r.lo_open && !r.hi_open) return s + "from " + number_text(r.lo) + " to " + number_text(r.hi);
  if (lo) s += (r.lo_open ? "greater than " : "at least ") + number_text(r.lo);
  if (lo && hi) s += " and ";
  if (hi) s += (r.hi_open ? "less than " : "at most ") + number_text(r.hi);
  return s;
}

bool in_range(double x, const Range& r) {
  if (r.lo_open ? !(x > r.lo) : !(x >= r.lo)) return false;
  if (r.hi_open ? !(x < r.hi) : !(x <= r.hi)) return false;
  return !r.whole || x == std::floor(x);
}

// Where a key's value goes.
struct Target {
  RuleSet& rules;
  RunSettings& settings;  // rules.dynamics.file
  detail::HeaderState* header;
};

struct KeyRow;
using Handler = void (*)(const Ctx&, const Item&, const KeyRow&, Target&);
using Merge = void (*)(const RunSettings& old_file, const RunSettings& new_file, RunSettings& live);

struct KeyRow {
  KeySpec spec;                               // name, how the value is read
  Handler compile;                            // checks the value and stores it
  Range range = {};                           // of a number
  double RuleSet::* header_field = nullptr;   // a plain number of the header
  double RunSettings::* field = nullptr;      // a plain number of dynamics:
  const char* default_text = nullptr;         // the default, when no field says it
  Merge merge = nullptr;                      // dynamics: take the file's edit (fields merge by themselves)
  bool repeatable = false;                    // may be given more than once
};

// ---------------------------------------------------------------- values

// The one value of a key, read as a constant number within the row's range.
bool one_number(const Ctx& c, const Item& it, const KeyRow& row, double& v) {
  if (!it.exprs_ok) return false;
  if (it.exprs.size() != 1) {
    c.error(it.value_pos, "'" + it.key + ":' takes one value");
    return false;
  }
  double x;
  if (!c.constant(it.exprs[0], x, it.key)) return false;
  if (!in_range(x, row.range)) {
    c.error(it.exprs[0].pos, "'" + it.key + ":' must be " + describe(row.range));
    return false;
  }
  v = x;
  return true;
}

// n constant numbers (a vector), or one for keys that also take a magnitude.
bool numbers(const Ctx& c, const Item& it, int n, double* out, const char* how) {
  if (!it.exprs_ok) return false;
  if (int(it.exprs.size()) != n) {
    c.error(it.value_pos, "'" + it.key + ":' takes " + how);
    return false;
  }
  bool ok = true;
  for (int k = 0; k < n; ++k) ok = c.constant(it.exprs[std::size_t(k)], out[k], it.key) && ok;
  return ok;
}

// One of a few words.
bool word(const Ctx& c, const Item& it, std::initializer_list<const char*> words, int& which) {
  int k = 0;
  std::string list;
  for (const char* w : words) {
    if (it.value == w) {
      which = k;
      return true;
    }
    list += (k == 0 ? "'" : k + 1 == int(words.size()) ? " or '" : ", '") + std::string(w) + "'";
    ++k;
  }
  c.error(it.value_pos, it.key + " must be " + list + ", not '" + it.value + "'");
  return false;
}

// ---------------------------------------------------------------- handlers

void plain_number(const Ctx& c, const Item& it, const KeyRow& row, Target& t) {
  double v;
  if (!one_number(c, it, row, v)) return;
  if (row.header_field) t.rules.*row.header_field = v;
  if (row.field) t.settings.*row.field = v;
}

void derivation_length(const Ctx& c, const Item& it, const KeyRow& row, Target& t) {
  double v;
  if (one_number(c, it, row, v)) t.rules.derivation_length = int(v);
}

void seed(const Ctx& c, const Item& it, const KeyRow& row, Target& t) {
  double v;
  if (!one_number(c, it, row, v)) return;
  t.rules.stochastic = true;
  t.rules.seed = std::uint64_t(std::llround(std::fabs(v)));
  t.rules.cpfg_seed = cpfg_int(v);
}

// random: lsd | cpfg (docs/language.md 4.7, 9.3)
void random_kind(const Ctx& c, const Item& it, const KeyRow&, Target& t) {
  int k;
  if (word(c, it, {"lsd", "cpfg"}, k)) t.rules.cpfg_random = k == 1;
}

// parameters: float | double (docs/language.md 9.3): cpfg's 32-bit parameters, .l files only
void parameters(const Ctx& c, const Item& it, const KeyRow&, Target& t) {
  int k;
  if (!word(c, it, {"float", "double"}, k)) return;
  if (k == 0 && !t.rules.cpfg) {
    c.error(it.value_pos, "32-bit parameters are cpfg's: only a .l file may ask for 'parameters: float'");
    return;
  }
  t.rules.float_params = k == 0;
}

void tropism(const Ctx& c, const Item& it, const KeyRow&, Target& t) {
  t.rules.has_tropism = numbers(c, it, 4, t.rules.tropism, "four values: tx ty tz e");
}

void nothing(const Ctx&, const Item&, const KeyRow&, Target&) {}

void axiom(const Ctx&, const Item& it, const KeyRow&, Target& t) { t.header->axiom = &it; }

void ignore(const Ctx& c, const Item& it, const KeyRow&, Target& t) {
  if (it.modules_ok) c.symbols_of(it.modules, t.header->ignore);
}

void consider(const Ctx& c, const Item& it, const KeyRow&, Target& t) {
  t.header->has_consider = true;
  if (it.modules_ok) c.symbols_of(it.modules, t.header->consider);
}

// cpfg's blocks of statements and its array declarations (CPFG manual 2.2.2,
// 4.1): compiled with the productions, which may use their variables.
void start_block(const Ctx&, const Item& it, const KeyRow&, Target& t) { t.header->start = &it; }
void end_block(const Ctx&, const Item& it, const KeyRow&, Target& t) { t.header->end = &it; }
void start_each_block(const Ctx&, const Item& it, const KeyRow&, Target& t) { t.header->start_each = &it; }
void end_each_block(const Ctx&, const Item& it, const KeyRow&, Target& t) { t.header->end_each = &it; }
void define_block(const Ctx&, const Item& it, const KeyRow&, Target& t) { t.header->define = &it; }

void symbol(const Ctx& c, const Item& it, SymbolId& out) {
  SymbolId id;
  if (!c.rs.symbols.find(it.value, id)) {
    c.error(it.value_pos, "'" + it.value + "' is not a module symbol");
    return;
  }
  out = id;
}
void body(const Ctx& c, const Item& it, const KeyRow&, Target& t) { symbol(c, it, t.rules.dynamics.body); }

// joints: auto | written (docs/language.md 7.8)
void joints(const Ctx& c, const Item& it, const KeyRow&, Target& t) {
  int k;
  if (word(c, it, {"written", "auto"}, k)) t.rules.dynamics.auto_joints = k == 1;
}
void joint(const Ctx& c, const Item& it, const KeyRow&, Target& t) { symbol(c, it, t.rules.dynamics.joint); }
// rod: S, curvature: K, element: helix | clothoid (docs/language.md 7.9)
void rod(const Ctx& c, const Item& it, const KeyRow&, Target& t) { symbol(c, it, t.rules.dynamics.rod); }
void curvature(const Ctx& c, const Item& it, const KeyRow&, Target& t) { symbol(c, it, t.rules.dynamics.curvature); }
void element(const Ctx& c, const Item& it, const KeyRow&, Target& t) {
  int k;
  if (word(c, it, {"helix", "clothoid"}, k)) t.rules.dynamics.clothoid = k == 1;
}

// springs: thesis | second order (docs/language.md 7.2, docs/dynamics.md "Rigid chains: second order")
void springs(const Ctx& c, const Item& it, const KeyRow&, Target& t) {
  int k;
  if (word(c, it, {"thesis", "second order"}, k)) t.settings.second_order_springs = k == 1;
}

void gravity(const Ctx& c, const Item& it, const KeyRow&, Target& t) {
  double v[3];
  if (it.exprs_ok && it.exprs.size() == 1) {  // a magnitude along -y
    if (c.constant(it.exprs[0], v[0], it.key)) t.settings.gravity = Vec3(0, -v[0], 0);
    return;
  }
  if (numbers(c, it, 3, v, "one value or three (x, y, z)")) t.settings.gravity = Vec3(v[0], v[1], v[2]);
}

void wind(const Ctx& c, const Item& it, const KeyRow&, Target& t) {
  double v[3];
  if (numbers(c, it, 3, v, "three values (x, y, z)")) t.settings.wind = Vec3(v[0], v[1], v[2]);
}

void damping_ratio(const Ctx& c, const Item& it, const KeyRow& row, Target& t) {
  if (one_number(c, it, row, t.settings.damping_ratio)) t.settings.use_damping_ratio = true;
}

void damping(const Ctx& c, const Item& it, const KeyRow& row, Target& t) {
  if (one_number(c, it, row, t.settings.damping)) t.settings.use_damping_ratio = false;
}

void base(const Ctx& c, const Item& it, const KeyRow&, Target& t) {
  int k;
  if (word(c, it, {"fixed", "floating"}, k)) t.settings.floating_base = k == 1;
}

// A position or size of an obstacle: finite; a radius also positive.
bool obstacle_numbers(const Ctx& c, const Item& it, int lo, int hi, double* out, const char* how, int radius) {
  if (!it.exprs_ok) return false;
  const int n = int(it.exprs.size());
  if (n < lo || n > hi) {
    c.error(it.value_pos, "'" + it.key + ":' takes " + how);
    return false;
  }
  for (int k = 0; k < n; ++k) {
    const grammar::Expr& e = it.exprs[std::size_t(k)];
    if (!c.constant(e, out[k], it.key)) return false;
    if (!std::isfinite(out[k])) {
      c.error(e.pos, "'" + it.key + ":' needs finite numbers");
      return false;
    }
    if (k == radius && !(out[k] > 0)) {
      c.error(e.pos, "'" + it.key + ":' needs a radius greater than 0");
      return false;
    }
  }
  return true;
}

// The obstacles, one handler per key (docs/language.md 7.2, "Contact and ties").
// ground: y
void ground(const Ctx& c, const Item& it, const KeyRow&, Target& t) {
  double v[1] = {};
  if (obstacle_numbers(c, it, 1, 1, v, "one value: the ground's height y", -1))
    t.settings.obstacles.push_back({ObstacleKind::kGround, Vec3(0, v[0], 0)});
}

// pole: x z radius [top]
void pole(const Ctx& c, const Item& it, const KeyRow&, Target& t) {
  double v[4] = {};
  if (!obstacle_numbers(c, it, 3, 4, v, "three or four values: x z radius [top height]", 2)) return;
  Obstacle o{ObstacleKind::kPole, Vec3(v[0], 0, v[1]), v[2]};
  if (it.exprs.size() == 4) o.top = v[3];
  t.settings.obstacles.push_back(o);
}

// sphere: x y z radius
void sphere(const Ctx& c, const Item& it, const KeyRow&, Target& t) {
  double v[4] = {};
  if (obstacle_numbers(c, it, 4, 4, v, "four values: x y z radius", 3))
    t.settings.obstacles.push_back({ObstacleKind::kSphere, Vec3(v[0], v[1], v[2]), v[3]});
}

// ring: x y z radius [hx hy hz] (its axis, default vertical)
void ring(const Ctx& c, const Item& it, const KeyRow&, Target& t) {
  double v[7] = {};
  if (!obstacle_numbers(c, it, 4, 7, v, "four or seven values: x y z radius [axis hx hy hz]", 3)) return;
  if (it.exprs.size() != 4 && it.exprs.size() != 7) {
    c.error(it.value_pos, "'ring:' takes four or seven values: x y z radius [axis hx hy hz]");
    return;
  }
  Obstacle o{ObstacleKind::kRing, Vec3(v[0], v[1], v[2]), v[3]};
  if (it.exprs.size() == 7) {
    const Vec3 axis(v[4], v[5], v[6]);
    if (!(axis.norm() > 0)) {
      c.error(it.exprs[4].pos, "'ring:' needs an axis of nonzero length");
      return;
    }
    o.axis = axis.normalized();
  }
  t.settings.obstacles.push_back(o);
}

void contact_damping(const Ctx& c, const Item& it, const KeyRow& row, Target& t) {
  one_number(c, it, row, t.settings.contact_damping);
}

void self_contact(const Ctx& c, const Item& it, const KeyRow&, Target& t) {
  int k;
  if (word(c, it, {"off", "on"}, k)) t.settings.self_contact = k == 1;
}

// dissipation: d takes generalized-alpha's rho_inf = 1 - d.
void dissipation(const Ctx& c, const Item& it, const KeyRow& row, Target& t) {
  double v;
  if (one_number(c, it, row, v)) t.settings.rho_inf = 1 - v;
}

void integrator(const Ctx& c, const Item& it, const KeyRow&, Target& t) {
  if (!integrator_from_name(it.value, t.settings.integrator))
    c.error(it.value_pos, "integrator must be " + integrator_names() + ", not '" + it.value + "'");
}

// ---------------------------------------------------------------- merging edits

template <auto... Fields>
void merge(const RunSettings& old_file, const RunSettings& new_file, RunSettings& live) {
  const bool changed = (!(old_file.*Fields == new_file.*Fields) || ...);
  if (changed) ((live.*Fields = new_file.*Fields), ...);
}

// ---------------------------------------------------------------- the tables

constexpr Range kAny{};
constexpr Range kPositive{0, kInf, true};
constexpr Range kNonNegative{0, kInf};

const KeyRow kHeader[] = {
    {{"lsystem", ValueKind::kText, true}, nothing, {}, nullptr, nullptr, "none"},
    {{"derivation length"}, derivation_length, {0, double(limits::kDerivationSteps), false, false, true},
     nullptr, nullptr, "1"},
    {{"angle"}, plain_number, kAny, &RuleSet::angle},
    {{"step"}, plain_number, kAny, &RuleSet::step},
    {{"width"}, plain_number, kAny, &RuleSet::width},
    {{"seed"}, seed, kAny, nullptr, nullptr, "none (deterministic)"},
    {{"random", ValueKind::kText}, random_kind, {}, nullptr, nullptr, "lsd (.l files: cpfg)"},
    {{"parameters", ValueKind::kText}, parameters, {}, nullptr, nullptr, "double (.l files: float)"},
    {{"ignore", ValueKind::kModules, true}, ignore, {}, nullptr, nullptr, "nothing"},
    {{"consider", ValueKind::kModules, true}, consider, {}, nullptr, nullptr, "every symbol"},
    {{"module", ValueKind::kText}, nothing, {}, nullptr, nullptr, "none", nullptr, true},  // declare_modules
    {{"tropism", ValueKind::kExprs}, tropism, {}, nullptr, nullptr, "none"},
    {{"axiom", ValueKind::kModules}, axiom, {}, nullptr, nullptr, "required"},
    // cpfg's (CPFG manual 2.2.2 and 4.1); both spellings of the two-word blocks
    {{"start", ValueKind::kBlock}, start_block, {}, nullptr, nullptr, "none"},
    {{"end", ValueKind::kBlock}, end_block, {}, nullptr, nullptr, "none"},
    {{"starteach", ValueKind::kBlock}, start_each_block, {}, nullptr, nullptr, "none"},
    {{"start each", ValueKind::kBlock}, start_each_block, {}, nullptr, nullptr, "none"},
    {{"endeach", ValueKind::kBlock}, end_each_block, {}, nullptr, nullptr, "none"},
    {{"end each", ValueKind::kBlock}, end_each_block, {}, nullptr, nullptr, "none"},
    {{"define", ValueKind::kDefines}, define_block, {}, nullptr, nullptr, "none"},
};

const KeyRow kDynamics[] = {
    {{"body", ValueKind::kText}, body, {}, nullptr, nullptr, "B"},
    {{"joint", ValueKind::kText}, joint, {}, nullptr, nullptr, "J"},
    {{"joints", ValueKind::kText}, joints, {}, nullptr, nullptr, "written"},
    {{"rod", ValueKind::kText}, rod, {}, nullptr, nullptr, "S"},
    {{"curvature", ValueKind::kText}, curvature, {}, nullptr, nullptr, "K"},
    {{"element", ValueKind::kText}, element, {}, nullptr, nullptr, "helix"},
    {{"turtle unit"}, plain_number, kPositive, nullptr, &RunSettings::turtle_unit, "1 (joints: auto: 0.01)"},
    {{"gravity", ValueKind::kExprs}, gravity, {}, nullptr, nullptr, "9.81 (along -y)", merge<&RunSettings::gravity>},
    {{"density"}, plain_number, kPositive, nullptr, &RunSettings::density},
    {{"young"}, plain_number, kNonNegative, nullptr, &RunSettings::young},
    {{"poisson"}, plain_number, {-1, 0.5, true, true}, nullptr, &RunSettings::poisson},
    {{"damping ratio"}, damping_ratio, kNonNegative, nullptr, nullptr, "0.1",
     merge<&RunSettings::damping_ratio, &RunSettings::use_damping_ratio>},
    {{"damping"}, damping, kNonNegative, nullptr, nullptr, "none (damping ratio: 0.1)",
     merge<&RunSettings::damping, &RunSettings::use_damping_ratio>},
    {{"wind", ValueKind::kExprs}, wind, {}, nullptr, nullptr, "0 0 0", merge<&RunSettings::wind>},
    {{"drag"}, plain_number, kNonNegative, nullptr, &RunSettings::drag},
    {{"base", ValueKind::kText}, base, {}, nullptr, nullptr, "fixed", merge<&RunSettings::floating_base>},
    {{"dt"}, plain_number, kPositive, nullptr, &RunSettings::dt},
    {{"grow every"}, plain_number, kNonNegative, nullptr, &RunSettings::grow_every},
    {{"integrator", ValueKind::kText}, integrator, {}, nullptr, nullptr, integrator_name(RunSettings{}.integrator),
     merge<&RunSettings::integrator>},
    {{"dissipation"}, dissipation, {0, 1}, nullptr, nullptr, "0.5", merge<&RunSettings::rho_inf>},
    {{"stiffness damping"}, plain_number, kNonNegative, nullptr, &RunSettings::stiffness_damping},
    {{"springs", ValueKind::kText}, springs, {}, nullptr, nullptr, "thesis (joints: auto: second order)",
     merge<&RunSettings::second_order_springs>},
    {{"max turn"}, plain_number, kNonNegative, nullptr, &RunSettings::max_turn},
    {{"tolerance"}, plain_number, kNonNegative, nullptr, &RunSettings::tolerance},
    {{"ground", ValueKind::kExprs}, ground, {}, nullptr, nullptr, "none", merge<&RunSettings::obstacles>},
    {{"pole", ValueKind::kExprs}, pole, {}, nullptr, nullptr, "none", merge<&RunSettings::obstacles>, true},
    {{"sphere", ValueKind::kExprs}, sphere, {}, nullptr, nullptr, "none", merge<&RunSettings::obstacles>, true},
    {{"ring", ValueKind::kExprs}, ring, {}, nullptr, nullptr, "none", merge<&RunSettings::obstacles>, true},
    {{"contact stiffness"}, plain_number, kNonNegative, nullptr, &RunSettings::contact_stiffness},
    {{"contact damping"}, contact_damping, kNonNegative, nullptr, nullptr,
     "critical for the touching body's mass", merge<&RunSettings::contact_damping>},
    {{"friction"}, plain_number, kNonNegative, nullptr, &RunSettings::friction},
    {{"self contact", ValueKind::kText}, self_contact, {}, nullptr, nullptr, "off", merge<&RunSettings::self_contact>},
    {{"tie stiffness"}, plain_number, kNonNegative, nullptr, &RunSettings::tie_stiffness},
    {{"fuse after"}, plain_number, kPositive, nullptr, &RunSettings::fuse_after, "off"},
};

std::span<const KeyRow> table(KeySection s) {
  if (s == KeySection::kHeader) return kHeader;
  return kDynamics;
}

const KeyRow* find_row(KeySection s, std::string_view name) {
  for (const KeyRow& r : table(s))
    if (name == r.spec.name) return &r;
  return nullptr;
}

// Runs the handlers of a section's items in file order; a key given twice
// (and not repeatable) is an error.
void compile_items(const Ctx& c, KeySection s, const std::vector<Item>& items, Target& t,
                   std::map<std::string, grammar::Pos>* written) {
  std::map<std::string, grammar::Pos> seen;
  for (const Item& it : items) {
    const KeyRow* row = find_row(s, it.key);
    if (!row) continue;  // the parser reported it
    if (!row->repeatable && !seen.emplace(it.key, it.pos).second) {
      c.error(it.pos, "'" + it.key + ":' is given twice");
      continue;
    }
    row->compile(c, it, *row, t);
  }
  if (written) *written = std::move(seen);
}

}  // namespace

const grammar::KeySpec* find_key(KeySection section, std::string_view name) {
  const KeyRow* r = find_row(section, name);
  return r ? &r->spec : nullptr;
}

std::vector<std::string> key_names(KeySection section) {
  std::vector<std::string> out;
  for (const KeyRow& r : table(section)) out.emplace_back(r.spec.name);
  return out;
}

void merge_file_changes(const RunSettings& old_file, const RunSettings& new_file, RunSettings& live) {
  for (const KeyRow& r : kDynamics) {
    if (r.field && old_file.*r.field != new_file.*r.field) live.*r.field = new_file.*r.field;
    if (r.merge) r.merge(old_file, new_file, live);
  }
}

namespace detail {

void declare_modules(const Ctx& c, const grammar::FileAst& file, RuleSet& out) {
  for (const Item& it : file.header) {
    if (it.key != "module") continue;
    const std::string& v = it.value;
    std::size_t k = 0;
    while (k < v.size()) {
      while (k < v.size() && (v[k] == ' ' || v[k] == ',')) ++k;
      std::size_t s = k;
      while (k < v.size() && v[k] != ' ' && v[k] != ',') ++k;
      if (k == s) break;
      std::string name = v.substr(s, k - s);
      grammar::Pos p = it.value_pos;
      p.col += int(s);
      bool ok = grammar::is_name_start(name[0]) && name.size() >= 2;
      for (char ch : name) ok = ok && grammar::is_name_char(ch);
      if (!ok) {
        c.error(p, "'" + name + "' is not a module name (a letter, then letters, digits or '_', at least two characters)");
        continue;
      }
      out.symbols.declare(name);
    }
  }
}

void compile_header(const Ctx& c, const grammar::FileAst& file, RuleSet& out, HeaderState& st) {
  Target t{out, out.dynamics.file, &st};
  compile_items(c, KeySection::kHeader, file.header, t, nullptr);
}

void apply_sway_defaults(RunSettings& s, const std::map<std::string, grammar::Pos>& written) {
  auto unless = [&](const char* key, double RunSettings::* field, double value) {
    if (!written.count(key)) s.*field = value;
  };
  unless("turtle unit", &RunSettings::turtle_unit, kSwayDefaults.turtle_unit);
  unless("young", &RunSettings::young, kSwayDefaults.young);
  unless("density", &RunSettings::density, kSwayDefaults.density);
  unless("drag", &RunSettings::drag, kSwayDefaults.drag);
  if (!written.count("damping") && !written.count("damping ratio")) s.damping_ratio = kSwayDefaults.damping_ratio;
  if (!written.count("springs")) s.second_order_springs = true;  // plants built from their drawing
}

void compile_dynamics(const Ctx& c, const grammar::FileAst& file, RuleSet& out, bool sway) {
  DynamicsSpec& d = out.dynamics;
  d.enabled = file.has_dynamics;
  d.pos = file.dynamics_pos;
  if (!file.has_dynamics && sway) return sway_section(c, file, out);
  Target t{out, d.file, nullptr};
  compile_items(c, KeySection::kDynamics, file.dynamics, t, &d.written);
  if (d.written.count("damping") && d.written.count("damping ratio"))
    c.error(d.written.at("damping"), "give either 'damping:' or 'damping ratio:', not both");
  if (d.enabled && d.body == d.joint) c.error(d.pos, "the body and joint symbols must differ");
  const SymbolId rod_symbols[4] = {d.body, d.joint, d.rod, d.curvature};
  bool clash = false;
  for (int a = 0; a < 4; ++a)
    for (int b = std::max(a + 1, 2); b < 4; ++b) clash = clash || rod_symbols[a] == rod_symbols[b];
  if (d.enabled && clash) c.error(d.pos, "the body, joint, rod and curvature symbols must differ");
  // fuse after: times self contacts (docs/language.md 7.2): without them it
  // has nothing to time, and the model would run as if it were not there.
  if (d.written.count("fuse after") && !d.file.self_contact)
    c.warning(d.written.at("fuse after"), "'fuse after' has no effect without 'self contact: on'");
  if (d.enabled && d.auto_joints) apply_sway_defaults(d.file, d.written);
  // A body is a drawn segment F or a symbol of its own, not one of the turtle's other modules.
  const std::string_view turtle = out.cpfg ? "fGg+-&^\\/|$[]!;,{.}~%#" : "f+-&^\\/|$[]!;,{.}%";
  const bool turtle_symbol =
      d.body < 128 ? turtle.find(char(d.body)) != std::string_view::npos : d.body < kFirstUserSymbol;
  if (d.enabled && turtle_symbol && d.written.count("body"))
    c.error(d.written.at("body"), "'body: " + out.symbols.name(d.body) + "' names a module the turtle uses for "
                                  "something else: a body is F (a drawn segment) or a symbol of the model's own");
}

}  // namespace detail
}  // namespace lsd::interp

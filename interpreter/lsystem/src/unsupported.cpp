// What lsd leaves out of cpfg (docs/language.md 9.5): the functions it does
// not run and the modules its turtle does not draw, each one warning.
#include "interpreter/lsystem/unsupported.hpp"

#include <cmath>
#include <cstdio>
#include <map>
#include <set>

namespace lsd::interp {
namespace {

// cpfg functions that lsd does not run: file input and output, the
// environment's blobs, sound, the view volume, derivation-length changes. A
// call gives 0, with a warning where it is compiled.
constexpr const char* kUnsupported[] = {
    "fopen", "fclose", "fflush", "fprintf", "fscanf", "inblob", "play", "vvXmin", "vvXmax", "vvYmin",
    "vvymax", "vvYmax", "vvZmin", "vvZmax", "vvScale", "Display", "SetDerivationLength", "GetDerivationLength",
};

}  // namespace

bool cpfg_function_unsupported(std::string_view name) {
  for (const char* u : kUnsupported)
    if (name == u) return true;
  return false;
}

// What lsd's turtle does not draw of cpfg's modules (CPFG manual 6): one
// warning per module, where it is first written, that says what is ignored.
void warn_cpfg_unsupported(const RuleSet& rs, grammar::Pos axiom_pos, bool environment,
                           std::vector<grammar::Diagnostic>& diags) {
  auto warning = [&](grammar::Pos p, std::string m) { diags.push_back({rs.path, p, std::move(m), true}); };
  static const std::map<SymbolId, const char*> kIgnored = {
      {kSymLabel, "labels (@L) are not drawn"},
      {kSymSystem, "system calls (@S) are not run"},
      {kSymRayObject, "rayshade modules (@I @J @mo @mc) are ignored"}, {kSymRayGrid, nullptr},
      {kSymRayNewObject, nullptr}, {kSymCondCut, nullptr},
      {kSymPatchInit, "L-system defined surfaces (@PS @PC @PD) are not drawn"}, {kSymPatchPoint, nullptr},
      {kSymPatchDraw, nullptr},
      {kSymQueryE, "?E is answered by an environment program only, and this model names none (-e file.e in "
                   "its folder's specifications): ?E keeps its parameters"},
      {kSymQueryQ, "?Q is not filled: it keeps its parameters"},
      {kSymCircleBoundScreen, "bounded circles (@bo @bc) are not drawn"}, {kSymCircleBound, nullptr},
      {kSymBackColour, "back-side colours (@; @,) are ignored: both sides take the front colour"},
      {kSymBackColourDown, nullptr},
  };
  std::map<const char*, grammar::Pos> first;  // message -> where first written
  std::vector<const char*> order;
  auto see = [&](SymbolId sym, grammar::Pos pos) {
    auto it = kIgnored.find(sym);
    if (it == kIgnored.end() || (sym == kSymQueryE && environment)) return;
    while (!it->second) --it;  // a family shares the message of its first member
    if (first.emplace(it->second, pos).second) order.push_back(it->second);
  };
  // Generalized cylinders (@# @! @Gc @Ge): a constant that lsd cannot use as
  // written, once per module and value (computed ones are clamped silently).
  std::set<std::pair<SymbolId, double>> told;
  auto check = [&](SymbolId sym, int np, double v, grammar::Pos pos) {
    if (np < 1 || !told.emplace(sym, v).second) return;
    char buf[64];
    std::snprintf(buf, sizeof buf, "%g", v);
    if (sym == kSymGcContour && v != 0 && !rs.functions.contours.count(int(v)))
      warning(pos, std::string("@#(") + buf + "): the view file defines no contour " + buf +
                         " (contour: id file): generalized cylinders take the circle, as in cpfg");
    else if ((sym == kSymGcPoint || sym == kSymGcEnd) && !(v <= 256))
      warning(pos, std::string(sym == kSymGcPoint ? "@Gc(" : "@Ge(") + buf +
                         "): at most 256 strips are drawn between two control points");
    else if (sym == kSymTexture && v != 0 &&
             !(v >= 1 && rs.view.textures && v <= double(rs.view.textures->size()) &&
               (*rs.view.textures)[std::size_t(v) - 1].width > 0))
      warning(pos, std::string("@Tx(") + buf + "): the view file defines no texture " + buf +
                         " that lsd could read (texture: F: file): texturing is off, as in cpfg");
    else if (sym == kSymGcSides && !(v <= 256))
      warning(pos, std::string("@!(") + buf + "): at most 256 sides are drawn around a generalized cylinder");
    else if (sym == '{' && v != 0 && !(v >= 1 && v < 5))
      warning(pos, std::string("{(") + buf + "): the curve types of generalized cylinders are 1 to 4 (0 a polygon): "
                         "this { is ignored, as in cpfg");
    else if (sym == '.' && !(v <= 256))
      warning(pos, std::string(".(") + buf + "): at most 256 strips are drawn between two control points");
  };
  // Curves of generalized cylinders in one module list: a constant }(type)
  // after a constant {(other type) at the same branch depth. `curve` holds
  // the type of the curve on at each depth: 0 none, NaN one of a computed type.
  // np < 0: a first parameter that is not a constant.
  std::vector<double> curve;
  auto follow = [&](SymbolId sym, int np, double v, grammar::Pos pos) {
    if (curve.empty()) curve.push_back(0);
    double& on = curve.back();
    const bool typed = np < 0 || (np > 0 && v != 0);  // {(0), {, }(0) and } are polygons
    if (sym == '[') {
      curve.push_back(double(on));
    } else if (sym == ']') {
      if (curve.size() > 1) curve.pop_back();
    } else if (sym == kSymGcStart) {
      on = 1;
    } else if (sym == kSymGcEnd) {
      on = 0;
    } else if (sym == '{' && typed) {
      if (np < 0) on = std::nan("");
      else if (v >= 1 && v < 5) on = std::floor(v);  // other types are ignored (check warns)
    } else if (sym == '}' && typed) {
      if (np > 0 && on >= 1 && std::floor(v) != on) {
        char buf[64], begun[64];
        std::snprintf(buf, sizeof buf, "%g", v);
        std::snprintf(begun, sizeof begun, "%g", on);
        warning(pos, std::string("}(") + buf + ") ends the curve of {(" + begun +
                           "): as cpfg, lsd ignores the type of } and ends the curve as {(" + begun + ") began it");
      }
      on = 0;
    }
  };
  for (std::size_t i = 0; i < rs.axiom.size(); ++i) {
    see(rs.axiom.sym[i], axiom_pos);
    const int np = int(rs.axiom.param_begin[i + 1] - rs.axiom.param_begin[i]);
    const double v = np > 0 ? rs.axiom.params[rs.axiom.param_begin[i]] : 0;
    check(rs.axiom.sym[i], np, v, axiom_pos);
    follow(rs.axiom.sym[i], np, v, axiom_pos);
  }
  auto see_succ = [&](const SuccessorModule& m) {
    see(m.sym, m.pos);
    const bool constant = !m.params.empty() && m.params[0].is_constant;
    if (constant) check(m.sym, 1, m.params[0].value, m.pos);
    follow(m.sym, m.params.empty() ? 0 : constant ? 1 : -1, constant ? m.params[0].value : 0, m.pos);
  };
  curve.clear();
  for (const SuccessorModule& m : rs.axiom_succ) see_succ(m);
  for (const ProductionGroup* g : {&rs.main, &rs.decomposition, &rs.homomorphism})
    for (const Production& p : g->prods) {
      curve.clear();
      for (const SuccessorModule& m : p.succ) see_succ(m);
    }
  for (const char* m : order) warning(first[m], m);
}

}  // namespace lsd::interp

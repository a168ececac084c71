#include "interpreter/living/src/grafts.hpp"
#include "interpreter/living/src/spring_axes.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>

#include "interpreter/growth/origins.hpp"

namespace lsd::interp {
namespace {

std::string mark_text(const RuleSet& rules, const ModuleString& s, const GraftMark& m) {
  return "'" + rules.symbols.name(s.sym[m.module]) + "' at module " + std::to_string(m.module);
}

std::string id_text(double id) {
  std::string t = std::to_string(id);
  t.erase(t.find_last_not_of('0') + 1);
  if (!t.empty() && t.back() == '.') t.pop_back();
  return t;
}

}  // namespace

bool pair_grafts(const RuleSet& rules, const ModuleString& s, const std::vector<GraftMark>& marks,
                 const ModuleLocator& locate, LivingModel& lm, std::vector<grammar::Diagnostic>& diags) {
  std::map<double, std::vector<std::size_t>> by_id;  // in string order
  for (std::size_t k = 0; k < marks.size(); ++k) by_id[marks[k].id].push_back(k);
  bool ok = true;
  const auto error = [&](std::string msg, const GraftMark& at) {  // placed where its first module was written
    diags.push_back(module_diagnostic(rules, s, at.module, locate, std::move(msg)));
    ok = false;
  };
  // Pairs in the order of their first modules in the string.
  std::vector<std::pair<std::size_t, std::size_t>> pairs;
  for (const auto& [id, ks] : by_id) {
    const GraftMark& m = marks[ks[0]];
    if (ks.size() == 1) continue;  // waits, inert, until its partner is written (docs/language.md 7.2)
    if (ks.size() > 2) {
      error("the graft id " + id_text(id) + " is used " + std::to_string(ks.size()) + " times (modules " +
            std::to_string(m.module) + ", " + std::to_string(marks[ks[1]].module) + ", " +
            std::to_string(marks[ks[2]].module) + (ks.size() > 3 ? ", ..." : "") +
            "): a graft joins exactly two modules", m);
      continue;
    }
    const GraftMark& n = marks[ks[1]];
    if (m.weld != n.weld) {
      error("the graft id " + id_text(id) + " pairs " + mark_text(rules, s, m) + " with " + mark_text(rules, s, n) +
            ": both must be @Graft or both @Weld", m);
      continue;
    }
    const std::vector<int>& parent = lm.model.parent;
    if (m.body == n.body) {
      error("the graft " + mark_text(rules, s, m) + " and its partner at module " + std::to_string(n.module) +
            " ride on the same body: a graft joins two bodies", m);
      continue;
    }
    if (parent[std::size_t(m.body)] == n.body || parent[std::size_t(n.body)] == m.body) {
      const int child = parent[std::size_t(m.body)] == n.body ? m.body : n.body;
      error("the graft " + mark_text(rules, s, m) + " and its partner at module " + std::to_string(n.module) +
            (lm.model.rod(child) ? " ride on a rod element and what carries it, joined by the element's curvature: "
                                   "a graft joins bodies that no joint or element joins"
                                 : " ride on two bodies joined by a joint: a graft joins bodies that no joint joins"),
            m);
      continue;
    }
    pairs.emplace_back(ks[0], ks[1]);
  }
  if (!ok) return false;
  std::sort(pairs.begin(), pairs.end());
  for (const auto& [ka, kb] : pairs) {
    const GraftMark &a = marks[ka], &b = marks[kb];
    dyn::Graft g;
    g.body_a = a.body;
    g.body_b = b.body;
    g.point_a = a.point;
    g.point_b = b.point;
    g.weld = a.weld;
    g.arm = 0.5 * (a.arm + b.arm);
    g.reach = a.reach + b.reach;  // (docs/dynamics.md: a wide gap is pulled shut at k reach)
    g.id = int(lm.model.contact.grafts.size());
    if (g.weld) {
      const bool has_a = s.nparams(a.module) >= 4, has_b = s.nparams(b.module) >= 4;
      if (has_a || has_b) {
        const double* p = s.param(has_a ? a.module : b.module);
        const dyn::Quat rest = dyn::quat_from_rotation_vector(dyn::Vec3(p[1], p[2], p[3]));
        g.rest = weld_rest_in_model(lm.layout, g.body_a, g.body_b, rest);
      } else {
        lm.bare_welds.push_back(std::uint32_t(lm.model.contact.grafts.size()));
      }
    }
    lm.model.contact.grafts.push_back(g);
    lm.graft_module.push_back(std::uint32_t(a.stored));
    lm.graft_module.push_back(std::uint32_t(b.stored));
  }
  return true;
}

void warn_lone_grafts(const Lsystem& ls, std::vector<grammar::Diagnostic>& diags) {
  const ModuleString& s = ls.current;
  std::map<double, std::vector<std::size_t>> by_id;  // in string order
  for (std::size_t i = 0; i < s.size(); ++i)
    if ((s.sym[i] == kSymGraft || s.sym[i] == kSymWeld) && s.nparams(i) > 0) by_id[s.param(i)[0]].push_back(i);
  ModuleOrigins origins(ls);
  const ModuleLocator locate = [&](std::size_t i) { return origins.of(i); };
  for (const auto& [id, is] : by_id) {
    if (is.size() != 1) continue;  // pairs, and the errors of three or more (pair_grafts)
    grammar::Diagnostic d = module_diagnostic(
        *ls.rules, s, is[0], locate,
        "the " + std::string(s.sym[is[0]] == kSymWeld ? "weld" : "graft") + " id " + id_text(id) +
            " is still alone after the derivation (module " + std::to_string(is[0]) +
            "): it joins nothing until a second module with its id is written");
    d.warning = true;
    diags.push_back(std::move(d));
  }
}

void set_bare_weld_rest(LivingModel& lm, const dyn::Data& d) {
  for (std::uint32_t k : lm.bare_welds) {
    dyn::Graft& g = lm.model.contact.grafts[k];
    g.rest = dyn::Quat(d.oMi[std::size_t(g.body_a)].rotation.transpose() * d.oMi[std::size_t(g.body_b)].rotation)
                 .normalized();
  }
}

bool write_bare_welds(const LivingModel& lm, ModuleString& s) {
  if (lm.bare_welds.empty()) return false;
  std::vector<int> weld_of(s.size(), -1);
  for (std::uint32_t k : lm.bare_welds) {
    weld_of[lm.graft_module[2 * k]] = int(k);
    weld_of[lm.graft_module[2 * k + 1]] = int(k);
  }
  ModuleString out;
  out.reserve(s.size(), s.params.size() + 6 * lm.bare_welds.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (weld_of[i] >= 0 && s.nparams(i) == 1) {
      const dyn::Graft& g = lm.model.contact.grafts[std::size_t(weld_of[i])];
      const dyn::Vec3 r = dyn::rotation_vector_from_quat(weld_rest_in_string(lm.layout, g.body_a, g.body_b, g.rest));
      out.push(s.sym[i], {s.param(i)[0], r.x(), r.y(), r.z()});
    } else {
      out.push(s.sym[i], s.param(i), s.nparams(i));
    }
  }
  std::swap(s, out);
  return true;
}

}  // namespace lsd::interp

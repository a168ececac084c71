// The replay of a derivation with its modules' origins tracked (origins.hpp).
#include "interpreter/growth/origins.hpp"

namespace lsd::interp {

void ModuleOrigins::replay() {
  replayed_ = true;
  const Lsystem& ls = ls_;
  // Not replayed: cpfg's derivation (not tracked), a string file, an
  // environment program (it would be started again).
  if (!ls.loaded_with || ls.rules->cpfg || !ls.loaded_with->axiom_file.empty() || !ls.environment_file.empty()) return;
  LoadOptions opts = *ls.loaded_with;
  OriginTrack track;
  opts.track = &track;
  Lsystem again;
  std::vector<grammar::Diagnostic> diags;
  if (!load_lsystem_text(ls.source.text, ls.source.path, opts, again, diags)) return;
  again.derivation_length = ls.derivation_length;  // (its End: block where the run's ran)
  places_ = origin_places(*again.rules, track);
  axiom_places_ = again.rules->axiom_pos.size();
  DeriveOptions d;
  d.max_modules = opts.max_modules;
  if (ls.steps_done > 0 && !derive(again, ls.steps_done, d, diags)) return;
  exact_ = !track.lost && again.steps_done == ls.steps_done && again.current.sym == ls.current.sym &&
           track.ids.size() == ls.current.size();
  if (exact_) ids_ = std::move(track.ids);
}

bool ModuleOrigins::exact() {
  if (!replayed_) replay();
  return exact_;
}

ModuleOrigin ModuleOrigins::of(std::size_t i) {
  if (exact() && i < ids_.size() && ids_[i] >= 0 && std::size_t(ids_[i]) < places_.size()) {
    ModuleOrigin o;
    o.pos = places_[std::size_t(ids_[i])];
    o.places = 1;
    o.axiom = std::size_t(ids_[i]) < axiom_places_;
    return o;
  }
  return module_origin(*ls_.rules, ls_.current, i);
}

}  // namespace lsd::interp

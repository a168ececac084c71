// Parallel derivation (docs/language.md section 4): every module of the old string is
// rewritten at once into a new string; the old string is never edited.
#pragma once
#include <cstddef>
#include <cstdint>
#include <deque>
#include <vector>

#include "common/limits.hpp"
#include "grammar/diagnostic.hpp"
#include "interpreter/lsystem/random.hpp"
#include "interpreter/lsystem/rules.hpp"

namespace lsd::interp {

struct DeriveOptions {
  std::size_t max_modules = limits::kModules;  // a derived string may not grow past this (--max-modules)
  // A derived string may not hold more parameters than this; 0 means twice
  // max_modules. Never more than 2^32 - 1 (ModuleString's offsets are 32-bit).
  std::size_t max_params = 0;
};

// The parameter limit that `opts` stands for.
std::size_t param_limit(const DeriveOptions& opts);

// How much the last pass of a group grew the string, per input module;
// zero before its first pass. The next pass reserves that much room.
struct Growth {
  double modules = 0, params = 0;
};

// Where each module of the string being derived was written, kept only by
// the replay that locates a message about a module (origin.hpp): ids[k] is
// a place of the file (origin_places: the axiom's modules, then each
// production's successor modules in order), -1 when unknown.
struct OriginTrack {
  std::vector<std::int32_t> ids;   // (modules of the string)
  std::vector<std::int32_t> next;  // the pass's output
  std::vector<std::int32_t> main_base, decomposition_base;  // (productions) the place of a successor's first module
  bool lost = false;  // a pass that cannot track ran (cpfg's derivation): the ids mean nothing
};

struct DeriveScratch {
  std::vector<std::int32_t> match;  // bracket matches of the input
  std::vector<double> vars;         // (max_slots x candidates)
  std::vector<std::int32_t> cands;
  std::vector<double> weights;
  ModuleString tmp;
  std::vector<std::int64_t> joint_origin;  // insert_joints' origins of the modules it copied, when tracked
  SymbolId slot_joint = 0;  // not 0: the successors write their joint slots as this joint (fill_slots)
  // The machine of cpfg's statements and global variables (the L-system's);
  // when null and one is needed, own_machine starts from the file's globals.
  Machine* machine = nullptr;
  Machine own_machine;
  Growth growth[3];  // of the main productions, the decomposition, the homomorphism
  // cpfg's random numbers (RuleSet::cpfg_random, random.hpp): one state that
  // runs on from pass to pass, made by cpfg_stream.
  Rng cpfg_rng{0};
  bool cpfg_rng_ready = false;
  bool own_machine_ready = false;        // cpfg's passes keep own_machine from pass to pass
  std::deque<ModuleString> cpfg_levels;  // cpfg's passes: the successors being rewritten, by depth
  OriginTrack* track = nullptr;          // (null: not tracked, the fast paths run)
};

// cpfg's random numbers of these rules, kept in the scratch (seeded from the
// rules the first time).
Rng& cpfg_stream(const RuleSet& rules, DeriveScratch& scratch);

// A machine with the file's initial globals (arrays initialised, nothing run yet).
Machine start_machine(const RuleSet& rules);

// Runs one of cpfg's Start:, StartEach:, EndEach:, End: blocks; false (with
// err) on a run-time error of a statement.
bool run_block(const RuleSet& rules, const CompiledBlock& block, Machine& m, Rng& rng, grammar::Diagnostic& err);

struct RewriteResult {
  bool ok = true;
  bool changed = false;  // some production applied
  bool same = false;     // derive_step only, for a deterministic L-system: the string did not change
  bool no_cut = false;   // rewrite only: the output is known to hold no '%' (apply_cut has nothing to do)
  grammar::Diagnostic error;
};

// One parallel rewriting pass of `group` over `in`, into `out` (cleared first).
// `step` only names the derivation step in messages.
RewriteResult rewrite(const RuleSet& rules, const ProductionGroup& group, const ModuleString& in,
                      ModuleString& out, Rng& rng, int step, const DeriveOptions& opts, DeriveScratch& scratch);

// Applies cut (section 3.3) in place: '%' removes itself and the rest of its
// branch. With track: its ids are cut alike.
void apply_cut(ModuleString& s, ModuleString& tmp, OriginTrack* track = nullptr);

// Applies decomposition productions up to their maximum depth, in place.
RewriteResult decompose(const RuleSet& rules, ModuleString& s, int step, const DeriveOptions& opts,
                        DeriveScratch& scratch);

// One derivation step: productions, cut, decomposition, cut. `step` is the
// number of steps done before this one (it seeds the step's random stream).
RewriteResult derive_step(const RuleSet& rules, ModuleString& s, int step, const DeriveOptions& opts,
                          DeriveScratch& scratch);

// The string as drawn: homomorphism productions applied up to their depth.
RewriteResult apply_homomorphism(const RuleSet& rules, const ModuleString& in, ModuleString& out,
                                 const DeriveOptions& opts, DeriveScratch& scratch);

// cpfg's derivation step (a .l file; docs/language.md 9.3), which
// derive_step calls for a cpfg file: module by module, each successor
// decomposed at once, depth first, a stochastic L-system drawing one number
// for every module, parameters rounded when RuleSet::float_params.
RewriteResult derive_step_cpfg(const RuleSet& rules, ModuleString& s, int step, const DeriveOptions& opts,
                               DeriveScratch& scratch);

// cpfg's homomorphism (a .l file), which apply_homomorphism calls for a cpfg
// file: each module of `in` rewritten depth first as the turtle reaches it,
// a homomorphism with its own seed: drawing from its own stream started
// anew. With origin: origin[k] is the index in `in` of the drawn module k
// when it is that module as it was (no production rewrote it), else -1.
RewriteResult apply_homomorphism_cpfg(const RuleSet& rules, const ModuleString& in, ModuleString& out,
                                      std::vector<std::int32_t>* origin, const DeriveOptions& opts,
                                      DeriveScratch& scratch);

}  // namespace lsd::interp

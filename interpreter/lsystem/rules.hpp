// RuleSet: a parsed .ls file compiled into immutable tables (docs/architecture.md):
// symbols, productions grouped by predecessor, bytecode, header values.
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "interpreter/cpfg/view.hpp"
#include "interpreter/lsystem/expr.hpp"
#include "interpreter/cpfg/spline_functions.hpp"
#include "grammar/ast.hpp"
#include "interpreter/lsystem/module_string.hpp"
#include "interpreter/lsystem/settings.hpp"
#include "interpreter/lsystem/symbols.hpp"

namespace lsd::interp {

// One of cpfg's Start:, End:, StartEach:, EndEach: blocks.
struct CompiledBlock {
  CompiledExpr code;  // empty: no block
  grammar::Pos pos;   // of the block's key, for messages
  bool empty() const { return code.empty(); }
};

struct PatternModule {
  SymbolId sym = 0;
  int arity = -1;                // -1: written without parentheses, matches any number and binds none
  std::vector<std::int32_t> slots;  // (arity) variable slot bound by each parameter
  grammar::Pos pos;
};

struct SuccessorModule {
  SymbolId sym = 0;
  std::vector<CompiledExpr> params;
  grammar::Pos pos;
};

struct Production {
  grammar::Pos pos;
  std::vector<PatternModule> left;   // in written order (matched right to left)
  PatternModule pred;
  std::vector<PatternModule> pred_rest;  // more modules of a strict predecessor of several (cpfg), matched in a row
  std::vector<PatternModule> right;  // may contain '[', ']' and '=' (the rest of the branch)
  bool has_cond = false;
  CompiledExpr cond;
  bool has_pre = false, has_post = false;
  CompiledExpr pre, post;  // statements before and after the condition (cpfg)
  int nlocals = 0;         // variables the statements assign, slots nslots ... nslots + nlocals - 1
  std::uint32_t local_at = 0;  // cpfg: where its locals keep their values, in Machine::locals
  std::vector<SuccessorModule> succ;
  bool succ_constant = true;  // every successor parameter is a constant
  ModuleString succ_string;   // the successor when succ_constant
  std::vector<std::uint32_t> slot_at;  // where succ has a joint slot (kSymJointSlot, auto_joints.hpp)
  CompiledExpr weight;        // stochastic weight (default 1)
  int nslots = 0;             // variables bound by contexts and predecessor
  bool has_context() const { return !left.empty() || !right.empty(); }
  std::size_t length() const { return 1 + pred_rest.size(); }  // modules the strict predecessor covers
};

struct ProductionGroup {
  std::vector<Production> prods;                    // file order
  std::vector<std::vector<std::int32_t>> by_symbol;  // (symbols) production indices, file order
  std::vector<std::uint8_t> has_rule;               // (symbols) 1 if some production has this predecessor
  bool any_context = false;
  bool any_random = false;  // some expression uses ran()/nran()
  bool uses_machine = false;  // statements, global variables or functions: rewriting needs a Machine
  int max_slots = 0;  // variables of the largest production: bound slots and locals
  int depth = 1;  // maximum depth (decomposition, homomorphism)
  bool has_seed = false;  // homomorphism: its own seed (cpfg)
  std::uint64_t seed = 0;
  bool empty() const { return prods.empty(); }
};

// The dynamics: section as values (docs/language.md section 7).
struct DynamicsSpec {
  bool enabled = false;
  grammar::Pos pos;
  SymbolId body = 'B', joint = 'J';
  // Curved rods (docs/language.md 7.9): the symbols of the elements and of
  // their live state, and the elements' kind (element: helix | clothoid).
  SymbolId rod = 'S', curvature = 'K';
  bool clothoid = false;
  // joints: auto (docs/language.md 7.8): lsd puts a joint before every body
  // that has none (auto_joints.hpp); the symbols that carry bodies in the
  // drawing (body_carriers), indexed by symbol.
  bool auto_joints = false;
  std::vector<std::uint8_t> carriers;
  // A .l model with joints: auto: every f inside an open generalized
  // cylinder (@Gs ... @Ge, {(t) ... }(t)) is a body too (cylinder_move).
  bool cylinder_moves = false;
  // By symbol: 1 when its homomorphism image opens a generalized cylinder,
  // 2 when it closes one, 0 neither (body_carriers).
  std::vector<std::uint8_t> cylinder_effects;
  // The joint slots of the successors (place_joint_slots) are exactly the
  // new joints of every step that starts from a tidy string (joints_tidy):
  // that step needs no pass over the string (joints_filled).
  bool slots_exact = false;
  bool sway = false;  // the section is --sway's (the file has none)
  RunSettings file;                             // the file's settings; defaults where a key is not written
  std::map<std::string, grammar::Pos> written;  // keys present in the file, and where
};

struct RuleSet {
  std::string path;
  std::string label;
  SymbolTable symbols;
  std::map<std::string, double> constants;  // #define and -D, final values
  ModuleString axiom;
  std::vector<grammar::Pos> axiom_pos;      // where each module of axiom is written (origin.hpp)
  std::vector<SuccessorModule> axiom_succ;  // cpfg: an axiom with variable parameters, evaluated at load (else empty)
  int derivation_length = 1;
  double angle = 45, step = 1, width = 0.1;
  bool stochastic = false;
  std::uint64_t seed = 0;
  // cpfg's numbers (docs/language.md 9.3), the defaults of .l files:
  bool cpfg_random = false;     // random: cpfg: cpfg's generators (random.hpp) rather than lsd's
  bool float_params = false;    // parameters: float: rounded to 32-bit floats when written into the string
  std::int64_t cpfg_seed = 0;   // C's (int) of seed: (what seeds drand48)
  // cpfg interprets the string (with the homomorphism) before every step
  // when the file holds a ? module (?P ?E ...) or a % with parameters
  // (CPFG manual 7; cpfg's clp.checkEnvironment).
  bool interpret_between_steps = false;
  std::size_t locals = 0;  // cpfg: the local variables of all productions (Machine::locals)
  bool has_tropism = false;
  double tropism[4] = {0, 0, 0, 0};  // tx ty tz e
  std::vector<std::uint8_t> seen;    // (symbols) 1 if context matching sees the symbol
  ProductionGroup main, decomposition, homomorphism;
  DynamicsSpec dynamics;
  bool has_queries = false;  // ?P ?H ?L ?U appear somewhere
  bool cpfg = false;         // read as a cpfg file (grammar::ParseOptions::cpfg)
  // cpfg's global variables (assigned in Start:, End:, StartEach:, EndEach:)
  // and define: arrays, and the blocks that run around the derivation steps.
  std::vector<std::string> globals;   // scalar globals, Machine::globals[0 ...]
  std::vector<ArrayInfo> arrays;      // their elements follow the scalars
  std::vector<double> globals_init;   // Machine::globals before Start: (array initial values)
  CompiledBlock start, end, start_each, end_each;  // empty: no block
  FunctionSet functions;              // the view file's functions, curves and contours
  CpfgView view;                      // a cpfg model's view file (and colours); view.present when read
  // A derivation step is a function of the string alone: no random numbers in
  // the productions or the decomposition, and no stochastic choice between
  // productions. Then a string that repeats an earlier one repeats forever.
  bool deterministic = true;
};

struct CompileOptions {
  std::vector<std::pair<std::string, double>> defines;  // -D NAME=VALUE, override #define
  std::optional<std::uint64_t> seed;                     // --seed
  FunctionSet functions;                                 // a cpfg view file's functions, curves and contours
  CpfgView view;                                         // a cpfg view file's settings and colours
  bool environment = false;                              // an environment program answers ?E (environment.hpp)
  bool sway = false;  // --sway: a file without dynamics: gets `body: F, joints: auto` (docs/language.md 7.8)
};

// Compiles a parsed file. Every problem found is appended to diags; the result
// is usable only when no error was added.
bool compile_rules(const grammar::FileAst& file, const CompileOptions& opts, RuleSet& out,
                   std::vector<grammar::Diagnostic>& diags);

// The settings a run of these rules starts from: the dynamics: section's
// (the derivation steps of a run: Lsystem::derivation_length).
RunSettings file_settings(const RuleSet& rules);

// joints: auto: p's successor, written into out from module `from` on,
// with its joint slots as the joint `joint` itself (a step from a tidy
// string, auto_joints.hpp); 0 keeps the slots.
inline void fill_slots(const Production& p, ModuleString& out, std::size_t from, SymbolId joint) {
  if (joint != 0)
    for (std::uint32_t k : p.slot_at) out.sym[from + k] = joint;
}

}  // namespace lsd::interp

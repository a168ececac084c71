// Compiled expressions (docs/language.md section 5): a small stack machine.
// Names are resolved when compiling: a parameter becomes a slot of the
// production's variable array, a #define constant becomes a number, and
// constant sub-expressions are folded.
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "common/limits.hpp"
#include "grammar/ast.hpp"
#include "interpreter/lsystem/random.hpp"

namespace lsd::interp {

enum class Op : std::uint8_t {
  Const, Var, Neg, Not, Add, Sub, Mul, Div, Mod, Pow, Lt, Le, Gt, Ge, Eq, Ne,
  JumpIfZero,     // pop; jump to a if zero
  JumpIfNonZero,  // pop; jump to a if non-zero
  Jump,           // jump to a
  Bool,           // top = top != 0
  Sin, Cos, Tan, Asin, Acos, Atan, Atan2, Sqrt, Exp, Log, Pow2, Abs, Floor, Ceil, Trunc, Sign,
  Min, Max, Clamp, Norm, Ran, Nran,
  // cpfg's statements and functions (CPFG manual 3.2, 4.1, 5)
  Store,     // pop into variable slot a
  GLoad,     // push global a
  GStore,    // pop into global a
  ALoad,     // pop k subscripts; push element of array a
  AStore,    // pop the value, then k subscripts; store into array a
  Pop,       // discard the top
  LoopJump,  // jump back to a, counting the iteration against the machine's budget
  Print,     // printf: pop k values, print them with the format strings[a]; push 0
  Srand,     // reseed the random numbers with the top; top = 0
  Bran, Biran, Func, CurveX, CurveY, CurveZ, CurveLength,
  Stop,      // stop(n): no more derivation steps after this one; top = 0
  // cpfg's arithmetic (docs/language.md 9.3), for .l files
  ModCpfg,    // (int)a % (int)b
  TruncCpfg,  // floor(a + 0.5)
};

struct Instr {
  Op op;
  std::int32_t a = 0;  // variable slot or jump target
  double k = 0;        // constant
};

struct CompiledExpr {
  std::vector<Instr> code;
  bool is_constant = true;  // no variables and no random numbers: value is exact
  double value = 0;         // the value when is_constant
  bool uses_random = false;
  bool uses_machine = false;         // reads or writes globals, arrays, functions, or prints: needs a Machine
  bool has_effects = false;          // writes a global or an array, prints, reseeds or stops
  std::vector<std::string> strings;  // printf formats
  bool empty() const { return code.empty(); }
};

// An array of a define: block, stored in Machine::globals from offset on,
// row-major.
struct ArrayInfo {
  std::string name;
  std::uint32_t offset = 0;
  std::vector<int> dims;
  std::size_t size() const {
    std::size_t n = 1;
    for (int d : dims) n *= std::size_t(d);
    return n;
  }
};

struct FunctionSet;  // functions.hpp: the view file's functions and curves

// The state that cpfg's statements change (global variables, arrays) and
// what they need to run: the derivation keeps one per L-system.
struct Machine {
  std::vector<double> globals;                    // scalar globals, then every array's elements
  std::vector<double> locals;                     // cpfg: each production's local variables keep their values
  const std::vector<ArrayInfo>* arrays = nullptr;  // the RuleSet's
  const FunctionSet* functions = nullptr;          // func(), curveX() ...
  std::ostream* out = nullptr;                     // printf; standard error when null
  long budget = 0;                                 // loop iterations left for the statements being run
  std::string error;                               // the first run-time error of a statement
  bool cpfg = false;                               // a .l file: an array subscript out of range is cpfg's warning
  std::string warning;                             // the first such warning
  grammar::Pos warning_pos;                        // where: the production or block (line 0: not yet known)
  bool warning_told = false;                       // the derivation reported it (once)
  bool stop = false;                               // stop() was called
  bool reseeded = false;                           // srand() was called: seed replaces the file's
  std::uint64_t seed = 0;
};

// Resolves a name: a parameter or local slot (>= 0), a global, an array, or
// a constant value; undefined otherwise.
struct NameLookup {
  bool cpfg = false;  // a .l file: cpfg's % and trunc (Op::ModCpfg, Op::TruncCpfg)
  std::function<int(const std::string&)> slot;                        // -1 if not a parameter or local
  std::function<std::optional<double>(const std::string&)> constant;  // nullopt if not a constant
  std::function<int(const std::string&)> global;                      // -1 if not a global scalar
  std::function<const ArrayInfo*(const std::string&, int& id)> array;  // nullptr if not an array
};

// Compiles e; on failure appends diagnostics (undefined name, unknown function,
// wrong argument count, too deep) and returns false.
bool compile_expr(const grammar::Expr& e, const NameLookup& names, CompiledExpr& out,
                  std::vector<grammar::Diagnostic>& diags, const std::string& path);

// Compiles a block of statements into code that leaves nothing on the stack.
bool compile_block(const grammar::Block& b, const NameLookup& names, CompiledExpr& out,
                   std::vector<grammar::Diagnostic>& diags, const std::string& path);

// The names a block assigns to (not array elements), in order, once each.
void assigned_names(const grammar::Block& b, std::vector<std::string>& out);

// Evaluates e. vars may be written by statements (Store). m is needed when
// e.uses_machine; without one, globals read 0 and effects are dropped.
double eval_expr(const CompiledExpr& e, double* vars, Rng* rng, Machine* m = nullptr);

}  // namespace lsd::interp

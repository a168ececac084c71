// Compiled expressions (LANGUAGE.md section 4): a small stack machine.
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
#include "random.hpp"

namespace lsd::interp {

enum class Op : std::uint8_t {
  Const, Var, Neg, Not, Add, Sub, Mul, Div, Mod, Pow, Lt, Le, Gt, Ge, Eq, Ne,
  JumpIfZero,     // pop; jump to a if zero
  JumpIfNonZero,  // pop; jump to a if non-zero
  Jump,           // jump to a
  Bool,           // top = top != 0
  Sin, Cos, Tan, Asin, Acos, Atan, Atan2, Sqrt, Exp, Log, Pow2, Abs, Floor, Ceil, Trunc, Sign,
  Min, Max, Clamp, Norm, Ran, Nran,
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
  bool empty() const { return code.empty(); }
};


// Resolves a name: a parameter slot (>= 0), or a constant value; nullopt = undefined.
struct NameLookup {
  std::function<int(const std::string&)> slot;                        // -1 if not a parameter
  std::function<std::optional<double>(const std::string&)> constant;  // nullopt if not a constant
};

// Compiles e; on failure appends diagnostics (undefined name, unknown function,
// wrong argument count, too deep) and returns false.
bool compile_expr(const grammar::Expr& e, const NameLookup& names, CompiledExpr& out,
                  std::vector<grammar::Diagnostic>& diags, const std::string& path);

double eval_expr(const CompiledExpr& e, const double* vars, Rng* rng);

}  // namespace lsd::interp

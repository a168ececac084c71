// Compiling expressions and statements (docs/language.md 5; CPFG manual 3.2,
// 4.1, 5) into the stack machine of expr.hpp; expr_eval.cpp runs the code.
#include <algorithm>
#include <cmath>

#include "common/spelling.hpp"
#include "interpreter/lsystem/unsupported.hpp"
#include "interpreter/lsystem/expr.hpp"

namespace lsd::interp {
namespace {

struct Function {
  const char* name;
  Op op;
  int min_args, max_args;
};
constexpr Function kFunctions[] = {
    {"sin", Op::Sin, 1, 1},     {"cos", Op::Cos, 1, 1},     {"tan", Op::Tan, 1, 1},
    {"asin", Op::Asin, 1, 1},   {"acos", Op::Acos, 1, 1},   {"atan", Op::Atan, 1, 1},
    {"atan2", Op::Atan2, 2, 2}, {"sqrt", Op::Sqrt, 1, 1},   {"exp", Op::Exp, 1, 1},
    {"log", Op::Log, 1, 1},     {"pow", Op::Pow2, 2, 2},    {"abs", Op::Abs, 1, 1},
    {"floor", Op::Floor, 1, 1}, {"ceil", Op::Ceil, 1, 1},   {"trunc", Op::Trunc, 1, 1},
    {"sign", Op::Sign, 1, 1},   {"min", Op::Min, 2, 2},     {"max", Op::Max, 2, 2},
    {"clamp", Op::Clamp, 3, 3}, {"norm", Op::Norm, 3, 3},   {"ran", Op::Ran, 1, 1},
    {"nran", Op::Nran, 2, 2},
    // cpfg's (CPFG manual 5)
    {"fabs", Op::Abs, 1, 1},    {"srand", Op::Srand, 1, 1}, {"bran", Op::Bran, 2, 2},
    {"biran", Op::Biran, 2, 2}, {"func", Op::Func, 2, 2},   {"curveX", Op::CurveX, 2, 2},
    {"curveY", Op::CurveY, 2, 2}, {"curveZ", Op::CurveZ, 2, 2}, {"curveGAL", Op::CurveLength, 1, 1},
    {"stop", Op::Stop, 1, 1},
};

// Ops that need a Machine.
constexpr bool machine_op(Op op) {
  switch (op) {
    case Op::GLoad: case Op::GStore: case Op::ALoad: case Op::AStore: case Op::Print: case Op::Srand:
    case Op::Func: case Op::CurveX: case Op::CurveY: case Op::CurveZ: case Op::CurveLength: case Op::Stop:
    case Op::LoopJump:
      return true;
    default:
      return false;
  }
}
constexpr bool effect_op(Op op) {
  return op == Op::GStore || op == Op::AStore || op == Op::Print || op == Op::Srand || op == Op::Stop;
}

struct Compiler {
  const NameLookup& names;
  std::vector<grammar::Diagnostic>& diags;
  const std::string& path;
  CompiledExpr& out;
  int depth = 0, max_depth = 0;
  bool ok = true;

  void push_depth(int d) {
    depth += d;
    if (depth > max_depth) max_depth = depth;
  }
  void error(grammar::Pos p, std::string m) {
    diags.push_back({path, p, std::move(m)});
    ok = false;
  }
  void warning(grammar::Pos p, std::string m) { diags.push_back({path, p, std::move(m), true}); }
  void emit(Op op, std::int32_t a = 0, double k = 0) {
    out.code.push_back({op, a, k});
    if (machine_op(op)) out.uses_machine = true;
    if (effect_op(op)) out.has_effects = true;
    if (machine_op(op) || op == Op::Store) out.is_constant = false;
  }

  // Pushes the subscripts of an array reference; the array's id, or -1 after an error.
  int subscripts(const grammar::Expr& at, const std::string& name, const std::vector<grammar::Expr>& subs,
                 int nesting) {
    int id = -1;
    const ArrayInfo* a = names.array ? names.array(name, id) : nullptr;
    if (!a) {
      error(at.pos, "'" + name + "' is not an array (declare it in define: { array " + name + "[size]; })");
      return -1;
    }
    if (subs.size() != a->dims.size()) {
      error(at.pos, "array '" + name + "' has " + std::to_string(a->dims.size()) + " dimension" +
                        (a->dims.size() == 1 ? "" : "s") + ", not " + std::to_string(subs.size()));
      return -1;
    }
    for (const auto& x : subs) gen(x, nesting + 1);
    return id;
  }

  void gen(const grammar::Expr& e, int nesting) {
    using K = grammar::Expr::Kind;
    if (nesting > limits::kExpressionDepth) {
      error(e.pos, limits::kExpressionDepthMessage);
      return;
    }
    switch (e.kind) {
      case K::Number:
        emit(Op::Const, 0, e.value);
        push_depth(1);
        return;
      case K::Star:
        error(e.pos, "'*' is not a value here");
        return;
      case K::String:
        error(e.pos, "a string is only allowed as the format of printf");
        return;
      case K::Address:
        error(e.pos, "'&" + e.text + "' is only allowed in fscanf, which lsd does not run");
        return;
      case K::Index: {
        const int id = subscripts(e, e.text, e.args, nesting);
        if (id < 0) return;
        emit(Op::ALoad, id, double(e.args.size()));
        depth -= int(e.args.size()) - 1;
        push_depth(0);
        return;
      }
      case K::Name:
        return name(e);
      case K::Unary:
        gen(e.args[0], nesting + 1);
        emit(e.text == "-" ? Op::Neg : Op::Not);
        return;
      case K::Ternary:
        return ternary(e, nesting);
      case K::Binary:
        return binary(e, nesting);
      case K::Call:
        return call(e, nesting);
    }
  }

  // A variable bound by the production, a global variable or a constant.
  void name(const grammar::Expr& e) {
    int s = names.slot ? names.slot(e.text) : -1;
    if (s >= 0) {
      emit(Op::Var, s);
      out.is_constant = false;
      push_depth(1);
      return;
    }
    int g = names.global ? names.global(e.text) : -1;
    if (g >= 0) {
      emit(Op::GLoad, g);
      push_depth(1);
      return;
    }
    auto c = names.constant ? names.constant(e.text) : std::nullopt;
    if (c) {
      emit(Op::Const, 0, *c);
      push_depth(1);
      return;
    }
    error(e.pos, "undefined name '" + e.text + "'");
  }

  // c ? a : b, with jumps.
  void ternary(const grammar::Expr& e, int nesting) {
    gen(e.args[0], nesting + 1);
    std::size_t jz = out.code.size();
    emit(Op::JumpIfZero);
    depth -= 1;
    gen(e.args[1], nesting + 1);
    std::size_t jend = out.code.size();
    emit(Op::Jump);
    depth -= 1;
    out.code[jz].a = std::int32_t(out.code.size());
    gen(e.args[2], nesting + 1);
    out.code[jend].a = std::int32_t(out.code.size());
  }

  void binary(const grammar::Expr& e, int nesting) {
    const std::string& o = e.text;
    if (o == "&&" || o == "||") {  // short-circuit: the right side (and its ran()) runs only when needed
      gen(e.args[0], nesting + 1);
      emit(Op::Bool);
      std::size_t j = out.code.size();
      emit(o == "&&" ? Op::JumpIfZero : Op::JumpIfNonZero);
      depth -= 1;
      gen(e.args[1], nesting + 1);
      emit(Op::Bool);
      std::size_t jend = out.code.size();
      emit(Op::Jump);
      out.code[j].a = std::int32_t(out.code.size());
      emit(Op::Const, 0, o == "&&" ? 0.0 : 1.0);
      out.code[jend].a = std::int32_t(out.code.size());
      return;
    }
    gen(e.args[0], nesting + 1);
    gen(e.args[1], nesting + 1);
    Op op = o == "+" ? Op::Add : o == "-" ? Op::Sub : o == "*" ? Op::Mul : o == "/" ? Op::Div
          : o == "%" ? Op::Mod : o == "^" ? Op::Pow : o == "<" ? Op::Lt : o == "<=" ? Op::Le
          : o == ">" ? Op::Gt : o == ">=" ? Op::Ge : o == "==" ? Op::Eq : Op::Ne;
    if (names.cpfg && op == Op::Mod) op = Op::ModCpfg;
    emit(op);
    depth -= 1;
  }

  // A function: printf, one lsd does not run (a warning, 0), or one of kFunctions.
  void call(const grammar::Expr& e, int nesting) {
    if (e.text == "printf") {
      printf_call(e, nesting);
      return;
    }
    if (cpfg_function_unsupported(e.text)) {
      warning(e.pos, "'" + e.text + "' is not supported by lsd: the call gives 0 and does nothing");
      emit(Op::Const, 0, 0.0);
      out.is_constant = false;  // not folded: the warning is the point
      push_depth(1);
      return;
    }
    const Function* f = nullptr;
    for (const auto& fn : kFunctions)
      if (e.text == fn.name) f = &fn;
    if (!f) {
      std::vector<std::string> known;
      for (const auto& fn : kFunctions) known.emplace_back(fn.name);
      error(e.pos, "unknown function '" + e.text + "'" + did_you_mean(e.text, known));
      return;
    }
    int n = int(e.args.size());
    if (n < f->min_args || n > f->max_args) {
      error(e.pos, "'" + e.text + "' takes " + std::to_string(f->min_args) + " argument" +
                       (f->min_args == 1 ? "" : "s") + ", not " + std::to_string(n));
      return;
    }
    for (const auto& a : e.args) gen(a, nesting + 1);
    if (f->op == Op::Ran || f->op == Op::Nran || f->op == Op::Bran || f->op == Op::Biran) {
      out.is_constant = false;
      out.uses_random = true;
    }
    emit(names.cpfg && f->op == Op::Trunc ? Op::TruncCpfg : f->op);
    depth -= (n - 1);
  }

  // printf("format", values...): the format is kept with the code.
  void printf_call(const grammar::Expr& e, int nesting) {
    if (e.args.empty() || e.args[0].kind != grammar::Expr::Kind::String) {
      error(e.pos, "printf needs a format string first: printf(\"%g\\n\", x)");
      return;
    }
    for (std::size_t k = 1; k < e.args.size(); ++k) gen(e.args[k], nesting + 1);
    out.strings.push_back(e.args[0].text);
    emit(Op::Print, std::int32_t(out.strings.size() - 1), double(e.args.size() - 1));
    depth -= int(e.args.size()) - 1;
    push_depth(1);
  }

  // ---- statements (CPFG manual 3.2): net effect on the stack is nothing
  void statements(const grammar::Block& b, int nesting) {
    for (const auto& st : b) statement(st, nesting);
  }

  void statement(const grammar::Statement& st, int nesting) {
    using S = grammar::Statement::Kind;
    if (nesting > limits::kExpressionDepth) {
      error(st.pos, limits::kExpressionDepthMessage);
      return;
    }
    switch (st.kind) {
      case S::Assign:
        assign(st, nesting);
        return;
      case S::Eval:
        gen(st.value, nesting + 1);
        emit(Op::Pop);
        depth -= 1;
        return;
      case S::If: {
        gen(st.value, nesting + 1);
        const std::size_t jz = out.code.size();
        emit(Op::JumpIfZero);
        depth -= 1;
        statements(st.body, nesting + 1);
        if (!st.has_else) {
          out.code[jz].a = std::int32_t(out.code.size());
          return;
        }
        const std::size_t jend = out.code.size();
        emit(Op::Jump);
        out.code[jz].a = std::int32_t(out.code.size());
        statements(st.orelse, nesting + 1);
        out.code[jend].a = std::int32_t(out.code.size());
        return;
      }
      case S::While: {
        const std::size_t top = out.code.size();
        gen(st.value, nesting + 1);
        const std::size_t jz = out.code.size();
        emit(Op::JumpIfZero);
        depth -= 1;
        statements(st.body, nesting + 1);
        emit(Op::LoopJump, std::int32_t(top));
        out.code[jz].a = std::int32_t(out.code.size());
        return;
      }
      case S::Do: {
        const std::size_t top = out.code.size();
        statements(st.body, nesting + 1);
        gen(st.value, nesting + 1);
        const std::size_t jz = out.code.size();
        emit(Op::JumpIfZero);
        depth -= 1;
        emit(Op::LoopJump, std::int32_t(top));
        out.code[jz].a = std::int32_t(out.code.size());
        return;
      }
    }
  }

  void assign(const grammar::Statement& st, int nesting) {
    if (!st.index.empty()) {
      grammar::Expr at;
      at.pos = st.pos;
      const int id = subscripts(at, st.target, st.index, nesting);
      if (id < 0) return;
      gen(st.value, nesting + 1);
      emit(Op::AStore, id, double(st.index.size()));
      depth -= int(st.index.size()) + 1;
      return;
    }
    const int s = names.slot ? names.slot(st.target) : -1;
    const int g = s < 0 && names.global ? names.global(st.target) : -1;
    int id = -1;
    if (s < 0 && g < 0 && names.array && names.array(st.target, id)) {
      error(st.pos, "'" + st.target + "' is an array: assign to one of its elements, " + st.target + "[i] = ...");
      return;
    }
    if (s < 0 && g < 0) {
      error(st.pos, "cannot assign to '" + st.target + "' here");
      return;
    }
    gen(st.value, nesting + 1);
    if (s >= 0) emit(Op::Store, s);
    else emit(Op::GStore, g);
    depth -= 1;
  }
};

// &x in a call (fscanf) names a variable the call assigns.
void collect_addresses(const grammar::Expr& e, std::vector<std::string>& out) {
  if (e.kind == grammar::Expr::Kind::Address && std::find(out.begin(), out.end(), e.text) == out.end())
    out.push_back(e.text);
  for (const auto& a : e.args) collect_addresses(a, out);
}

void collect_assigned(const grammar::Block& b, std::vector<std::string>& out) {
  for (const auto& st : b) {
    if (st.kind == grammar::Statement::Kind::Assign && st.index.empty() &&
        std::find(out.begin(), out.end(), st.target) == out.end())
      out.push_back(st.target);
    if (st.kind == grammar::Statement::Kind::Eval) collect_addresses(st.value, out);
    collect_assigned(st.body, out);
    collect_assigned(st.orelse, out);
  }
}


}  // namespace

void assigned_names(const grammar::Block& b, std::vector<std::string>& out) { collect_assigned(b, out); }

bool compile_block(const grammar::Block& b, const NameLookup& names, CompiledExpr& out,
                   std::vector<grammar::Diagnostic>& diags, const std::string& path) {
  out = CompiledExpr{};
  Compiler c{names, diags, path, out};
  c.statements(b, 0);
  if (c.ok && c.max_depth > limits::kExpressionStack) c.error(b.empty() ? grammar::Pos{} : b[0].pos, limits::kExpressionDepthMessage);
  if (!c.ok) {
    out = CompiledExpr{};
    return false;
  }
  out.is_constant = false;  // run for its effects, never folded
  return true;
}

bool compile_expr(const grammar::Expr& e, const NameLookup& names, CompiledExpr& out,
                  std::vector<grammar::Diagnostic>& diags, const std::string& path) {
  out = CompiledExpr{};
  Compiler c{names, diags, path, out};
  c.gen(e, 0);
  // Within the depth limit the stack is always deep enough: a defence only.
  if (c.ok && c.max_depth > limits::kExpressionStack) c.error(e.pos, limits::kExpressionDepthMessage);
  if (!c.ok) {
    out = CompiledExpr{};
    return false;
  }
  if (out.is_constant) {  // fold
    out.value = eval_expr(out, nullptr, nullptr);
    out.code.assign(1, Instr{Op::Const, 0, out.value});
  }
  return true;
}

}  // namespace lsd::interp

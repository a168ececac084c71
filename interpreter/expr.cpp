#include "expr.hpp"

#include <cmath>
#include <cstring>
#include <numbers>

namespace lsd::interp {
namespace {

constexpr double kDeg = std::numbers::pi / 180.0;

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
};

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
  void emit(Op op, std::int32_t a = 0, double k = 0) { out.code.push_back({op, a, k}); }

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
      case K::Name: {
        int s = names.slot ? names.slot(e.text) : -1;
        if (s >= 0) {
          emit(Op::Var, s);
          out.is_constant = false;
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
        return;
      }
      case K::Unary:
        gen(e.args[0], nesting + 1);
        emit(e.text == "-" ? Op::Neg : Op::Not);
        return;
      case K::Ternary: {
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
        return;
      }
      case K::Binary: {
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
        emit(op);
        depth -= 1;
        return;
      }
      case K::Call: {
        const Function* f = nullptr;
        for (const auto& fn : kFunctions)
          if (e.text == fn.name) f = &fn;
        if (!f) {
          error(e.pos, "unknown function '" + e.text + "'");
          return;
        }
        int n = int(e.args.size());
        if (n < f->min_args || n > f->max_args) {
          error(e.pos, "'" + e.text + "' takes " + std::to_string(f->min_args) + " argument" +
                           (f->min_args == 1 ? "" : "s") + ", not " + std::to_string(n));
          return;
        }
        for (const auto& a : e.args) gen(a, nesting + 1);
        if (f->op == Op::Ran || f->op == Op::Nran) {
          out.is_constant = false;
          out.uses_random = true;
        }
        emit(f->op);
        depth -= (n - 1);
        return;
      }
    }
  }
};

inline double b(bool v) { return v ? 1.0 : 0.0; }

}  // namespace

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

double eval_expr(const CompiledExpr& e, const double* vars, Rng* rng) {
  double st[limits::kExpressionStack + 2];
  int sp = -1;
  const Instr* code = e.code.data();
  const int n = int(e.code.size());
  for (int pc = 0; pc < n; ++pc) {
    const Instr& in = code[pc];
    switch (in.op) {
      case Op::Const: st[++sp] = in.k; break;
      case Op::Var: st[++sp] = vars[in.a]; break;
      case Op::Neg: st[sp] = -st[sp]; break;
      case Op::Not: st[sp] = b(st[sp] == 0); break;
      case Op::Add: --sp; st[sp] += st[sp + 1]; break;
      case Op::Sub: --sp; st[sp] -= st[sp + 1]; break;
      case Op::Mul: --sp; st[sp] *= st[sp + 1]; break;
      case Op::Div: --sp; st[sp] /= st[sp + 1]; break;
      case Op::Mod: --sp; st[sp] = std::fmod(st[sp], st[sp + 1]); break;
      case Op::Pow: case Op::Pow2: --sp; st[sp] = std::pow(st[sp], st[sp + 1]); break;
      case Op::Lt: --sp; st[sp] = b(st[sp] < st[sp + 1]); break;
      case Op::Le: --sp; st[sp] = b(st[sp] <= st[sp + 1]); break;
      case Op::Gt: --sp; st[sp] = b(st[sp] > st[sp + 1]); break;
      case Op::Ge: --sp; st[sp] = b(st[sp] >= st[sp + 1]); break;
      case Op::Eq: --sp; st[sp] = b(st[sp] == st[sp + 1]); break;
      case Op::Ne: --sp; st[sp] = b(st[sp] != st[sp + 1]); break;
      case Op::JumpIfZero: if (st[sp--] == 0) pc = in.a - 1; break;
      case Op::JumpIfNonZero: if (st[sp--] != 0) pc = in.a - 1; break;
      case Op::Jump: pc = in.a - 1; break;
      case Op::Bool: st[sp] = b(st[sp] != 0); break;
      case Op::Sin: st[sp] = std::sin(st[sp] * kDeg); break;
      case Op::Cos: st[sp] = std::cos(st[sp] * kDeg); break;
      case Op::Tan: st[sp] = std::tan(st[sp] * kDeg); break;
      case Op::Asin: st[sp] = std::asin(st[sp]) / kDeg; break;
      case Op::Acos: st[sp] = std::acos(st[sp]) / kDeg; break;
      case Op::Atan: st[sp] = std::atan(st[sp]) / kDeg; break;
      case Op::Atan2: --sp; st[sp] = std::atan2(st[sp], st[sp + 1]) / kDeg; break;
      case Op::Sqrt: st[sp] = std::sqrt(st[sp]); break;
      case Op::Exp: st[sp] = std::exp(st[sp]); break;
      case Op::Log: st[sp] = std::log(st[sp]); break;
      case Op::Abs: st[sp] = std::fabs(st[sp]); break;
      case Op::Floor: st[sp] = std::floor(st[sp]); break;
      case Op::Ceil: st[sp] = std::ceil(st[sp]); break;
      case Op::Trunc: st[sp] = std::trunc(st[sp]); break;
      case Op::Sign: st[sp] = st[sp] > 0 ? 1.0 : st[sp] < 0 ? -1.0 : 0.0; break;
      case Op::Min: --sp; st[sp] = std::fmin(st[sp], st[sp + 1]); break;
      case Op::Max: --sp; st[sp] = std::fmax(st[sp], st[sp + 1]); break;
      case Op::Clamp: sp -= 2; st[sp] = std::fmin(std::fmax(st[sp], st[sp + 1]), st[sp + 2]); break;
      case Op::Norm: sp -= 2; st[sp] = std::sqrt(st[sp] * st[sp] + st[sp + 1] * st[sp + 1] + st[sp + 2] * st[sp + 2]); break;
      case Op::Ran: st[sp] = rng ? st[sp] * rng->uniform() : 0.0; break;
      case Op::Nran: --sp; st[sp] = rng ? st[sp] + st[sp + 1] * rng->normal() : st[sp]; break;
    }
  }
  return sp >= 0 ? st[sp] : 0.0;
}

}  // namespace lsd::interp

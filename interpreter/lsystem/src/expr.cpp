#include "interpreter/lsystem/expr.hpp"

#include <cmath>
#include <algorithm>
#include <cstring>
#include <limits>
#include <iostream>
#include <numbers>

#include "interpreter/cpfg/spline_functions.hpp"

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
    // cpfg's (CPFG manual 5)
    {"fabs", Op::Abs, 1, 1},    {"srand", Op::Srand, 1, 1}, {"bran", Op::Bran, 2, 2},
    {"biran", Op::Biran, 2, 2}, {"func", Op::Func, 2, 2},   {"curveX", Op::CurveX, 2, 2},
    {"curveY", Op::CurveY, 2, 2}, {"curveZ", Op::CurveZ, 2, 2}, {"curveGAL", Op::CurveLength, 1, 1},
    {"stop", Op::Stop, 1, 1},
};

// cpfg functions that lsd does not run: file input and output, the
// environment's blobs, sound, the view volume, derivation-length changes. A
// call gives 0, with a warning where it is compiled.
constexpr const char* kUnsupported[] = {
    "fopen", "fclose", "fflush", "fprintf", "fscanf", "inblob", "play", "vvXmin", "vvXmax", "vvYmin",
    "vvymax", "vvYmax", "vvZmin", "vvZmax", "vvScale", "Display", "SetDerivationLength", "GetDerivationLength",
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
      case K::Name: {
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
        if (e.text == "printf") {
          printf_call(e, nesting);
          return;
        }
        for (const char* u : kUnsupported)
          if (e.text == u) {
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
        if (f->op == Op::Ran || f->op == Op::Nran || f->op == Op::Bran || f->op == Op::Biran) {
          out.is_constant = false;
          out.uses_random = true;
        }
        emit(f->op);
        depth -= (n - 1);
        return;
      }
    }
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

void print_formatted(std::ostream& os, const std::string& fmt, const double* args, int n) {
  os << cpfg_format(fmt, args, n);
  os.flush();
}

// Random numbers of cpfg's bran (beta) and biran (binomial).
double gamma_sample(Rng& r, double a) {  // Marsaglia and Tsang
  if (!(a > 0)) return 0;
  if (a < 1) return gamma_sample(r, a + 1) * std::pow(r.uniform(), 1.0 / a);
  const double d = a - 1.0 / 3, c = 1 / std::sqrt(9 * d);
  for (int k = 0; k < 1000; ++k) {
    double x, v;
    do {
      x = r.normal();
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const double u = r.uniform();
    if (u < 1 - 0.0331 * x * x * x * x || std::log(u) < 0.5 * x * x + d * (1 - v + std::log(v))) return d * v;
  }
  return d;
}
double beta_sample(Rng& r, double a, double b) {
  const double x = gamma_sample(r, a), y = gamma_sample(r, b);
  return x + y > 0 ? x / (x + y) : 0.5;
}
double binomial_sample(Rng& r, double n, double p) {
  const long k = long(std::fmin(std::fmax(n, 0.0), 1e6));
  long hits = 0;
  for (long i = 0; i < k; ++i) hits += r.uniform() < p;
  return double(hits);
}

// The flat index of an array element; -1 when a subscript is out of range.
long element(const ArrayInfo& a, const double* subs) {
  long flat = 0;
  for (std::size_t d = 0; d < a.dims.size(); ++d) {
    const double x = std::floor(subs[d]);
    if (!(x >= 0 && x < a.dims[d])) return -1;
    flat = flat * a.dims[d] + long(x);
  }
  return flat;
}

inline double b(bool v) { return v ? 1.0 : 0.0; }

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

double eval_expr(const CompiledExpr& e, double* vars, Rng* rng, Machine* m) {
  double st[limits::kExpressionStack + 2];
  int sp = -1;
  auto array = [&](std::int32_t id) -> const ArrayInfo* {
    return m && m->arrays && id >= 0 && std::size_t(id) < m->arrays->size() ? &(*m->arrays)[std::size_t(id)] : nullptr;
  };
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
      case Op::Store: vars[in.a] = st[sp--]; break;
      case Op::GLoad: st[++sp] = m ? m->globals[std::size_t(in.a)] : 0.0; break;
      case Op::GStore:
        if (m) m->globals[std::size_t(in.a)] = st[sp];
        --sp;
        break;
      case Op::ALoad: {
        const int k = int(in.k);
        sp -= k - 1;
        const ArrayInfo* a = array(in.a);
        const long el = a ? element(*a, st + sp) : -1;
        if (a && el < 0 && m->error.empty()) m->error = "a subscript of array '" + a->name + "' is out of range";
        st[sp] = el >= 0 ? m->globals[a->offset + std::size_t(el)] : std::numeric_limits<double>::quiet_NaN();
        break;
      }
      case Op::AStore: {
        const int k = int(in.k);
        const double v = st[sp];
        sp -= k + 1;
        const ArrayInfo* a = array(in.a);
        const long el = a ? element(*a, st + sp + 1) : -1;
        if (el >= 0) m->globals[a->offset + std::size_t(el)] = v;
        else if (a && m->error.empty()) m->error = "a subscript of array '" + a->name + "' is out of range";
        break;
      }
      case Op::Pop: --sp; break;
      case Op::LoopJump:
        if (m && --m->budget < 0) {
          if (m->error.empty())
            m->error = std::string("a while or do loop ran more than ") + limits::kLoopIterationsText + " times";
          return std::numeric_limits<double>::quiet_NaN();
        }
        if (!m) return std::numeric_limits<double>::quiet_NaN();
        pc = in.a - 1;
        break;
      case Op::Print: {
        const int k = int(in.k);
        sp -= k;
        if (m) print_formatted(m->out ? *m->out : std::cerr, e.strings[std::size_t(in.a)], st + sp + 1, k);
        st[++sp] = 0;
        break;
      }
      case Op::Srand:
        if (m) {
          m->reseeded = true;
          m->seed = std::uint64_t(std::llround(std::fabs(std::fmin(st[sp], 9e18))));
        }
        if (rng) rng->reseed(std::uint64_t(std::llround(std::fabs(std::fmin(st[sp], 9e18)))));
        st[sp] = 0;
        break;
      case Op::Bran: --sp; st[sp] = rng ? beta_sample(*rng, st[sp], st[sp + 1]) : 0.5; break;
      case Op::Biran: --sp; st[sp] = rng ? binomial_sample(*rng, st[sp], st[sp + 1]) : 0.0; break;
      case Op::Func: --sp; st[sp] = m ? function_value(m->functions, st[sp], st[sp + 1]) : 0.0; break;
      case Op::CurveX: case Op::CurveY: case Op::CurveZ:
        --sp;
        st[sp] = m ? curve_value(m->functions, st[sp], st[sp + 1], int(in.op) - int(Op::CurveX)) : 0.0;
        break;
      case Op::CurveLength: st[sp] = m ? curve_length(m->functions, st[sp]) : 0.0; break;
      case Op::Stop:
        if (m) m->stop = true;
        st[sp] = 0;
        break;
    }
  }
  return sp >= 0 ? st[sp] : 0.0;
}

// A cpfg printf: %d %i %x %c print the integer part, %e %f %g the number, %s
// a placeholder; the format is checked here so that no argument is read
// that was not given.
std::string cpfg_format(const std::string& fmt, const double* args, int n) {
  std::string out;
  int used = 0;
  for (std::size_t i = 0; i < fmt.size(); ++i) {
    if (fmt[i] != '%') {
      out += fmt[i];
      continue;
    }
    if (i + 1 < fmt.size() && fmt[i + 1] == '%') {
      out += '%';
      ++i;
      continue;
    }
    std::size_t j = i + 1;
    while (j < fmt.size() && std::strchr("-+ #0123456789.lh", fmt[j])) ++j;
    if (j >= fmt.size()) {
      out += fmt.substr(i);
      break;
    }
    std::string spec = "%";
    for (std::size_t k = i + 1; k < j; ++k)
      if (fmt[k] != 'l' && fmt[k] != 'h') spec += fmt[k];
    const char conv = fmt[j];
    const double v = used < n ? args[used] : 0.0;
    char buf[128];
    if (std::strchr("diouxXc", conv)) {
      ++used;
      const double c = std::isfinite(v) ? std::fmax(std::fmin(v, 9e18), -9e18) : 0.0;
      if (conv == 'c') std::snprintf(buf, sizeof buf, (spec + 'c').c_str(), int(long(c) & 0xff));
      else std::snprintf(buf, sizeof buf, (spec + "ll" + (conv == 'i' ? 'd' : conv)).c_str(), (long long)c);
      out += buf;
    } else if (std::strchr("eEfFgGaA", conv)) {
      ++used;
      std::snprintf(buf, sizeof buf, (spec + conv).c_str(), v);
      out += buf;
    } else if (conv == 's') {
      ++used;
      out += "(string)";
    } else {
      out += fmt.substr(i, j - i + 1);
    }
    i = j;
  }
  return out;
}

}  // namespace lsd::interp

// Running compiled expressions (expr.hpp): the stack machine.
#include <cmath>
#include <cstdio>
#include <iostream>
#include <limits>
#include <numbers>

#include "interpreter/cpfg/printf.hpp"
#include "interpreter/cpfg/spline_functions.hpp"
#include "interpreter/lsystem/expr.hpp"

namespace lsd::interp {
namespace {

constexpr double kDeg = std::numbers::pi / 180.0;

void print_formatted(std::ostream& os, const std::string& fmt, const double* args, int n) {
  os << cpfg_format(fmt, args, n);
  os.flush();
}

// The flat index of an array element; -1 when a subscript is out of range.
// cpfg (Machine::cpfg) takes the nearest element instead, with a warning,
// and truncates the flat index, not each subscript (generate.c, Eval).
long element(const ArrayInfo& a, const double* subs, Machine* m) {
  if (m && m->cpfg) {
    double flat = 0;
    for (std::size_t d = 0; d < a.dims.size(); ++d) {
      double x = subs[d];
      if (!std::isfinite(x)) return -1;  // (an error: cpfg's index would be undefined)
      if (!(x >= 0 && x < a.dims[d])) {
        const double near = x >= 0 ? a.dims[d] - 1 : 0;
        if (m->warning.empty()) {
          char buf[160];
          std::snprintf(buf, sizeof buf, "subscript %d of array '%s' is %g, out of range: %g is used, as cpfg does",
                        int(d) + 1, a.name.c_str(), x, near);
          m->warning = buf;
        }
        x = near;
      }
      flat = d + 1 < a.dims.size() ? (flat + x) * a.dims[d + 1] : flat + x;
    }
    return long(flat);
  }
  long flat = 0;
  for (std::size_t d = 0; d < a.dims.size(); ++d) {
    const double x = std::floor(subs[d]);
    if (!(x >= 0 && x < a.dims[d])) return -1;
    flat = flat * a.dims[d] + long(x);
  }
  return flat;
}

std::string subscript_error(const ArrayInfo& a, const double* subs) {
  for (std::size_t d = 0; d < a.dims.size(); ++d)
    if (!std::isfinite(subs[d])) return "a subscript of array '" + a.name + "' is not a finite number";
  return "a subscript of array '" + a.name + "' is out of range";
}

inline double b(bool v) { return v ? 1.0 : 0.0; }

}  // namespace

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
      case Op::Ran: st[sp] = rng ? rng->ran(st[sp]) : 0.0; break;
      case Op::Nran: --sp; st[sp] = rng ? rng->nran(st[sp], st[sp + 1]) : st[sp]; break;
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
        const long el = a ? element(*a, st + sp, m) : -1;
        if (a && el < 0 && m->error.empty()) m->error = subscript_error(*a, st + sp);
        st[sp] = el >= 0 ? m->globals[a->offset + std::size_t(el)] : std::numeric_limits<double>::quiet_NaN();
        break;
      }
      case Op::AStore: {
        const int k = int(in.k);
        const double v = st[sp];
        sp -= k + 1;
        const ArrayInfo* a = array(in.a);
        const long el = a ? element(*a, st + (sp + 1), m) : -1;
        if (el >= 0) m->globals[a->offset + std::size_t(el)] = v;
        else if (a && m->error.empty()) m->error = subscript_error(*a, st + (sp + 1));
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
        if (m) print_formatted(m->out ? *m->out : std::cerr, e.strings[std::size_t(in.a)], st + (sp + 1), k);
        st[++sp] = 0;
        break;
      }
      case Op::Srand:
        if (m) {
          m->reseeded = true;
          m->seed = std::uint64_t(std::llround(std::fabs(std::fmin(st[sp], 9e18))));
        }
        if (rng) rng->srand(st[sp]);
        st[sp] = 0;
        break;
      case Op::Bran: --sp; st[sp] = rng ? rng->bran(st[sp], st[sp + 1]) : 0.5; break;
      case Op::Biran: --sp; st[sp] = rng ? rng->biran(st[sp], st[sp + 1]) : 0.0; break;
      case Op::Func: --sp; st[sp] = m ? function_value(m->functions, st[sp], st[sp + 1]) : 0.0; break;
      case Op::CurveX: case Op::CurveY: case Op::CurveZ:
        --sp;
        st[sp] = m ? curve_value(m->functions, st[sp], st[sp + 1], int(in.op) - int(Op::CurveX)) : 0.0;
        break;
      case Op::CurveLength: st[sp] = m ? curve_length(m->functions, st[sp]) : 0.0; break;
      case Op::ModCpfg: {
        --sp;
        const double a = st[sp], d = st[sp + 1];
        const bool ok = std::fabs(a) < 2147483648.0 && std::fabs(d) < 2147483648.0 && int(d) != 0;
        st[sp] = ok ? double(int(a) % int(d)) : std::numeric_limits<double>::quiet_NaN();
        break;
      }
      case Op::TruncCpfg: st[sp] = std::floor(st[sp] + 0.5); break;
      case Op::Stop:
        if (m) m->stop = true;
        st[sp] = 0;
        break;
    }
  }
  return sp >= 0 ? st[sp] : 0.0;
}

}  // namespace lsd::interp

// A string of modules, stored as structure-of-arrays (docs/architecture.md).
//
// Symbol ids: a single-character symbol c has id (unsigned char)c, so code can
// test `s.sym[i] == 'F'`. Built-in multi-character modules have the fixed ids of
// `Builtin`; names declared with `module:` get ids from kFirstUserSymbol on, and
// the SymbolTable (symbols.hpp) maps them to text.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace lsd::interp {

using SymbolId = std::uint32_t;

// Built-in ids are 128 + the name's index in grammar::kBuiltinNames (checked
// in symbols.cpp).
enum Builtin : SymbolId {
  kSymSphere = 128,  // @O
  kSymQueryP,        // ?P
  kSymQueryH,        // ?H
  kSymQueryL,        // ?L
  kSymQueryU,        // ?U
  kSymMove,          // @M(x,y,z): cpfg's turtle move
  kSymBase,          // @Base(px,py,pz, rx,ry,rz, vx,vy,vz, wx,wy,wz): pose and velocity of a moving base
  kSymTie,           // @Tie(x, y, z): ties the body point where it stands to a world point
  // cpfg's other built-ins, in the order of kBuiltinNames
  kSymCircleScreen,  // @o(d)
  kSymCircle,        // @c(d)
  kSymCircleBoundScreen, kSymCircleBound,  // @bo @bc
  kSymVertical,      // @v
  kSymHeading,       // @R(hx,hy,hz[,ux,uy,uz])
  kSymBackColour, kSymBackColourDown,  // @; @,
  kSymScale, kSymScaleUp, kSymScaleDown,  // @D @Di @Dd
  kSymGcStart, kSymGcPoint, kSymGcEnd, kSymGcTangents, kSymGcRadius, kSymGcSides, kSymGcContour,  // @Gs @Gc @Ge @Gt @Gr @! @#
  kSymTexture, kSymTropismSet, kSymTropismUp, kSymTropismUp2, kSymTropismDown, kSymTwistMin, kSymTwistForce,
  kSymLabel, kSymSystem, kSymRayObject, kSymRayGrid, kSymRayNewObject, kSymCondCut,  // @L @S @I @J @mo @mc
  kSymPatchInit, kSymPatchPoint, kSymPatchDraw,  // @PS @PC @PD
  kSymQueryE, kSymQueryQ,                        // ?E ?Q
  kSymGraft,         // @Graft(id): pins the body point where it stands to its partner's
  kSymWeld,          // @Weld(id[, rx, ry, rz[, ox, oy, oz]]): welds it (rest rotation, offset)
  // joints: auto (docs/language.md 7.8): the place a successor keeps for a
  // joint at rest before a body it writes. The step that wrote it makes it
  // the joint symbol, or removes it (insert_joints): no stored string, no
  // production and no context ever sees it.
  kSymJointSlot = 255,
  kFirstUserSymbol = 256,
};

struct ModuleString {
  std::vector<SymbolId> sym;              // (n) symbol of each module
  std::vector<std::uint32_t> param_begin{0};  // (n+1) offset of each module's first parameter
  std::vector<double> params;             // (param_begin[n]) all parameters, flat

  std::size_t size() const { return sym.size(); }
  bool empty() const { return sym.empty(); }
  int nparams(std::size_t i) const { return int(param_begin[i + 1] - param_begin[i]); }
  const double* param(std::size_t i) const { return params.data() + param_begin[i]; }
  double* param(std::size_t i) { return params.data() + param_begin[i]; }

  void clear() {
    sym.clear();
    param_begin.assign(1, 0);
    params.clear();
  }
  // Room for this many modules and parameters; large strings on huge pages.
  void reserve(std::size_t modules, std::size_t nparams);
  void push(SymbolId s) {
    sym.push_back(s);
    param_begin.push_back(std::uint32_t(params.size()));
  }
  void push(SymbolId s, const double* p, int n) {
    sym.push_back(s);
    params.insert(params.end(), p, p + n);
    param_begin.push_back(std::uint32_t(params.size()));
  }
  void push(SymbolId s, std::initializer_list<double> p) { push(s, p.begin(), int(p.size())); }
  void append(const ModuleString& o, std::size_t from, std::size_t to);  // o[from, to)
  bool operator==(const ModuleString& o) const {
    return sym == o.sym && param_begin == o.param_begin && params == o.params;
  }
};

// For every '[' the index of its matching ']' and vice versa; -1 for other
// modules and for unmatched brackets.
std::vector<std::int32_t> match_brackets(const ModuleString& s);

}  // namespace lsd::interp

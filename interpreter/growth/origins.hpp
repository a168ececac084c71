// The exact origins of the modules of a derived string, found by deriving
// the L-system again with every module's origin tracked (lsystem/origin.hpp
// says when that is exact, and what a message falls back on).
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "interpreter/growth/lsystem.hpp"
#include "interpreter/lsystem/origin.hpp"

namespace lsd::interp {

// The exact origins of ls.current's modules, found by replay the first time
// one is asked for (ls must outlive this and not change meanwhile).
class ModuleOrigins {
 public:
  explicit ModuleOrigins(const Lsystem& ls) : ls_(ls) {}
  ModuleOrigin of(std::size_t i);
  bool exact();  // the replay made ls.current's symbols (tests)

 private:
  void replay();
  const Lsystem& ls_;
  bool replayed_ = false, exact_ = false;
  std::vector<std::int32_t> ids_;
  std::vector<grammar::Pos> places_;
  std::size_t axiom_places_ = 0;
};

}  // namespace lsd::interp

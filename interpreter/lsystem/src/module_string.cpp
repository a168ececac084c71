#include "interpreter/lsystem/module_string.hpp"

#include <cstdint>
#ifdef __linux__
#include <sys/mman.h>
#endif

namespace lsd::interp {
namespace {

// Asks the kernel to back the 2 MiB pages inside [p, p + bytes) with
// transparent huge pages (THP "madvise" mode, Debian's default). A string of
// millions of modules then takes one page fault per 2 MiB instead of one per
// 4 KiB: the faults were a third of deriving ABOP fig. 1.24a to n = 9
// (4.9 M modules). Only a hint: nothing changes where THP is off.
void advise_huge_pages([[maybe_unused]] const void* p, [[maybe_unused]] std::size_t bytes) {
#ifdef __linux__
  constexpr std::uintptr_t kHuge = std::uintptr_t(2) << 20;
  const std::uintptr_t begin = (reinterpret_cast<std::uintptr_t>(p) + kHuge - 1) & ~(kHuge - 1);
  const std::uintptr_t end = (reinterpret_cast<std::uintptr_t>(p) + bytes) & ~(kHuge - 1);
  if (end > begin) ::madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
#endif
}

template <class T>
void reserve_vector(std::vector<T>& v, std::size_t n) {
  if (n <= v.capacity()) return;
  v.reserve(n);
  advise_huge_pages(v.data(), v.capacity() * sizeof(T));
}

}  // namespace

void ModuleString::reserve(std::size_t modules, std::size_t nparams) {
  reserve_vector(sym, modules);
  reserve_vector(param_begin, modules + 1);
  reserve_vector(params, nparams);
}

void ModuleString::append(const ModuleString& o, std::size_t from, std::size_t to) {
  if (from >= to) return;
  const std::uint32_t p0 = o.param_begin[from], p1 = o.param_begin[to];
  const std::uint32_t shift = std::uint32_t(params.size()) - p0;
  sym.insert(sym.end(), o.sym.begin() + from, o.sym.begin() + to);
  if (p0 == p1) {  // no parameters (all of a plain string): every offset is the same
    param_begin.insert(param_begin.end(), to - from, std::uint32_t(params.size()));
    return;
  }
  params.insert(params.end(), o.params.begin() + p0, o.params.begin() + p1);
  for (std::size_t i = from + 1; i <= to; ++i) param_begin.push_back(o.param_begin[i] + shift);
}

std::vector<std::int32_t> match_brackets(const ModuleString& s) {
  std::vector<std::int32_t> match(s.size(), -1);
  std::vector<std::int32_t> stack;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s.sym[i] == '[') {
      stack.push_back(std::int32_t(i));
    } else if (s.sym[i] == ']' && !stack.empty()) {
      match[i] = stack.back();
      match[stack.back()] = std::int32_t(i);
      stack.pop_back();
    }
  }
  return match;
}

}  // namespace lsd::interp

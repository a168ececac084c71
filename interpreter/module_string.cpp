#include "module_string.hpp"

namespace lsd::interp {

void ModuleString::append(const ModuleString& o, std::size_t from, std::size_t to) {
  if (from >= to) return;
  const std::uint32_t p0 = o.param_begin[from], p1 = o.param_begin[to];
  const std::uint32_t shift = std::uint32_t(params.size()) - p0;
  sym.insert(sym.end(), o.sym.begin() + from, o.sym.begin() + to);
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

// libFuzzer target: arbitrary bytes as a .ls file, parsed and compiled (as
// `lsd check` does, axiom decomposition included), every diagnostic formatted
// with its source line. Must never crash, hang or use unbounded memory.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "grammar/diagnostic.hpp"
#include "interpreter/growth/lsystem.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  lsd::interp::LoadOptions opts;
  opts.max_modules = 20000;  // the axiom's decomposition stays small
  lsd::interp::Lsystem ls;
  std::vector<lsd::grammar::Diagnostic> diags;
  lsd::interp::load_lsystem_text(text, "fuzz.ls", opts, ls, diags);
  std::size_t total = 0;
  for (const auto& d : diags) total += lsd::grammar::format_diagnostic(d, &ls.source).size();
  return total == 0 ? 0 : 0;
}

#include <iostream>

#include "commands.hpp"

namespace lsd::cli {

int cmd_check(const Args& a) {
  interp::Lsystem ls;
  if (!load(a, ls)) return kExitInput;
  std::cout << a.file << ": ok (" << ls.rules.main.prods.size() << " productions, axiom of "
            << ls.rules.axiom.size() << " modules, derivation length " << ls.rules.derivation_length << ")\n";
  return kExitOk;
}

bool load_and_derive(const Args& a, interp::Lsystem& ls) {
  if (!load(a, ls)) return false;
  long n = a.n ? *a.n : std::max(0, ls.rules.derivation_length - ls.steps_done);
  interp::DeriveOptions opts;
  opts.max_modules = a.max_modules;
  std::vector<grammar::Diagnostic> diags;
  bool ok = interp::derive(ls, int(n), opts, diags);
  print_diags(diags, &ls);
  return ok;
}

int cmd_derive(const Args& a) {
  interp::Lsystem ls;
  bool ok = load_and_derive(a, ls);
  if (ls.rules.path.empty()) return kExitInput;  // nothing loaded
  if (!a.out.empty()) {
    // Even after an error, -o holds the last complete string.
    if (!save_file(a.out, interp::saved_text(ls))) return kExitInput;
    if (!ok) std::cerr << "lsd: note: " << a.out << " holds the string after " << ls.steps_done << " steps\n";
  } else if (ok) {
    interp::write_string(std::cout, ls.current, ls.rules.symbols);
  }
  return ok ? kExitOk : kExitInput;
}

}  // namespace lsd::cli

// lsd: the command-line front end (LANGUAGE.md section 7).
#include <iostream>

#include "args.hpp"
#include "commands.hpp"

int main(int argc, char** argv) {
  using namespace lsd::cli;
  std::ios::sync_with_stdio(false);
  Args a;
  if (!parse_args(argc, argv, a)) return kExitUsage;
  try {
    if (a.command == "help") return kExitOk;
    if (a.command == "check") return cmd_check(a);
    if (a.command == "derive") return cmd_derive(a);
    if (a.command == "segments") return cmd_segments(a);
    if (a.command == "export") return cmd_export(a);
    if (a.command == "run") return cmd_run(a);
    if (a.command == "render") return cmd_render(a);
    if (a.command == "view") return cmd_view(a);
  } catch (const std::bad_alloc&) {
    std::cerr << "lsd: error: out of memory (lower the derivation length or use --max-modules)\n";
    return kExitInput;
  }
  return kExitUsage;
}

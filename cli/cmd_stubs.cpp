// Commands whose implementation is not in this build yet.
#include <iostream>

#include "commands.hpp"

namespace lsd::cli {
namespace {
int not_yet(const char* what) {
  std::cerr << "lsd: error: '" << what << "' is not available in this version yet\n";
  return kExitUsage;
}
}  // namespace
int cmd_view(const Args&) { return not_yet("view"); }
}  // namespace lsd::cli

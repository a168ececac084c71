#include "viewer/consent.hpp"

#include <filesystem>
#include <system_error>

#include "interpreter/growth/lsystem.hpp"

namespace lsd::view {

ConsentQuestion consent_question(const std::string& model_path, const interp::Lsystem& ls) {
  ConsentQuestion q;
  q.needed = ls.environment_consent_needed && !ls.environment_program.empty();
  q.program = ls.environment_program;
  std::error_code ec;
  q.folder = std::filesystem::absolute(ls.environment_file, ec).parent_path().lexically_normal().string();
  q.key = model_path + "\n" + ls.environment_program;
  return q;
}

bool consent_opens(const ConsentQuestion& q, std::string& asked) {
  if (!q.needed || asked == q.key) return false;
  asked = q.key;
  return true;
}

void consent_run(const ConsentQuestion& q, interp::Trust& trust) { trust.allowed_program = q.program; }

}  // namespace lsd::view

// A cpfg model's environment file (.e, docs/language.md 9.4): its settings,
// and the program it names as the user's trust lets lsd take it (9.7). The
// program itself, and what lsd says to it, are the growth step's
// (interpreter/growth/environment.hpp).
#pragma once
#include <string>
#include <vector>

#include "interpreter/cpfg/trust.hpp"

namespace lsd::interp {

// The settings of an environment file ("key: value" lines).
struct EnvironmentFile {
  enum class Channel { kPipes, kFiles, kMemory, kSockets };
  std::string path;                  // the .e file
  Channel channel = Channel::kPipes;  // communication type (cpfg's default on Unix: pipes)
  std::string executable;            // the command line of the program
  int executable_line = 0;           // its line in the file
  // printf formats of the turtle lines sent with each ?E (cpfg_format, printf.hpp); empty: not sent
  std::string position, heading, left, up, line_width, scale_factor;
  bool following_module = true;      // the module after ?E is sent too
  bool interpreted_modules = false;  // "interpreted modules" / "when interpret": graphics lsd does not send
};

// Reads an environment file (environment_file.cpp); false with a message if
// it cannot be read (larger than 16 MiB, common/limits.hpp) or names no executable.
bool read_environment_file(const std::string& path, EnvironmentFile& out, std::string& error);
bool parse_environment_file(const std::string& text, const std::string& path, EnvironmentFile& out,
                            std::string& error);
// The words of an executable: line (a final `&` left out).
std::vector<std::string> environment_words(const std::string& executable);

// The program the environment file names, as the user's trust lets lsd
// take it (docs/language.md 9.7): a name with a `/` inside the model's
// folder (the .e file's) or a --program-dir; a bare name from a
// --program-dir, then the model's folder, then PATH only with
// allow_path_programs. Whether it may be started at all (allow_programs) is
// the caller's question. False with a message saying why and what allows it.
bool find_environment_program(const EnvironmentFile& file, const Trust& trust, std::string& program,
                              std::string& error);

// The timeout of environment programs: LSD_ENVIRONMENT_TIMEOUT seconds, else 60 (limits::kEnvironmentTimeout).
double environment_timeout();

}  // namespace lsd::interp

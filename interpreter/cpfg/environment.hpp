// cpfg's environment programs (open L-systems, Mech & Prusinkiewicz 1996):
// a separate process, named by an environment file (.e), answers the ?E
// modules of the string. lsd is the master of vlab's communication library
// (libs/comm of vlab): an environment program built with that library runs
// unchanged. docs/language.md section 9.4 describes the protocol.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "interpreter/lsystem/module_string.hpp"
#include "interpreter/lsystem/symbols.hpp"
#include "interpreter/turtle/turtle.hpp"

namespace lsd::interp {

// The settings of an environment file ("key: value" lines).
struct EnvironmentFile {
  enum class Channel { kPipes, kFiles, kMemory, kSockets };
  std::string path;                  // the .e file
  Channel channel = Channel::kPipes;  // communication type (cpfg's default on Unix: pipes)
  std::string executable;            // the command line of the program
  // printf formats of the turtle lines sent with each ?E (cpfg_format, printf.hpp); empty: not sent
  std::string position, heading, left, up, line_width, scale_factor;
  bool following_module = true;      // the module after ?E is sent too
  bool interpreted_modules = false;  // "interpreted modules" / "when interpret": graphics lsd does not send
};

// Reads an environment file; false with a message if it cannot be read or
// names no executable.
bool read_environment_file(const std::string& path, EnvironmentFile& out, std::string& error);

class EnvironmentProgram {
 public:
  // Starts the program of the environment file in the file's folder. nullptr
  // and a message if it cannot be started or does not confirm in time.
  // timeout_s bounds every wait for the program (LSD_ENVIRONMENT_TIMEOUT).
  static std::unique_ptr<EnvironmentProgram> start(const EnvironmentFile& file, double timeout_s,
                                                   std::string& error);
  ~EnvironmentProgram();  // tells the program to exit, then kills it if it does not
  EnvironmentProgram(const EnvironmentProgram&) = delete;
  EnvironmentProgram& operator=(const EnvironmentProgram&) = delete;

  struct Query {
    std::uint32_t module;  // index of the ?E in the string (also the number sent as its place)
    TurtleState turtle;    // the turtle there
  };
  // Sends the queries of string s (step: the derivation step, sent in the
  // control line) and writes the answers into the ?E parameters. False with a
  // message if the program died, did not answer in time or answered garbage;
  // the string keeps what was written before that.
  bool exchange(ModuleString& s, const SymbolTable& symbols, const std::vector<Query>& queries, int step,
                std::string& error);

 private:
  EnvironmentProgram() = default;
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The timeout of environment programs: LSD_ENVIRONMENT_TIMEOUT seconds, else 60.
double environment_timeout();

}  // namespace lsd::interp

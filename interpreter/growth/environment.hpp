// cpfg's environment programs (open L-systems, Mech & Prusinkiewicz 1996):
// a separate process, named by an environment file (.e, read by
// cpfg/environment_file.hpp), answers the ?E modules of the string before
// each derivation step. lsd is the master of vlab's communication library
// (libs/comm of vlab): an environment program built with that library runs
// unchanged. docs/language.md section 9.4 describes the protocol.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "interpreter/cpfg/environment_file.hpp"
#include "interpreter/lsystem/module_string.hpp"
#include "interpreter/lsystem/symbols.hpp"
#include "interpreter/turtle/turtle.hpp"

namespace lsd::interp {

// What an environment program sends back for one step (environment_channel.cpp):
// its lines up to a Control line with the last-chunk or exit flag, at most
// 16 MiB in all (common/limits.hpp's kEnvironmentAnswerBytes).
class AnswerReader {
 public:
  // Takes the next bytes; false with a message past the limit.
  bool feed(const char* data, std::size_t n, std::string& error);
  // Files and shared memory: the end of one chunk of the program's (a line
  // without its newline ends there). False with a message when the chunk
  // had no Control line.
  bool end_chunk(std::string& error);
  bool done() const { return done_; }  // the last Control line came
  std::vector<std::string> lines;     // the answers so far

 private:
  bool take_line(std::string line);  // true at the last Control line
  std::string partial_;
  std::size_t bytes_ = 0;
  bool done_ = false, control_ = false;
};

// Writes the answer lines ("<place> E(v1,,v3)") into the ?E modules of s.
// False with a message at the first line that is not an answer to a ?E of s
// (or whose values are not finite numbers); the lines before it are written.
bool apply_environment_answers(const std::vector<std::string>& lines, ModuleString& s, std::string& error);

class EnvironmentProgram {
 public:
  // Starts `program` (found by find_environment_program) with the
  // arguments of the environment file, in the file's folder. nullptr and a
  // message if it cannot be started or does not confirm in time. timeout_s
  // bounds every wait for the program (LSD_ENVIRONMENT_TIMEOUT).
  static std::unique_ptr<EnvironmentProgram> start(const EnvironmentFile& file, const std::string& program,
                                                   double timeout_s, std::string& error);
  ~EnvironmentProgram();  // tells the program to exit, then kills it if it does not
  EnvironmentProgram(const EnvironmentProgram&) = delete;
  EnvironmentProgram& operator=(const EnvironmentProgram&) = delete;

  struct Query {
    std::uint32_t module;  // index of the ?E in the string (also the number sent as its place)
    TurtleState turtle;    // the turtle there
  };
  // Sends the queries of string s (step: the derivation step, sent in the
  // control line) and writes the answers into the ?E parameters. False with a
  // message if the program died, did not answer in time, answered garbage
  // or sent more than the limit; the program is then stopped, and the
  // string keeps what was written before that.
  bool exchange(ModuleString& s, const SymbolTable& symbols, const std::vector<Query>& queries, int step,
                std::string& error);

 private:
  EnvironmentProgram() = default;
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace lsd::interp

// libFuzzer target: what an environment program sends lsd (interpreter/cpfg/
// environment.hpp). The first byte chooses: an environment file (.e) read
// and its program looked for (never started); or the channel: the bytes cut
// into pieces as a pipe would give them (the piece sizes from the second
// byte), read up to the last Control line, and the answers written into a
// string of ?E modules. Must never crash, hang or use unbounded memory.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "interpreter/growth/environment.hpp"

namespace {

using namespace lsd::interp;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  std::string error;
  const char* text = reinterpret_cast<const char*>(data + 2);
  const std::size_t n = size - 2;
  if (data[0] & 1) {
    EnvironmentFile file;
    if (parse_environment_file(std::string(text, n), "/nonexistent/fuzz.e", file, error)) {
      std::string program;
      Trust trust;  // no PATH: nothing outside the (missing) folder is looked at
      find_environment_program(file, trust, program, error);
      (void)environment_words(file.executable);
    }
    return 0;
  }
  AnswerReader reader;
  const std::size_t piece = 1 + data[1];
  bool ok = true;
  for (std::size_t at = 0; at < n && ok && !reader.done(); at += piece)
    ok = reader.feed(text + at, std::min(piece, n - at), error);
  if (ok && !reader.done() && (data[0] & 2)) ok = reader.end_chunk(error);  // files and memory: a chunk ends
  if (!ok) return 0;
  ModuleString s;
  const SymbolId f = 300;  // some module between the queries
  for (int k = 0; k < 6; ++k) {
    if (k % 2) s.push(f, {1.0});
    else s.push(kSymQueryE, {0.0, 0.0, double(k)});
  }
  apply_environment_answers(reader.lines, s, error);
  return 0;
}

// Command-line arguments of `lsd` (LANGUAGE.md section 7).
#pragma once
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "interpreter/lsystem.hpp"

namespace lsd::cli {

constexpr int kExitOk = 0, kExitInput = 1, kExitUsage = 2;

struct Args {
  std::string command;
  std::string file;                                     // FILE.ls
  std::vector<std::pair<std::string, double>> defines;  // -D
  std::optional<std::uint64_t> seed;                    // --seed
  std::string axiom_file;                               // --axiom-file
  std::string out;                                      // -o
  std::optional<long> n;                                // -n
  std::size_t max_modules = interp::DeriveOptions{}.max_modules;  // --max-modules
  std::map<std::string, std::string> opts;              // command-specific --name value options
  std::vector<std::string> flags;                       // command-specific --name flags
  bool has(const std::string& k) const { return opts.count(k) > 0; }
};

// Parses argv; on a usage error prints it to stderr and returns false.
bool parse_args(int argc, char** argv, Args& a);

// Reads a number option; prints a usage error and returns false if malformed.
bool number_opt(const Args& a, const std::string& name, double& v, double lo, double hi);

// Loads a.file with -D, --seed and --axiom-file, printing diagnostics to stderr.
bool load(const Args& a, interp::Lsystem& ls);
void print_diags(const std::vector<grammar::Diagnostic>& diags, const interp::Lsystem* ls);

void usage(const char* why);

// Writes a file atomically; on failure prints "lsd: error: ..." and returns false.
bool save_file(const std::string& path, const std::string& content);

}  // namespace lsd::cli

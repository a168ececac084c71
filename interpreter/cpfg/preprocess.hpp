// The C preprocessor, run on cpfg files as cpfg runs it (CPFG manual 2):
// #define with parameters and with any text, #if/#ifdef/#else/#endif,
// #undef, #include. lsd runs the system's `cpp` (Debian package cpp, part
// of every C compiler) rather than a preprocessor of its own. Its line
// markers are kept in the output, so that grammar::logical_lines places
// every line, and errors point into the user's file.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "grammar/diagnostic.hpp"

namespace lsd::interp {

struct PreprocessOptions {
  // NAME=VALUE given on the command line (-D): a `#define NAME` of the file
  // takes VALUE instead of its own text (so -D overrides, as for .ls
  // files); a NAME the file does not define is defined for it.
  std::vector<std::pair<std::string, std::string>> defines;
  // The model's folder, which #include may not leave (docs/language.md 9.7;
  // "": the file's own folder), unless allow_outside (--allow-outside-files).
  std::string root;
  bool allow_outside = false;
};

// Who runs the C preprocessor: the system's `cpp`, as a process (bounded:
// 60 s of processor time, 1 GiB of output), unless a build that starts no
// process (the web page: docs/web.md) names its own. It gets cpp's
// arguments (argv[0] "cpp", options, the file last) and writes standard
// output and errors into the files out and err; it returns cpp's exit
// status, or -1 when it could not run.
using CppRunner = int (*)(const std::vector<std::string>& argv, const std::string& out, const std::string& err);
void set_cpp_runner(CppRunner runner);

// True when text needs the preprocessor: a line that starts with '#', or defines to apply.
bool needs_preprocessor(const std::string& text, const PreprocessOptions& opts);

// Preprocesses text (the contents of path) into out, with line markers.
// cpp reads only files lsd wrote: the text, and copies of the files its
// #include directives name inside the root (src/cpp_includes.hpp); a
// directive that leaves it is a warning, and is dropped. False after
// diagnostics (a preprocessor error, no `cpp` to run).
bool preprocess(const std::string& text, const std::string& path, const PreprocessOptions& opts, std::string& out,
                std::vector<grammar::Diagnostic>& diags);

// The first half of preprocess, without cpp: the text as cpp will read it
// (L-system characters protected, the #include directives checked and
// pointed at copies written into `dir`, a folder the caller made); copies
// holds (copy, the user's file) pairs. False after an error.
bool prepare_for_cpp(const std::string& text, const std::string& path, const PreprocessOptions& opts,
                     const std::string& dir, std::string& out, std::vector<std::pair<std::string, std::string>>& copies,
                     std::vector<grammar::Diagnostic>& diags);

}  // namespace lsd::interp

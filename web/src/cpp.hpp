// The page's C preprocessor (docs/web.md). lsd runs the system's `cpp` on
// cpfg files (interpreter/cpfg/preprocess.hpp); a page cannot start a
// process, so the module runs this one in its place, through the same call
// (set_cpp_runner), on the same prepared files: the directives of the C
// standard's preprocessor (#define with and without parameters, # and ##,
// #undef, #if, #ifdef, #ifndef, #elif, #else, #endif with defined and
// integer arithmetic, #include of the copies lsd made, #error, #line and
// #pragma ignored) and GNU cpp's output: line markers, every token on the
// line it came from (a macro's expansion on the line of its name), and its
// errors as `file:line:col: error: message`. What it must do, and is tested
// to do (tests/web/cpp_test.cpp, tests/web/page_test.mjs), is give every cpfg
// example, cpfg case and cpfg file of the corpus the string lsd derives with
// GNU cpp, or the same errors at the same lines.
#pragma once
#include <string>
#include <vector>

namespace lsd::web {

// Preprocesses `path` (cpp's arguments: -D NAME=VALUE and -DNAME=VALUE
// define, other options are ignored, the last argument is the file) into
// the file `out`, its messages into the file `err`; 0, 1 after an error,
// -1 when the files cannot be opened (grammar::CppRunner).
int run_page_cpp(const std::vector<std::string>& argv, const std::string& out, const std::string& err);

// The same on text in memory (for tests): the preprocessed text and the messages.
int preprocess_text(const std::string& path, const std::string& text,
                    const std::vector<std::pair<std::string, std::string>>& defines, std::string& out,
                    std::string& messages);

}  // namespace lsd::web

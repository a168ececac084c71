// The page's C preprocessor (cpp.hpp): its preprocessing tokens, as GNU
// cpp lexes them in C mode (identifiers may hold '$'; comments are blanks;
// a backslash before a newline splices the lines).
#pragma once
#include <string>
#include <vector>

namespace lsd::web {

enum class Kind {
  kIdent,
  kNumber,   // a preprocessing number: 12, 0.5, 1e-3, 0x1F
  kString,   // "..." (character constants are protected: preprocess.cpp)
  kPunct,
  kOther,    // a byte no other kind takes
  kNewline,  // the end of a logical line
  kEof,
  kEnd,      // (not lexed) the end of a macro's expansion: text is its name
};

struct Tok {
  Kind kind = Kind::kEof;
  std::string text;
  int line = 0, col = 0;  // where it stands (1-based); an expansion's tokens: where its name stood
  bool space = false;     // blanks (or a comment) before it
  bool bol = false;       // the first token of a logical line
  bool expanded = false;  // made by a macro's expansion
  bool painted = false;   // a macro's name met inside its own expansion: never expanded
};

// The tokens of text, a kNewline at the end of every logical line, then kEof.
std::vector<Tok> lex(const std::string& text);

// The kind of a token spelt `text` (after ## pasted it).
Kind classify(const std::string& text);

// True when a printed next to b, without a blank, would read as other tokens.
bool would_paste(const Tok& a, const Tok& b);

// The # operator: the tokens of an argument as one string literal.
Tok stringify(const std::vector<Tok>& toks);

// The tokens' text, each after a blank where it had one (#error's message).
std::string join(const std::vector<Tok>& toks);

}  // namespace lsd::web

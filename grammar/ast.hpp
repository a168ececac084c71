// The syntax tree of a .ls file. Every node carries its file position.
// Module words are kept as written: splitting `ApexF` into `Apex F` needs the
// `module:` declarations and is done when the rules are compiled.
#pragma once
#include <string>
#include <vector>

#include "diagnostic.hpp"

namespace lsd::grammar {

struct Expr {
  enum class Kind { Number, Name, Unary, Binary, Ternary, Call, Star, Index, String, Address };
  Kind kind = Kind::Number;
  Pos pos;
  double value = 0;  // Number
  std::string text;  // Name, operator ("-", "!", "+", "&&", ...), function name, array name (Index),
                     // the characters of a String, the variable of an Address (&x)
  std::vector<Expr> args;  // operands, call arguments, or an Index's subscripts
};

// A statement of a cpfg block (CPFG manual 3.2): an assignment to a variable
// or an array element, an expression evaluated for its effect (printf,
// srand), if / else, while, do ... while.
struct Statement {
  enum class Kind { Assign, Eval, If, While, Do };
  Kind kind = Kind::Eval;
  Pos pos;
  std::string target;             // Assign: the variable or array
  std::vector<Expr> index;        // Assign: subscripts of an array element
  Expr value;                     // Assign: the value; Eval: the expression; If, While, Do: the condition
  std::vector<Statement> body;    // If (then), While, Do
  std::vector<Statement> orelse;  // If
  bool has_else = false;
};
using Block = std::vector<Statement>;

// One array of a define: block: `array a[3][2] = {1, 2, 3, 4, 5, 6};`.
struct ArrayDecl {
  Pos pos;
  std::string name;
  std::vector<Expr> dims;
  bool has_init = false;
  std::vector<Expr> init;
};

struct ModuleAst {
  Pos pos;
  std::string word;         // a run of symbol characters as written, e.g. "F", "ApexF", "@O", "["
  bool has_params = false;  // parentheses were written (possibly empty)
  std::vector<Expr> params;  // attach to the last symbol of `word`
};

using ModuleList = std::vector<ModuleAst>;

struct ProductionAst {
  Pos pos;                 // start of the line
  Pos arrow_pos;
  bool has_left = false, has_right = false;
  ModuleList left;         // left context (has_left: a context was written, not `*`)
  ModuleList pred;         // the strict predecessor: one module, or several (cpfg)
  ModuleList right;        // right context
  bool has_cond = false;
  Expr cond;
  bool has_pre = false, has_post = false;
  Block pre, post;         // statements before and after the condition (cpfg)
  ModuleList succ;         // empty = erase
  bool has_weight = false;
  Expr weight;
};

struct Define {
  Pos pos;
  std::string name;
  Expr value;
};

// A `key: value` line of the header or of the dynamics: section.
// The value is kept in the forms a key may need.
struct Item {
  Pos pos;                  // of the key
  std::string key;          // lower case, single spaces: "derivation length"
  Pos value_pos;
  std::string value;        // raw text after the colon, trimmed
  std::vector<Expr> exprs;  // the value read as expressions (comma or blank separated)
  ModuleList modules;       // the value read as a module list (axiom, ignore, consider)
  Block block;              // the value read as a block of statements (Start: { ... })
  std::vector<ArrayDecl> arrays;  // the value of define: { array ...; }
  bool exprs_ok = false, modules_ok = false, block_ok = false;
};

struct Section {
  enum class Kind { Productions, Decomposition, Homomorphism };
  Kind kind = Kind::Productions;
  Pos pos;
  bool has_depth = false;
  Expr max_depth;
  bool has_seed = false;  // homomorphism: its own seed (cpfg)
  Expr seed;
  std::vector<ProductionAst> productions;
};

struct FileAst {
  std::string path;
  bool cpfg = false;          // a cpfg file (.l): read with cpfg's rules where they differ
  bool ring = false;          // `ring lsystem` (cpfg)
  Pos ring_pos;
  std::string label;          // lsystem: label
  std::vector<Define> defines;  // in file order
  std::vector<Item> header;   // header items, in file order
  Section productions;        // the main productions
  bool has_decomposition = false, has_homomorphism = false, has_dynamics = false;
  Section decomposition, homomorphism;
  Pos dynamics_pos;
  std::vector<Item> dynamics;  // key: value lines of dynamics:
};

}  // namespace lsd::grammar

// The PEGTL grammar of one logical line of a .ls file (docs/language.md 2-5).
// Rules are types; each has a one-line comment. Points of no return use must<>,
// whose failures carry the messages of error_message<> below.
#pragma once
#include <tao/pegtl.hpp>
#include <tao/pegtl/contrib/analyze_traits.hpp>

#include "grammar/alphabet.hpp"

#include "common/limits.hpp"

namespace lsd::grammar::rules {
namespace peg = tao::pegtl;
using namespace peg;

struct ws : star<blank> {};                                             // blanks
struct arrow : sor<string<'-', '-', '>'>, string<'-', '>'>> {};          // --> or ->
struct star_tok : one<'*'> {};                                          // "none"

// ---- expressions (section 4), lowest precedence first
struct expr;
struct digits : plus<digit> {};
struct exponent : seq<one<'e', 'E'>, opt<one<'+', '-'>>, digits> {};
struct number : seq<sor<seq<digits, opt<one<'.'>, star<digit>>>, seq<one<'.'>, digits>>, opt<exponent>> {};
struct name : identifier {};                                            // parameter or constant
struct rparen : one<')'> {};
struct arglist : opt<list<expr, one<','>, blank>> {};
struct call : seq<name, ws, one<'('>, ws, arglist, ws, must<rparen>> {};  // f(a, b)
struct paren : seq<one<'('>, ws, must<expr>, ws, must<rparen>> {};
struct rbracket : one<']'> {};
struct subscript : seq<one<'['>, ws, list<expr, one<','>, blank>, ws, must<rbracket>> {};  // [i] or [i, j]
struct index_ref : seq<name, ws, plus<subscript, ws>> {};                // a[i][j]: an element of a define: array
struct string_lit : seq<one<'"'>, star<sor<seq<one<'\\'>, any>, not_one<'"'>>>, must<one<'"'>>> {};  // printf's format
struct address : seq<one<'&'>, ws, name, star<ws, subscript>> {};        // &x, &a[i]: fscanf's target
struct primary : sor<number, call, index_ref, name, paren, string_lit, address> {};
struct operand;                                                         // an expected operand
struct unary;
struct neg : seq<one<'-'>, not_at<one<'-', '>'>>, ws, must<operand>> {};  // -x
struct lnot : seq<one<'!'>, not_at<one<'='>>, ws, must<operand>> {};       // !x
struct unary : sor<neg, lnot, primary> {};
struct operand : unary {};
struct pow_rhs;
struct power : seq<unary, opt<ws, one<'^'>, ws, must<pow_rhs>>> {};     // right-associative
struct pow_rhs : power {};
struct op_mul : sor<one<'*'>, one<'/'>, one<'%'>> {};
struct op_add : sor<one<'+'>, seq<one<'-'>, not_at<sor<arrow, one<'>'>>>>> {};
struct op_rel : sor<string<'<', '='>, string<'>', '='>, one<'<'>, one<'>'>> {};
struct op_eq : sor<string<'=', '='>, string<'!', '='>> {};
struct op_and : string<'&', '&'> {};
struct op_or : string<'|', '|'> {};
struct rhs_mul : power {};
struct rhs_add;
struct rhs_rel;
struct rhs_eq;
struct rhs_and;
struct rhs_or;
struct mul_l : seq<power, star<ws, op_mul, ws, must<rhs_mul>>> {};
struct rhs_add : mul_l {};
struct add_l : seq<mul_l, star<ws, op_add, ws, must<rhs_add>>> {};
struct rhs_rel : add_l {};
struct rel_l : seq<add_l, star<ws, op_rel, ws, must<rhs_rel>>> {};
struct rhs_eq : rel_l {};
struct eq_l : seq<rel_l, star<ws, op_eq, ws, must<rhs_eq>>> {};
struct rhs_and : eq_l {};
struct and_l : seq<eq_l, star<ws, op_and, ws, must<rhs_and>>> {};
struct rhs_or : and_l {};
struct or_l : seq<and_l, star<ws, op_or, ws, must<rhs_or>>> {};
struct colon : one<':'> {};
struct tern_rhs : seq<expr> {};
struct ternary : seq<or_l, opt<ws, one<'?'>, ws, must<tern_rhs>, ws, must<colon>, ws, must<tern_rhs>>> {};
struct expr : seq<ternary> {};

// ---- modules (section 2)
// One character for which Pred holds: the alphabet of alphabet.hpp as a rule.
template <bool (*Pred)(char)>
struct char_if {
  using rule_t = char_if;
  using subs_t = empty_list;
  template <typename ParseInput>
  [[nodiscard]] static bool match(ParseInput& in) {
    if (in.empty() || !Pred(in.peek_char())) return false;
    in.bump(1);
    return true;
  }
};
// A symbol character (F + [ 1 ...), but not the - of -->.
struct single_sym : seq<not_at<arrow>, char_if<grammar::is_symbol_char>> {};
// A built-in name of alphabet.hpp, by longest match (@O ?P @Base).
struct known_builtin {
  using rule_t = known_builtin;
  using subs_t = empty_list;
  template <typename ParseInput>
  [[nodiscard]] static bool match(ParseInput& in) {
    const std::string_view s(in.current(), in.size(16));
    std::size_t n = grammar::builtin_length(s);
    if (n == 0 && !s.empty() && s[0] == '@') {  // cpfg's lexer skips blanks: `@ Tx` is @Tx
      std::size_t k = 1;
      while (k < s.size() && (s[k] == ' ' || s[k] == '\t')) ++k;
      if (k > 1 && k < s.size()) {
        const std::string joined = "@" + std::string(s.substr(k, 8));
        const std::size_t m = grammar::builtin_length(joined);
        if (m > 0) n = k + m - 1;
      }
    }
    if (n == 0) return false;
    in.bump(n);
    return true;
  }
};
// A built-in, or a prefix and letters that the symbol table reports as unknown.
struct builtin_sym : sor<known_builtin, seq<char_if<grammar::is_builtin_prefix>, plus<char_if<grammar::is_ascii_letter>>>> {};
// A name, split later by longest match among the declared names.
struct word_sym : seq<char_if<grammar::is_name_start>, star<char_if<grammar::is_name_char>>> {};
struct mod_word : sor<builtin_sym, word_sym, single_sym> {};
struct params : seq<one<'('>, ws, arglist, ws, must<rparen>> {};
struct module : seq<mod_word, opt<ws, params>> {};
struct module_list : star<ws, module> {};

// ---- statements: cpfg's C-like blocks (CPFG manual 3.2 and 4.1)
template <typename Key>
struct keyword : seq<Key, not_at<identifier_other>> {};
struct kw_if : keyword<TAO_PEGTL_STRING("if")> {};
struct kw_else : keyword<TAO_PEGTL_STRING("else")> {};
struct kw_while : keyword<TAO_PEGTL_STRING("while")> {};
struct kw_do : keyword<TAO_PEGTL_STRING("do")> {};
struct kw_array : keyword<TAO_PEGTL_STRING("array")> {};
struct semi : one<';'> {};
struct rbrace : one<'}'> {};
struct statement;
struct block : seq<one<'{'>, ws, star<statement, ws>, must<rbrace>> {};  // { s; s; }
struct cond_paren : seq<one<'('>, ws, must<expr>, ws, must<rparen>> {};
struct else_block : seq<kw_else, ws, must<block>> {};
struct if_stmt : seq<kw_if, ws, must<cond_paren>, ws, must<block>, opt<ws, else_block>> {};
struct while_stmt : seq<kw_while, ws, must<cond_paren>, ws, must<block>> {};
struct do_stmt : seq<kw_do, ws, must<block>, ws, must<kw_while>, ws, must<cond_paren>, ws, must<semi>> {};
struct lvalue : seq<name, ws, star<subscript, ws>> {};
struct assign_stmt : seq<lvalue, one<'='>, not_at<one<'='>>, ws, must<expr>, ws, must<semi>> {};  // x = e;  a[i] = e;
struct expr_stmt : seq<expr, ws, must<semi>> {};                                                  // printf("%g", x);
struct empty_stmt : semi {};
struct statement : sor<if_stmt, while_stmt, do_stmt, assign_stmt, expr_stmt, empty_stmt> {};
// define: { array a[2] = {1, 2}, b[3][4]; array c[5]; }
struct init_list : seq<one<'{'>, ws, list<expr, one<','>, blank>, ws, must<rbrace>> {};
struct array_decl : seq<name, ws, plus<subscript, ws>, opt<one<'='>, ws, must<init_list>>> {};
struct array_stmt : seq<kw_array, ws, list<array_decl, one<','>, blank>, ws, must<semi>> {};
struct define_block : seq<one<'{'>, ws, star<array_stmt, ws>, must<rbrace>> {};

// ---- a production (section 3)
struct left_ctx : plus<ws, module> {};
struct pred : plus<ws, module> {};  // one module, or several (cpfg: XF(x), [f(y)-f(z)])
struct right_ctx : plus<ws, module> {};
struct pre_block : block {};
struct post_block : block {};
struct cond : sor<star_tok, expr> {};
struct cond_part : seq<opt<pre_block, ws>, opt<cond, ws>, opt<post_block>> {};  // {before} condition {after}
struct succ_star : seq<star_tok, ws, at<sor<one<':'>, eolf>>> {};
struct succ : sor<succ_star, module_list> {};
struct weight : expr {};
struct end_of_line : eolf {};
struct the_arrow : arrow {};
struct predecessor : must<pred> {};
struct production
    : seq<ws, opt<sor<star_tok, left_ctx>, ws, one<'<'>>, ws, predecessor, ws,
          opt<one<'>'>, ws, sor<star_tok, right_ctx>>, ws, opt<one<':'>, ws, cond_part>, ws, must<the_arrow>, ws, succ,
          ws, opt<one<':'>, ws, must<weight>>, ws, must<end_of_line>> {};

// ---- whole-line helpers
struct expr_line : seq<ws, must<expr>, ws, must<end_of_line>> {};
struct module_line : seq<module_list, ws, must<end_of_line>> {};
struct block_value : block {};
struct block_line : seq<ws, must<block_value>, ws, opt<semi, ws>, must<end_of_line>> {};  // Start: { ... }
struct define_line : seq<ws, must<define_block>, ws, opt<semi, ws>, must<end_of_line>> {};

// Messages for must<> failures.
template <typename Rule> inline constexpr const char* error_message = "syntax error";
template <> inline constexpr const char* error_message<rparen> = "expected ')'";
template <> inline constexpr const char* error_message<operand> = "expected an operand after the unary operator";
template <> inline constexpr const char* error_message<pow_rhs> = "expected an operand after '^'";
template <> inline constexpr const char* error_message<rhs_mul> = "expected an operand after the operator";
template <> inline constexpr const char* error_message<rhs_add> = "expected an operand after the operator";
template <> inline constexpr const char* error_message<rhs_rel> = "expected an operand after the comparison";
template <> inline constexpr const char* error_message<rhs_eq> = "expected an operand after the comparison";
template <> inline constexpr const char* error_message<rhs_and> = "expected an operand after '&&'";
template <> inline constexpr const char* error_message<rhs_or> = "expected an operand after '||'";
template <> inline constexpr const char* error_message<tern_rhs> = "expected an expression in '?:'";
template <> inline constexpr const char* error_message<colon> = "expected ':' of '?:'";
template <> inline constexpr const char* error_message<expr> = "expected an expression";
template <> inline constexpr const char* error_message<pred> = "expected the predecessor module";
template <> inline constexpr const char* error_message<the_arrow> = "expected '-->' after the predecessor, its contexts and condition";
template <> inline constexpr const char* error_message<weight> = "expected the production's weight after ':'";
template <> inline constexpr const char* error_message<end_of_line> = "unexpected text";
template <> inline constexpr const char* error_message<rbracket> = "expected ']'";
template <> inline constexpr const char* error_message<rbrace> = "expected '}' or a statement";
template <> inline constexpr const char* error_message<semi> = "expected ';' after the statement";
template <> inline constexpr const char* error_message<block> = "expected a block '{ ... }'";
template <> inline constexpr const char* error_message<block_value> = "expected a block '{ ... }'";
template <> inline constexpr const char* error_message<define_block> = "expected '{ array name[size] ...; }'";
template <> inline constexpr const char* error_message<cond_paren> = "expected a condition in parentheses";
template <> inline constexpr const char* error_message<init_list> = "expected '{' and the array's values";
template <> inline constexpr const char* error_message<kw_while> = "expected 'while' after the do block";

// Every recursion of the expression grammar passes through one of these rules
// (each must be selected in the parse tree, or its control hooks are not called);
// their nesting is counted so that hostile input (`- - - ... x`, `2^2^...^2`,
// `a?b:a?b:...`, deep parentheses) fails with a message instead of
// exhausting the stack.
struct Nesting {
  int depth = 0;
};
template <typename Rule> inline constexpr bool nests = false;
template <> inline constexpr bool nests<expr> = true;
template <> inline constexpr bool nests<operand> = true;
template <> inline constexpr bool nests<pow_rhs> = true;
template <> inline constexpr bool nests<block> = true;

template <typename Rule>
struct control : peg::normal<Rule> {
  template <typename Input, typename... States>
  [[noreturn]] static void raise(const Input& in, States&&...) {
    throw peg::parse_error(error_message<Rule>, in);
  }
  template <typename Input>
  static void start(const Input& in, Nesting& n) {
    if constexpr (nests<Rule>)
      if (++n.depth > limits::kExpressionDepth) throw peg::parse_error(limits::kExpressionDepthMessage, in);
  }
  template <typename Input>
  static void success(const Input&, Nesting& n) noexcept {
    if constexpr (nests<Rule>) --n.depth;
  }
  template <typename Input>
  static void failure(const Input&, Nesting& n) noexcept {
    if constexpr (nests<Rule>) --n.depth;
  }
};

}  // namespace lsd::grammar::rules

// char_if consumes exactly one character, and known_builtin at least two, as
// far as analyze<>() is concerned.
template <typename Name, bool (*Pred)(char)>
struct tao::pegtl::analyze_traits<Name, lsd::grammar::rules::char_if<Pred>> : tao::pegtl::analyze_any_traits<> {};
template <typename Name>
struct tao::pegtl::analyze_traits<Name, lsd::grammar::rules::known_builtin> : tao::pegtl::analyze_any_traits<> {};

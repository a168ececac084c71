// A whole .ls or .l file: each logical line classified (a production, a
// `key: value` item, a section heading, #define; docs/language.md 2) and read
// into the FileAst. A mistake on one line is reported and parsing goes on.
#include <algorithm>
#include <cctype>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include "common/spelling.hpp"
#include "common/text.hpp"
#include "grammar/grammar.hpp"
#include "grammar/parser.hpp"
#include "grammar/src/syntax_tree.hpp"

namespace lsd::grammar {
namespace r = rules;

namespace {

using text::lower;
using text::trim;

// Section headings: structure of the file, not keys with values.
const char* const kSectionKeys[] = {"decomposition", "homomorphism", "interpretation", "dynamics"};

template <std::size_t N>
bool in_list(const std::string& k, const char* const (&list)[N]) {
  return std::find_if(std::begin(list), std::end(list), [&](const char* s) { return k == s; }) != std::end(list);
}

// If the line starts with words followed by ':', returns the lower-case key with
// single spaces and the offset just after the colon.
bool leading_key(const std::string& t, std::string& key, std::size_t& after) {
  std::size_t k = 0;
  while (k < t.size() && t[k] == ' ') ++k;
  std::size_t start = k;
  std::string words;
  while (k < t.size() && (std::isalpha(static_cast<unsigned char>(t[k])) || t[k] == ' ')) {
    words += t[k];
    ++k;
  }
  if (k == start || k >= t.size() || t[k] != ':') return false;
  std::string norm;
  bool space = false;
  for (char c : words) {
    if (c == ' ') {
      space = true;
      continue;
    }
    if (space && !norm.empty()) norm += ' ';
    space = false;
    norm += char(std::tolower(static_cast<unsigned char>(c)));
  }
  key = norm;
  after = k + 1;
  return true;
}

std::size_t skip_blanks(const std::string& t, std::size_t k) {
  while (k < t.size() && t[k] == ' ') ++k;
  return k;
}

struct FileParser {
  const std::string& path;
  ParseResult& res;
  KeyLookup keys;
  const ParseOptions& opts;
  enum class Where { Header, Productions, Decomposition, Homomorphism, Dynamics, End } where = Where::Header;
  bool warned_sub = false;
  bool warned_after_end = false;  // a section or dynamics key after endlsystem

  Section* current_section() {
    if (where == Where::Decomposition) return &res.file.decomposition;
    if (where == Where::Homomorphism) return &res.file.homomorphism;
    return &res.file.productions;
  }

  // Splits the value of a vector item into expressions, by commas if any, else by blanks.
  void read_exprs(const LogicalLine& line, std::size_t from, Item& item, bool vector = true) {
    const std::string& t = line.text;
    if (!vector) {  // one expression: blanks inside it mean nothing
      auto tree = parse_part<r::expr_line>(line, from, t.size(), path, res.diagnostics);
      if (!tree) return;
      Converter cv{line, from, path, res.diagnostics};
      item.exprs.push_back(cv.expr(*tree->children.at(0)));
      item.exprs_ok = cv.ok;
      return;
    }
    bool commas = false;
    int depth = 0;
    for (std::size_t k = from; k < t.size(); ++k) {
      if (t[k] == '(') ++depth;
      if (t[k] == ')') --depth;
      if (t[k] == ',' && depth == 0) commas = true;
    }
    std::vector<std::pair<std::size_t, std::size_t>> parts;
    std::size_t k = skip_blanks(t, from), start = k;
    depth = 0;
    for (; k <= t.size(); ++k) {
      char c = k < t.size() ? t[k] : 0;
      if (c == '(') ++depth;
      if (c == ')') --depth;
      bool sep = c == 0 || (depth == 0 && (commas ? c == ',' : c == ' '));
      if (!sep) continue;
      if (k > start || commas) parts.push_back({start, k});
      start = commas ? k + 1 : skip_blanks(t, k);
      if (!commas) k = start > 0 ? start - 1 : 0;
      if (c == 0) break;
    }
    item.exprs_ok = true;
    for (auto [a, b] : parts) {
      auto tree = parse_part<r::expr_line>(line, a, b, path, res.diagnostics);
      if (!tree) {
        item.exprs_ok = false;
        continue;
      }
      Converter cv{line, a, path, res.diagnostics};
      item.exprs.push_back(cv.expr(*tree->children.at(0)));
      item.exprs_ok = item.exprs_ok && cv.ok;
    }
  }

  void read_modules(const LogicalLine& line, std::size_t from, Item& item) {
    auto tree = parse_part<r::module_line>(line, from, line.text.size(), path, res.diagnostics);
    if (!tree) return;
    Converter cv{line, from, path, res.diagnostics};
    item.modules = cv.modules(*tree);
    item.modules_ok = cv.ok;
  }

  void read_block(const LogicalLine& line, std::size_t from, Item& item) {
    auto tree = parse_part<r::block_line>(line, from, line.text.size(), path, res.diagnostics);
    if (!tree) return;
    Converter cv{line, from, path, res.diagnostics};
    item.block = cv.block(*tree->children.at(0));
    item.block_ok = cv.ok;
  }

  void read_defines(const LogicalLine& line, std::size_t from, Item& item) {
    auto tree = parse_part<r::define_line>(line, from, line.text.size(), path, res.diagnostics);
    if (!tree) return;
    Converter cv{line, from, path, res.diagnostics};
    item.arrays = cv.arrays(*tree->children.at(0));
    item.block_ok = cv.ok;
  }

  void production(const LogicalLine& line) {
    auto tree = parse_part<r::production>(line, 0, line.text.size(), path, res.diagnostics);
    if (!tree) return;
    Converter cv{line, 0, path, res.diagnostics};
    ProductionAst p;
    p.pos = line.pos.empty() ? Pos{} : line.pos[skip_blanks(line.text, 0)];
    for (auto& c : tree->children) {
      const Node& n = *c;
      if (n.is_type<r::left_ctx>()) {
        p.has_left = true;
        p.left = cv.modules(n);
      } else if (n.is_type<r::pred>()) {
        p.pred = cv.modules(n);
      } else if (n.is_type<r::right_ctx>()) {
        p.has_right = true;
        p.right = cv.modules(n);
      } else if (n.is_type<r::cond>()) {
        const Node& e = *n.children.at(0);
        if (!e.is_type<r::star_tok>()) {
          p.has_cond = true;
          p.cond = cv.expr(e);
        }
      } else if (n.is_type<r::pre_block>()) {
        p.has_pre = true;
        p.pre = cv.block(n);
      } else if (n.is_type<r::post_block>()) {
        p.has_post = true;
        p.post = cv.block(n);
      } else if (n.is_type<r::the_arrow>()) {
        p.arrow_pos = cv.at(n);
      } else if (n.is_type<r::succ>()) {
        p.succ = cv.modules(n);
      } else if (n.is_type<r::weight>()) {
        p.has_weight = true;
        p.weight = cv.expr(*n.children.at(0));
      }
    }
    if (!cv.ok) return;
    if (where == Where::Header) where = Where::Productions;
    if (where == Where::Dynamics) {
      res.diagnostics.push_back({path, p.pos, "a production inside the dynamics: section"});
      return;
    }
    current_section()->productions.push_back(std::move(p));
  }

  void define(const LogicalLine& line, std::size_t after_kw) {
    const std::string& t = line.text;
    std::size_t k = skip_blanks(t, after_kw);
    std::size_t s = k;
    while (k < t.size() && (std::isalnum(static_cast<unsigned char>(t[k])) || t[k] == '_')) ++k;
    if (k == s || std::isdigit(static_cast<unsigned char>(t[s]))) {
      res.diagnostics.push_back({path, line.pos[std::min(s, t.size())], "expected a name after #define"});
      return;
    }
    Define d;
    d.pos = line.pos[s];
    d.name = t.substr(s, k - s);
    if (skip_blanks(t, k) >= t.size()) {
      res.diagnostics.push_back({path, line.pos[k], "#define " + d.name + " needs a value"});
      return;
    }
    auto tree = parse_part<r::expr_line>(line, k, t.size(), path, res.diagnostics);
    if (!tree) return;
    Converter cv{line, k, path, res.diagnostics};
    d.value = cv.expr(*tree->children.at(0));
    if (cv.ok) res.file.defines.push_back(std::move(d));
  }

  // A `key: value` line; spec says how its value is read.
  void item(const LogicalLine& line, const KeySpec& spec, std::size_t after, bool dynamics) {
    Item it;
    std::size_t ks = skip_blanks(line.text, 0);
    it.pos = line.pos[ks];
    it.key = spec.name;
    std::size_t vs = skip_blanks(line.text, after);
    it.value_pos = line.pos[std::min(vs, line.text.size())];
    it.value = trim(line.text.substr(std::min(after, line.text.size())));
    if (it.value.empty() && !spec.value_optional) {
      res.diagnostics.push_back({path, it.value_pos, "'" + it.key + ":' needs a value"});
      return;
    }
    switch (spec.kind) {
      case ValueKind::kExpr: read_exprs(line, vs, it, false); break;
      case ValueKind::kExprs: read_exprs(line, vs, it, true); break;
      case ValueKind::kModules: read_modules(line, vs, it); break;
      case ValueKind::kText: break;
      case ValueKind::kBlock: read_block(line, vs, it); break;
      case ValueKind::kDefines: read_defines(line, vs, it); break;
    }
    if (dynamics) {
      res.file.dynamics.push_back(std::move(it));
      return;
    }
    if (it.key == "lsystem") res.file.label = it.value;
    res.file.header.push_back(std::move(it));
  }

  void section(const LogicalLine& line, const std::string& key, std::size_t after) {
    Pos p = line.pos[skip_blanks(line.text, 0)];
    std::string rest = lower(trim(line.text.substr(std::min(after, line.text.size()))));
    if (!rest.empty() && rest != "no warnings" && rest != "warnings") {
      res.diagnostics.push_back({path, line.pos[skip_blanks(line.text, after)],
                                 "unexpected text after '" + key + ":'"});
    }
    auto once = [&](bool& flag, Section& s, Section::Kind kind, Where w) {
      if (flag) res.diagnostics.push_back({path, p, "a second '" + key + ":' section"});
      flag = true;
      s.kind = kind;
      s.pos = p;
      where = w;
    };
    if (key == "decomposition") {
      once(res.file.has_decomposition, res.file.decomposition, Section::Kind::Decomposition, Where::Decomposition);
    } else if (key == "homomorphism" || key == "interpretation") {
      once(res.file.has_homomorphism, res.file.homomorphism, Section::Kind::Homomorphism, Where::Homomorphism);
    } else {
      if (res.file.has_dynamics) res.diagnostics.push_back({path, p, "a second 'dynamics:' section"});
      res.file.has_dynamics = true;
      res.file.dynamics_pos = p;
      where = Where::Dynamics;
    }
  }

  void max_depth(const LogicalLine& line, std::size_t after) {
    Section* s = current_section();
    if (where != Where::Decomposition && where != Where::Homomorphism) {
      res.diagnostics.push_back({path, line.pos[skip_blanks(line.text, 0)],
                                 "'maximum depth:' belongs to a decomposition: or homomorphism: section"});
      return;
    }
    Item it;
    read_exprs(line, skip_blanks(line.text, after), it, false);
    if (!it.exprs_ok) return;
    if (it.exprs.size() != 1) {
      res.diagnostics.push_back({path, line.pos[skip_blanks(line.text, after)], "'maximum depth:' takes one value"});
      return;
    }
    s->has_depth = true;
    s->max_depth = it.exprs[0];
  }

  // `seed:` after `homomorphism`: the homomorphism's own random numbers (CPFG manual 4.3.3).
  void homomorphism_seed(const LogicalLine& line, std::size_t after) {
    Item it;
    read_exprs(line, skip_blanks(line.text, after), it, false);
    if (!it.exprs_ok) return;
    res.file.homomorphism.has_seed = true;
    res.file.homomorphism.seed = it.exprs.at(0);
  }

  void line(const LogicalLine& ln) {
    const std::string& t = ln.text;
    std::size_t k = skip_blanks(t, 0);
    if (k >= t.size()) return;
    if (where == Where::End) {  // cpfg ignores what follows endlsystem, but for sub-L-systems
      std::string key;
      std::size_t after = 0;
      if (!warned_sub && leading_key(t, key, after) && key == "lsystem") {
        res.diagnostics.push_back({path, ln.pos[k], "lsd reads the first L-system of a file only: this sub-L-system "
                                                    "(called by ?(id, scale) ... $ in cpfg) is ignored",
                                   true});
        warned_sub = true;
      }
      // No silent drop (docs/language.md 7.8): a section or a dynamics key lsd will not read.
      const std::string word = lower(trim(t));
      const bool keyed = leading_key(t, key, after);
      const bool heading = word == "decomposition" || word == "homomorphism" || word == "interpretation" ||
                           word == "dynamics" || (keyed && in_list(key, kSectionKeys));
      if (!warned_after_end && !warned_sub && (heading || (keyed && keys(KeySection::kDynamics, key)))) {
        const std::string what = heading ? keyed ? key : word : key;
        res.diagnostics.push_back({path, ln.pos[k],
                                   "'" + what + ":' after endlsystem is not read (lsd, like cpfg, ignores what follows "
                                   "endlsystem): move it before endlsystem",
                                   true});
        warned_after_end = true;
      }
      return;
    }
    if (t[k] == '#' && !res.file.cpfg) {  // a cpfg file has been through the preprocessor: # is a module there
      if (t.compare(k, 7, "#define") == 0 && (k + 7 >= t.size() || t[k + 7] == ' ')) {
        define(ln, k + 7);
      } else {
        res.diagnostics.push_back({path, ln.pos[k], "unsupported preprocessor directive (only #define is known)"});
      }
      return;
    }
    std::string word = lower(trim(t));
    if (word == "endlsystem") {
      where = Where::End;
      return;
    }
    if (word == "ring lsystem" || word == "ring l-system") {  // CPFG manual 3.1.1
      res.file.ring = true;
      res.file.ring_pos = ln.pos[k];
      return;
    }
    if (word == "decomposition" || word == "homomorphism" || word == "interpretation" || word == "dynamics") {
      section(ln, word, t.size());
      return;
    }
    std::string key;
    std::size_t after = 0;
    bool keyed = leading_key(t, key, after);
    const KeySpec* dyn_key = keyed ? keys(KeySection::kDynamics, key) : nullptr;
    const KeySpec* header_key = keyed ? keys(KeySection::kHeader, key) : nullptr;
    // A line with an arrow is a production, even when its predecessor spells
    // a key (`AXIOM : A_SW == 1 --> ...`, cpfg's lexer wants "axiom:" as written).
    if (header_key && header_key->kind != ValueKind::kBlock && t.find("-->") != std::string::npos) header_key = nullptr;
    if (dyn_key && where == Where::Dynamics) {
      item(ln, *dyn_key, after, true);
      return;
    }
    if (keyed && in_list(key, kSectionKeys)) {
      section(ln, key, after);
      return;
    }
    if (keyed && key == "maximum depth") {
      max_depth(ln, after);
      return;
    }
    if (keyed && key == "seed" && where == Where::Homomorphism) {
      homomorphism_seed(ln, after);
      return;
    }
    if (header_key) {
      if (where == Where::Dynamics) {
        res.diagnostics.push_back({path, ln.pos[k], "header item '" + key + ":' inside the dynamics: section"});
        return;
      }
      item(ln, *header_key, after, false);
      return;
    }
    bool has_arrow = t.find("->") != std::string::npos;
    if (has_arrow) {
      production(ln);
      return;
    }
    if (keyed) {
      const bool dyn = where == Where::Dynamics;
      std::string msg = std::string("unknown ") + (dyn ? "dynamics key" : "header key") + " '" + key + "'";
      if (opts.key_names) {  // the section's keys, and in the header the sections and 'maximum depth'
        std::vector<std::string> names = opts.key_names(dyn ? KeySection::kDynamics : KeySection::kHeader);
        if (!dyn) {
          names.insert(names.end(), std::begin(kSectionKeys), std::end(kSectionKeys));
          names.push_back("maximum depth");
        }
        msg += did_you_mean(key, names);
      }
      res.diagnostics.push_back({path, ln.pos[k], msg});
      return;
    }
    res.diagnostics.push_back(
        {path, ln.pos[k], "expected a production 'predecessor --> successor', a header item or a section"});
  }
};

}  // namespace

ParseResult parse_ls(const std::string& text, const std::string& path, KeyLookup keys, const ParseOptions& opts) {
  ParseResult res;
  res.file.path = path;
  res.file.cpfg = opts.cpfg;
  auto lines = logical_lines(text, path, res.diagnostics, opts.cpfg);
  FileParser fp{path, res, keys, opts};
  for (const auto& l : lines) fp.line(l);
  return res;
}

}  // namespace lsd::grammar

#include "lsystem.hpp"

#include <algorithm>

#include "grammar/parser.hpp"

namespace lsd::interp {

bool load_lsystem_text(const std::string& text, const std::string& path, const LoadOptions& opts, Lsystem& ls,
                       std::vector<grammar::Diagnostic>& diags) {
  ls = Lsystem{};
  ls.source = {path, text};
  auto parsed = grammar::parse_ls(text, path);
  std::size_t first = diags.size();
  diags.insert(diags.end(), parsed.diagnostics.begin(), parsed.diagnostics.end());
  // Compile even after parse errors: it finds more mistakes (undefined names...).
  bool ok = compile_rules(parsed.file, opts.compile, ls.rules, diags) && parsed.ok();
  std::stable_sort(diags.begin() + std::ptrdiff_t(first), diags.end(), [](const auto& a, const auto& b) {
    return a.pos.line != b.pos.line ? a.pos.line < b.pos.line : a.pos.col < b.pos.col;
  });
  if (!ok) return false;
  if (!opts.axiom_file.empty()) {
    std::string content, err;
    if (!read_file(opts.axiom_file, content, &err)) {
      diags.push_back({opts.axiom_file, {}, err});
      return false;
    }
    StringHeader h;
    if (!read_string(content, opts.axiom_file, ls.rules.symbols, ls.current, h, diags)) return false;
    ls.steps_done = h.step;
    ls.time = h.time;
    return true;
  }
  ls.current = ls.rules.axiom;
  auto res = decompose(ls.rules, ls.current, -1, DeriveOptions{}, ls.scratch);
  if (!res.ok) {
    diags.push_back(res.error);
    return false;
  }
  return true;
}

bool load_lsystem(const std::string& path, const LoadOptions& opts, Lsystem& ls,
                  std::vector<grammar::Diagnostic>& diags) {
  std::string text, err;
  if (!read_file(path, text, &err)) {
    diags.push_back({path, {}, err});
    return false;
  }
  return load_lsystem_text(text, path, opts, ls, diags);
}

bool derive(Lsystem& ls, int n, const DeriveOptions& opts, std::vector<grammar::Diagnostic>& diags) {
  for (int k = 0; k < n; ++k) {
    auto res = derive_step(ls.rules, ls.current, ls.steps_done, opts, ls.scratch);
    if (!res.ok) {  // ls.current still holds the last complete string
      diags.push_back(res.error);
      return false;
    }
    ++ls.steps_done;
  }
  return true;
}

std::string saved_text(const Lsystem& ls) {
  StringHeader h;
  h.present = true;
  h.time = ls.time;
  h.step = ls.steps_done;
  return header_line(h) + string_to_text(ls.current, ls.rules.symbols);
}

}  // namespace lsd::interp

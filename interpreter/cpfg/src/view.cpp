#include "interpreter/cpfg/view.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "common/limits.hpp"
#include "common/numbers.hpp"
#include "common/spelling.hpp"
#include "common/text.hpp"
#include "interpreter/cpfg/preprocess.hpp"
#include "interpreter/cpfg/src/view_commands.hpp"

namespace lsd::interp {
namespace {

using text::lower;
using text::trim;

// The numbers of a value, separated by blanks or commas, up to the first
// word that is not a finite number.
std::vector<double> numbers(const std::string& s) {
  std::vector<double> out;
  std::string t = s;
  std::replace(t.begin(), t.end(), ',', ' ');
  std::istringstream in(t);
  std::string w;
  while (in >> w) {
    double v = 0;
    if (read_c_number(w.data(), w.data() + w.size(), v).ec == std::errc::invalid_argument || !std::isfinite(v)) break;
    out.push_back(v);
  }
  return out;
}

// A command as the table knows it: lower case, its blanks one space each, trimmed.
std::string command_of(const std::string& text) {
  std::string key;
  for (char c : lower(text))
    if (!(c == ' ' || c == '\t') || (!key.empty() && key.back() != ' ')) key += (c == '\t' ? ' ' : c);
  return trim(key);
}

// Removes /* */ and // comments, keeping the lines.
std::string strip_comments(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text.compare(i, 2, "/*") == 0) {
      const std::size_t e = text.find("*/", i + 2);
      const std::size_t stop = e == std::string::npos ? text.size() : e + 2;
      for (std::size_t k = i; k < stop; ++k)
        if (text[k] == '\n') out += '\n';
      i = stop - 1;
      continue;
    }
    if (text.compare(i, 2, "//") == 0) {
      while (i < text.size() && text[i] != '\n') ++i;
      if (i < text.size()) out += '\n';
      continue;
    }
    out += text[i];
  }
  return out;
}

}  // namespace

void read_view_file(const std::string& path, CpfgView& view, FunctionSet& functions,
                    std::vector<grammar::Diagnostic>& diags, const ModelFolder& folder) {
  std::string text, err;
  if (!read_model_file(path, limits::kModelFileBytes, limits::kModelFileBytesText, text, err)) {
    diags.push_back({path, {}, err + ": the view file's settings are not used", true});
    return;
  }
  read_view_text(std::move(text), path, view, functions, diags, folder);
}

void read_view_text(std::string text, const std::string& path, CpfgView& view, FunctionSet& functions,
                    std::vector<grammar::Diagnostic>& diags, const ModelFolder& model_folder) {
  view.present = true;
  view.path = path;
  detail::ViewReader r(path, model_folder, view, functions, diags);
  std::vector<grammar::Diagnostic> pp_diags;
  std::string preprocessed;
  PreprocessOptions pp;
  pp.root = r.model.root;
  pp.allow_outside = r.model.allow_outside;
  if (needs_preprocessor(text, pp) && preprocess(text, path, pp, preprocessed, pp_diags)) {
    // line markers: keep the line count by dropping them (they stand on their own lines)
    std::string kept;
    std::istringstream in(preprocessed);
    std::string l;
    while (std::getline(in, l))
      if (!(l.size() > 1 && l[0] == '#' && l[1] == ' ')) kept += l + "\n";
    text = kept;
  }
  for (auto& d : pp_diags) d.warning = true;
  diags.insert(diags.end(), pp_diags.begin(), pp_diags.end());
  std::istringstream in(strip_comments(text));
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (trim(line).empty()) continue;
    const std::size_t colon = line.find(':');
    if (colon == std::string::npos) {
      r.warn(number, "unknown view command '" + trim(line) + "' is ignored");
      continue;
    }
    detail::ViewLine l{number, command_of(line.substr(0, colon)), trim(line.substr(colon + 1)), {}};
    l.nums = numbers(l.value);
    if (!detail::read_view_command(r, l))
      r.warn(number, "unknown view command '" + l.key + ":' is ignored" + did_you_mean(l.key, detail::view_command_names()));
  }
  if (!r.textures->empty()) view.textures = std::move(r.textures);
  if (!r.framing.empty()) {
    std::string list;
    for (const auto& k : r.framing) list += (list.empty() ? "" : ", ") + k;
    r.warn(r.framing_line, "lsd frames and lights the plant itself: " + list + " ignored");
  }
}

}  // namespace lsd::interp

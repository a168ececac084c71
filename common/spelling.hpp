// "Did you mean": the closest of a few known names to a misspelled word, for
// every message that refuses a name (command-line options and commands, the
// keys of a .ls file's header and dynamics: section, a cpfg view file's
// commands, a camera file's keys; docs/language.md 8.3).
//
// Header-only and dependency-free: grammar/, interpreter/, viewer/ and cli/
// all read it.
#pragma once
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

namespace lsd {

// Levenshtein distance (insertions, deletions and substitutions count 1).
inline std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diag = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}

// The closest of `names` to `word`, or "" when none is close: at most
// max(2, |word| / 3) edits away (the first of equally close ones).
inline std::string closest(std::string_view word, const std::vector<std::string>& names) {
  std::string best;
  std::size_t best_d = std::max<std::size_t>(2, word.size() / 3) + 1;
  for (const std::string& n : names) {
    const std::size_t d = edit_distance(word, n);
    if (d < best_d) {
      best_d = d;
      best = n;
    }
  }
  return best;
}

// " (did you mean 'x'?)" for the closest name, or "" when none is close.
inline std::string did_you_mean(std::string_view word, const std::vector<std::string>& names) {
  const std::string near = closest(word, names);
  return near.empty() ? std::string() : " (did you mean '" + near + "'?)";
}

}  // namespace lsd

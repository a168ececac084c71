// Small text helpers shared by every reader: one trim and one lower-case, so
// that a key, a view-file command and an environment answer are cleaned the
// same way. Header-only and dependency-free, like limits.hpp.
#pragma once
#include <cctype>
#include <string>
#include <string_view>

namespace lsd::text {

// The text without leading and trailing blanks (spaces, tabs, line ends).
inline std::string trim(std::string_view s) {
  constexpr std::string_view kBlanks = " \t\r\n";
  const std::size_t a = s.find_first_not_of(kBlanks);
  if (a == std::string_view::npos) return {};
  return std::string(s.substr(a, s.find_last_not_of(kBlanks) - a + 1));
}

// ASCII lower case (keys and commands are ASCII; other bytes pass unchanged).
inline std::string lower(std::string s) {
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace lsd::text

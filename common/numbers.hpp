// Numbers as text: one reader and one shortest round-trip writer that every
// build of lsd uses (native, sanitizer, WebAssembly), so that a string, a
// saved file and a message read and write the same characters everywhere,
// whatever the C++ library offers (docs/language.md section 3: string files).
//
// The reader is fast_float (Debian's libfast-float-dev), the writer's digits
// are Dragonbox's (libdragonbox-dev); both are header libraries used only by
// common/src/numbers.cpp. The text is exactly std::to_chars' and the syntax
// and errors exactly std::from_chars' (tests/common/numbers_test.cpp compares
// them where the C++ library has both).
#pragma once
#include <charconv>  // std::from_chars_result (integer from_chars exists in every C++ library)
#include <cstddef>
#include <string>

namespace lsd {

// Reads a double at [first, last) as std::from_chars(first, last, v) does:
// an optional '-', decimal digits with an optional point and exponent, or
// inf, infinity, nan, nan(...) in any case; no '+', no blank, no hexadecimal.
// On success ec is errc() and ptr is past the number. Invalid text gives
// errc::invalid_argument with ptr == first; a number too large or too small
// for a double (a nonzero one that would read as zero) gives
// errc::result_out_of_range with ptr past it. v is changed only on success.
std::from_chars_result read_double(const char* first, const char* last, double& v);

// The decimal numbers of C's strtod and strtof, as cpfg's files are read:
// read_double's, and also a leading '+'. Out of range, v is what strtod
// returns (an infinity, or zero) and ec is errc::result_out_of_range.
// No blanks are skipped and no hexadecimal is read.
std::from_chars_result read_c_number(const char* first, const char* last, double& v);
std::from_chars_result read_c_number(const char* first, const char* last, float& v);

// Writes v at p, which has room for kNumberChars characters, and returns the
// end: the text std::to_chars(p, end, v) writes. The shortest decimal that
// reads back as v; fixed or scientific form, whichever is shorter (fixed on a
// tie), the exponent as e+XX or e-XX with at least two digits; -0, inf, -inf,
// nan and -nan as they are.
constexpr std::size_t kNumberChars = 32;
char* write_double(char* p, double v);

// The same text as a string.
std::string format_double(double v);

}  // namespace lsd

#include "common/numbers.hpp"

#include <dragonbox/dragonbox.h>
#include <fast_float/fast_float.h>

#include <cmath>
#include <cstdint>
#include <cstring>

namespace lsd {
namespace {

// ---- Reading.

// Whether the significand of a number's text [first, last) has a digit other
// than 0: a number that reads as zero is then too small for the type.
bool nonzero_significand(const char* first, const char* last) {
  for (const char* p = first; p != last && *p != 'e' && *p != 'E'; ++p)
    if (*p >= '1' && *p <= '9') return true;
  return false;
}

// fast_float reads a number too large as an infinity and one too small as
// zero, without an error: as std::from_chars and strtod do, say
// result_out_of_range there. `x` is the value read.
template <class T>
std::errc range_of(const char* first, const char* last, T x) {
  const char lead = *first == '-' ? first[1] : *first;  // a digit or '.' for a number, a letter for inf and nan
  if (std::isinf(x) && lead != 'i' && lead != 'I') return std::errc::result_out_of_range;
  if (x == 0 && nonzero_significand(first, last)) return std::errc::result_out_of_range;
  return std::errc();
}

// fast_float's reading with std::from_chars' errors; out of range, `x` is
// what strtod would return.
template <class T>
std::from_chars_result read_as_from_chars(const char* first, const char* last, T& x) {
  const auto r = fast_float::from_chars(first, last, x);
  if (r.ec != std::errc()) return {first, r.ec};
  return {r.ptr, range_of(first, r.ptr, x)};
}

// read_c_number: strtod's optional '+', which from_chars refuses ("+-1"
// stays invalid), and strtod's value out of range.
template <class T>
std::from_chars_result read_c(const char* first, const char* last, T& v) {
  const bool plus = first != last && *first == '+' && last - first > 1 && first[1] != '-' && first[1] != '+';
  T x;
  const auto r = read_as_from_chars(first + (plus ? 1 : 0), last, x);
  if (r.ec == std::errc::invalid_argument) return {first, r.ec};
  v = x;
  return r;
}

// ---- Writing.

char* copy(char* p, const char* text) {
  const std::size_t n = std::strlen(text);
  std::memcpy(p, text, n);
  return p + n;
}

// The digits of n, as std::to_chars writes an unsigned integer.
char* write_unsigned(char* p, std::uint64_t n) { return std::to_chars(p, p + 20, n).ptr; }

// The digits at p, n of them, made d.ddde+XX: a point after the first
// unless there is one digit, and the exponent of the first digit with a sign
// and at least two digits.
char* make_scientific(char* p, int n, int exponent) {
  char* end = p + n;
  if (n > 1) {
    for (int k = n - 1; k >= 1; --k) p[k + 1] = p[k];
    p[1] = '.';
    ++end;
  }
  const int x = exponent + n - 1;
  *end++ = 'e';
  *end++ = x < 0 ? '-' : '+';
  const unsigned a = unsigned(x < 0 ? -x : x);
  if (a >= 100) *end++ = char('0' + a / 100);
  *end++ = char('0' + a / 10 % 10);
  *end++ = char('0' + a % 10);
  return end;
}

// The exact digits of a whole number a below 10^22, as printf's %.0f writes
// them (std::to_chars' fixed form writes every digit of a large whole
// number, not the shortest digits followed by zeros).
char* write_whole(char* p, double a) {
  if (a < 18446744073709551616.0) return write_unsigned(p, std::uint64_t(a));  // below 2^64
  int e2 = 0;
  const std::uint64_t m = std::uint64_t(std::ldexp(std::frexp(a, &e2), 53));  // a = m 2^(e2 - 53)
  // m 2^k in base 10^9, k = e2 - 53 <= 21: each limb times 2^k stays below 2^64.
  constexpr std::uint64_t kBase = 1'000'000'000;
  std::uint64_t limb[3] = {m % kBase, m / kBase % kBase, m / kBase / kBase};
  std::uint64_t carry = 0;
  for (std::uint64_t& l : limb) {
    l = (l << (e2 - 53)) + carry;
    carry = l / kBase;
    l %= kBase;
  }
  // a < 10^22 < 10^27: no carry out of the third limb.
  int top = 2;
  while (top > 0 && limb[top] == 0) --top;
  p = write_unsigned(p, limb[top]);
  for (int k = top - 1; k >= 0; --k) {
    char nine[9];
    const char* end = write_unsigned(nine, limb[k]);
    const std::ptrdiff_t n = end - nine;
    p = std::fill_n(p, 9 - n, '0');
    p = std::copy(nine, nine + n, p);
  }
  return p;
}

// The digits at p, n of them, times 10^exponent, exponent < 0, made fixed:
// "0.00ddd" or "dd.ddd".
char* make_fraction(char* p, int n, int exponent) {
  const int whole = n + exponent;  // digits before the point
  if (whole > 0) {
    std::memmove(p + whole + 1, p + whole, std::size_t(-exponent));
    p[whole] = '.';
    return p + n + 1;
  }
  const int lead = 2 - whole;  // "0." and the zeros after it
  std::memmove(p + lead, p, std::size_t(n));
  p[0] = '0', p[1] = '.';
  std::fill_n(p + 2, -whole, '0');
  return p + lead + n;
}

// Every double: Dragonbox's shortest digits m 10^e (the one closest to v
// among the shortest, as Ryu's, which std::to_chars uses), laid out as
// std::to_chars lays them out: fixed when its text is not longer than the
// scientific one.
char* write_general(char* p, double v) {
  if (std::isnan(v)) return copy(p, std::signbit(v) ? "-nan" : "nan");
  if (std::signbit(v)) *p++ = '-';
  if (std::isinf(v)) return copy(p, "inf");
  if (v == 0) return copy(p, "0");
  const auto d = jkj::dragonbox::to_decimal(v, jkj::dragonbox::policy::sign::ignore);
  const int n = int(write_unsigned(p, d.significand) - p);  // the digits, laid out in place below
  // Fixed is not longer for exponents in [-(n + 3), 5], one less on each side for one
  // digit (scientific then has no point).
  const int lower = n == 1 ? -3 : -(n + 3), upper = n == 1 ? 4 : 5;
  if (d.exponent < lower || d.exponent > upper) return make_scientific(p, n, d.exponent);
  if (d.exponent >= 0) return write_whole(p, std::fabs(v));
  return make_fraction(p, n, d.exponent);
}

}  // namespace

std::from_chars_result read_double(const char* first, const char* last, double& v) {
  double x;
  const auto r = read_as_from_chars(first, last, x);
  if (r.ec == std::errc()) v = x;
  return r;
}

std::from_chars_result read_c_number(const char* first, const char* last, double& v) { return read_c(first, last, v); }
std::from_chars_result read_c_number(const char* first, const char* last, float& v) { return read_c(first, last, v); }

char* write_double(char* p, double v) {
  // v = m / 1000 exactly for an integer m: the digits of m with the point
  // put back are the shortest text that reads back as v (below 10^5 a
  // different decimal that reads back as v would be within an ulp, < 10^-11,
  // of it), and the general layout writes it in this fixed form too (its
  // scientific form is never shorter). -0 takes the general path.
  if (v > -1e5 && v < 1e5) {
    const double scaled = v * 1000;
    const std::int64_t m = std::int64_t(scaled + (scaled < 0 ? -0.5 : 0.5));
    if (double(m) / 1000 == v && (m != 0 || !std::signbit(v))) {
      std::uint64_t a = static_cast<std::uint64_t>(m);
      if (m < 0) {
        *p++ = '-';
        a = 0 - a;
      }
      p = write_unsigned(p, a / 1000);
      std::uint64_t frac = a % 1000;
      if (frac == 0) return p;
      *p++ = '.';
      for (std::uint64_t place = 100; frac != 0; place /= 10) {
        *p++ = char('0' + frac / place);
        frac %= place;
      }
      return p;
    }
  }
  return write_general(p, v);
}

std::string format_double(double v) {
  char buf[kNumberChars];
  return std::string(buf, write_double(buf, v));
}

}  // namespace lsd

// Tests of common/src/numbers.cpp: the writer's text is std::to_chars' and
// the reader's syntax and errors std::from_chars' (compared where the C++
// library has them: libstdc++ does, libc++ 13 of emscripten does not), the C
// reader's strtod's and strtof's; and what holds in every build: a written
// number reads back bit for bit, and the layouts of a table of known texts.
#include <catch2/catch.hpp>

#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "common/numbers.hpp"

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

double from_bits(std::uint64_t u) { return std::bit_cast<double>(u); }

std::string written(double v) {
  char buf[lsd::kNumberChars];
  return std::string(buf, lsd::write_double(buf, v));
}

// The values the writer is compared on: random bit patterns over the whole
// range, subnormals, powers of 10 and 2 with their neighbours, integers
// near 2^53, 2^64 and 10^22 (where the fixed form writes every digit), every
// count of digits at each side of the fixed/scientific boundary, the fast
// path's decimals of three places, and the special values.
std::vector<double> writer_values() {
  std::vector<double> v;
  std::mt19937_64 rng(20240601);
  for (int i = 0; i < 200'000; ++i) v.push_back(from_bits(rng()));
  for (int i = 0; i < 20'000; ++i) v.push_back(from_bits(rng() & 0x800f'ffff'ffff'ffffu));  // subnormals
  auto with_neighbours = [&](double x) {
    double down = x, up = x;
    for (int k = 0; k < 3; ++k) {
      down = std::nextafter(down, 0.0), up = std::nextafter(up, kInf);
      v.insert(v.end(), {down, up, -down, -up});
    }
    v.insert(v.end(), {x, -x});
  };
  for (int e = -325; e <= 308; ++e) with_neighbours(std::pow(10.0, e));
  for (int e = -1074; e <= 1023; ++e) with_neighbours(std::ldexp(1.0, e));
  for (double base : {9007199254740992.0, 18446744073709551616.0, 1e21, 1e22})
    for (int k = -2000; k <= 2000; ++k) with_neighbours(base + double(k) * std::ldexp(base, -52));
  for (int n = 1; n <= 17; ++n) {  // n significant digits, exponents around [-(n + 3), 5]
    for (int e = -n - 6; e <= 8; ++e) {
      for (int i = 0; i < 20; ++i) {
        std::uint64_t m = 1 + rng() % 9;
        for (int k = 1; k < n; ++k) m = m * 10 + rng() % 10;
        if (m % 10 == 0) ++m;
        const std::string text = std::to_string(m) + "e" + std::to_string(e);
        double x = 0;
        lsd::read_double(text.data(), text.data() + text.size(), x);
        v.insert(v.end(), {x, -x});
      }
    }
  }
  for (long m = -200'000; m <= 200'000; ++m) {  // the fast path, and the general one beside it
    const double x = double(m) / 1000;
    v.insert(v.end(), {x, std::nextafter(x, kInf)});
  }
  v.insert(v.end(), {0.0, -0.0, kInf, -kInf, std::numeric_limits<double>::quiet_NaN(),
                     -std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::max(),
                     std::numeric_limits<double>::denorm_min(), std::numeric_limits<double>::min()});
  return v;
}

// A mismatch is reported for its value (the first few only: a broken writer
// would otherwise print a million lines); the count must be zero.
void report(long& bad, const std::string& what) {
  if (++bad <= 10) FAIL_CHECK(what);
}

}  // namespace

#if defined(__cpp_lib_to_chars)
TEST_CASE("write_double writes std::to_chars' text, byte for byte") {
  long bad = 0;
  const std::vector<double> values = writer_values();
  for (double v : values) {
    char buf[64];
    const std::string standard(buf, std::to_chars(buf, buf + sizeof buf, v).ptr);
    if (written(v) != standard) report(bad, standard + " written as " + written(v));
  }
  CHECK(bad == 0);
  CHECK(values.size() > 1'000'000);
}

TEST_CASE("read_double reads as std::from_chars: the same value, end and error") {
  std::mt19937_64 rng(7);
  long bad = 0, texts = 0;
  auto same = [&](const std::string& s) {
    ++texts;
    const char* b = s.data();
    const char* e = b + s.size();
    double ours = 12345, standard = 12345;  // left as they are on an error
    const auto r = lsd::read_double(b, e, ours);
    const auto q = std::from_chars(b, e, standard);
    const bool same_value = std::bit_cast<std::uint64_t>(ours) == std::bit_cast<std::uint64_t>(standard) ||
                            (std::isnan(ours) && std::isnan(standard) && std::signbit(ours) == std::signbit(standard));
    if (r.ec != q.ec || r.ptr != q.ptr || !same_value) report(bad, "'" + s + "' read differently");
  };
  // any text of the characters a number is made of, and a few others
  const std::string some = "0123456789.eE+-infatyINFATYn() x";
  const std::string digits = "0000123456789.eE-+";
  for (int i = 0; i < 100'000; ++i) {
    std::string s, t;
    for (std::size_t k = rng() % 12; k > 0; --k) s += some[rng() % some.size()];
    for (std::size_t k = rng() % 40; k > 0; --k) t += digits[rng() % digits.size()];
    same(s);
    same(t);
  }
  // numbers as printf writes them, at every precision; decimals far beyond
  // the range (out of range both ways) and of hundreds of digits
  char buf[700];
  for (int i = 0; i < 50'000; ++i) {
    const double v = from_bits(rng());
    const int precision = int(rng() % 25);
    same(std::string(buf, std::size_t(std::snprintf(buf, sizeof buf, "%.*g", precision, v))));
    same(std::string(buf, std::size_t(std::snprintf(buf, sizeof buf, "%.*e", precision, v))));
    same(std::string(buf, std::size_t(std::snprintf(buf, sizeof buf, "%llue%d", (unsigned long long)(rng() >> (rng() % 64)),
                                                     int(rng() % 800) - 400))));
    same(std::string(buf, std::size_t(std::snprintf(buf, sizeof buf, "0.%0*llu", int(rng() % 400),
                                                     (unsigned long long)(rng() % 1000)))));
    same(std::string(buf, std::size_t(std::snprintf(buf, sizeof buf, "%llu%0*d", (unsigned long long)rng(),
                                                     int(rng() % 320), 0))));
  }
  CHECK(bad == 0);
  CHECK(texts == 450'000);
}
#endif

TEST_CASE("write_double's text reads back as the same double") {
  std::mt19937_64 rng(11);
  long bad = 0;
  for (int i = 0; i < 200'000; ++i) {
    const double v = from_bits(rng());
    if (!std::isfinite(v)) continue;
    const std::string s = written(v);
    double back = 0;
    const auto r = lsd::read_double(s.data(), s.data() + s.size(), back);
    if (r.ec != std::errc() || r.ptr != s.data() + s.size() || std::bit_cast<std::uint64_t>(back) != std::bit_cast<std::uint64_t>(v))
      report(bad, s + " does not read back");
  }
  CHECK(bad == 0);
}

TEST_CASE("write_double's layouts: fixed when not longer, exponents of two digits, every digit of large whole numbers") {
  // The texts std::to_chars writes (C++17 [charconv.to.chars]): shortest
  // digits, fixed or scientific by length, fixed on a tie, and a fixed whole
  // number written exactly as printf's %.0f writes it.
  const std::vector<std::pair<double, const char*>> known{
      {1e22, "1e+22"},
      {1e21, "1e+21"},
      {1e5, "1e+05"},
      {123456, "123456"},
      {1e16, "1e+16"},
      {123456789012345680000.0, "123456789012345683968"},
      {12345678901234567e5, "1234567890123456774144"},
      {18446744073709551616.0, "18446744073709551616"},
      {9007199254740993.0, "9007199254740992"},
      {1e15 + 0.25, "1000000000000000.2"},
      {0.0001, "1e-04"},
      {0.001, "0.001"},
      {0.00123, "0.00123"},
      {1e-5, "1e-05"},
      {2.5e-7, "2.5e-07"},
      {0.1 + 0.2, "0.30000000000000004"},
      {1.0 / 3, "0.3333333333333333"},
      {100000.5, "100000.5"},
      {-12.5, "-12.5"},
      {0.05, "0.05"},
      {5e-324, "5e-324"},
      {std::numeric_limits<double>::max(), "1.7976931348623157e+308"},
      {-0.0, "-0"},
      {0.0, "0"},
      {kInf, "inf"},
      {-kInf, "-inf"},
      {std::numeric_limits<double>::quiet_NaN(), "nan"},
      {-std::numeric_limits<double>::quiet_NaN(), "-nan"},
  };
  for (const auto& [v, text] : known) {
    INFO(text);
    CHECK(written(v) == text);
    CHECK(lsd::format_double(v) == text);
  }
}

TEST_CASE("read_double's syntax and errors are std::from_chars'") {
  struct Case {
    const char* text;
    std::errc ec;
    int length;    // characters read (0 on invalid_argument)
    double value;  // 12345: left as it was
  };
  const Case cases[] = {
      {"", std::errc::invalid_argument, 0, 12345},
      {"+1", std::errc::invalid_argument, 0, 12345},  // no '+'
      {" 1", std::errc::invalid_argument, 0, 12345},  // no blank
      {".", std::errc::invalid_argument, 0, 12345},
      {"-", std::errc::invalid_argument, 0, 12345},
      {"e5", std::errc::invalid_argument, 0, 12345},
      {"0x10", std::errc(), 1, 0},  // no hexadecimal: 0, then "x10"
      {"1e", std::errc(), 1, 1},
      {"1e+", std::errc(), 1, 1},
      {".5", std::errc(), 2, 0.5},
      {"5.", std::errc(), 2, 5},
      {"-2.5e-3)", std::errc(), 7, -0.0025},
      {"1E2,", std::errc(), 3, 100},
      {"0e999999", std::errc(), 8, 0},
      {"1e400", std::errc::result_out_of_range, 5, 12345},
      {"-1e400", std::errc::result_out_of_range, 6, 12345},
      {"1e-400", std::errc::result_out_of_range, 6, 12345},
      {"2.4703282292062327e-324", std::errc::result_out_of_range, 23, 12345},  // below half the least subnormal
      {"2.4703282292062328e-324", std::errc(), 23, 5e-324},
      {"1.7976931348623159e308", std::errc::result_out_of_range, 22, 12345},
      {"1.7976931348623158e308", std::errc(), 22, std::numeric_limits<double>::max()},
      {"inf", std::errc(), 3, kInf},
      {"-Infinity", std::errc(), 9, -kInf},
  };
  for (const Case& c : cases) {
    INFO("'" << c.text << "'");
    double v = 12345;
    const auto r = lsd::read_double(c.text, c.text + std::strlen(c.text), v);
    CHECK(r.ec == c.ec);
    CHECK(r.ptr - c.text == c.length);
    CHECK(v == c.value);
  }
  double v = 0;
  const char* nan = "nan(snan)";
  CHECK(lsd::read_double(nan, nan + 9, v).ptr == nan + 9);
  CHECK(std::isnan(v));
}

TEST_CASE("read_c_number reads as strtod and strtof (decimal numbers, with or without '+')") {
  std::mt19937_64 rng(5);
  long bad = 0;
  auto same = [&](const std::string& s) {
    const char* b = s.data();
    const char* e = b + s.size();
    char* end_d = nullptr;
    char* end_f = nullptr;
    const double d = std::strtod(s.c_str(), &end_d);
    const float f = std::strtof(s.c_str(), &end_f);
    double ours_d = 12345;
    float ours_f = 12345;
    const auto rd = lsd::read_c_number(b, e, ours_d);
    const auto rf = lsd::read_c_number(b, e, ours_f);
    const bool read_d = end_d != s.c_str(), read_f = end_f != s.c_str();
    const bool ok_d = read_d == (rd.ec != std::errc::invalid_argument) &&
                      (!read_d || (rd.ptr == end_d && (std::memcmp(&d, &ours_d, sizeof d) == 0 || (std::isnan(d) && std::isnan(ours_d)))));
    const bool ok_f = read_f == (rf.ec != std::errc::invalid_argument) &&
                      (!read_f || (rf.ptr == end_f && (std::memcmp(&f, &ours_f, sizeof f) == 0 || (std::isnan(f) && std::isnan(ours_f)))));
    if (!ok_d || !ok_f) report(bad, "'" + s + "' read differently");
  };
  const std::string digits = "0000123456789.eE-+";
  char buf[64];
  for (int i = 0; i < 50'000; ++i) {
    std::string t;
    for (std::size_t k = rng() % 40; k > 0; --k) t += digits[rng() % digits.size()];
    same(t);
    const int precision = int(rng() % 20);
    same(std::string(buf, std::size_t(std::snprintf(buf, sizeof buf, "%+.*g", precision, from_bits(rng())))));
    same(std::string(buf, std::size_t(std::snprintf(buf, sizeof buf, "%.*e", precision, double(std::bit_cast<float>(std::uint32_t(rng())))))));
  }
  for (const char* s : {"+inf", "+nan", "-infinity", "1e39", "+1e-50", "1e400", "-1e-400", "+", "+-1", "++1", "+.5", "+e1"}) same(s);
  CHECK(bad == 0);
  // strtod's values out of range, with the error said
  auto read_c = [](const std::string& text, double& v) { return lsd::read_c_number(text.data(), text.data() + text.size(), v); };
  double v = 0;
  CHECK(read_c("1e400", v).ec == std::errc::result_out_of_range);
  CHECK(v == kInf);
  CHECK(read_c("-1e-400", v).ec == std::errc::result_out_of_range);
  CHECK((v == 0 && std::signbit(v)));
}

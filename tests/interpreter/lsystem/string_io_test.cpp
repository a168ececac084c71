// Tests of interpreter/lsystem/src/string_io.cpp: string files round-trip exactly.
#include <sys/resource.h>

#include <catch2/catch.hpp>
#include <cstring>
#include <csignal>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>

#include "support/lsd_test.hpp"

using namespace lsd;

TEST_CASE("write then read gives back every double bit for bit") {
  interp::SymbolTable syms;
  interp::SymbolId apex = syms.declare("Apex");
  interp::ModuleString s;
  interp::Rng rng(3);
  for (int i = 0; i < 2000; ++i) {
    double v = (rng.uniform() - 0.5) * std::pow(10.0, double(int(rng.uniform() * 40) - 20));
    s.push(i % 3 == 0 ? apex : 'F', {v, 0.1, -0.0, 1e-300, std::numeric_limits<double>::max()});
    s.push('[');
    s.push(interp::kSymSphere, {1.0 / 3.0});
    s.push(']');
  }
  std::string text = interp::string_to_text(s, syms);
  interp::ModuleString back;
  interp::StringHeader h;
  std::vector<grammar::Diagnostic> d;
  REQUIRE(interp::read_string(text, "s.txt", syms, back, h, d));
  CHECK(back == s);
  CHECK(std::signbit(back.param(0)[2]));
}

TEST_CASE("the header line and comments; errors are located") {
  interp::SymbolTable syms;
  interp::ModuleString s;
  interp::StringHeader h;
  std::vector<grammar::Diagnostic> d;
  REQUIRE(interp::read_string("# lsd t=1.25 step=3\n# a comment\nF(1) [ +(2) F ]\n", "s", syms, s, h, d));
  CHECK(h.present);
  CHECK(h.time == 1.25);
  CHECK(h.step == 3);
  CHECK(s.size() == 5);
  CHECK_FALSE(interp::read_string("F(1)\nF(1,x)\n", "s", syms, s, h, d));
  REQUIRE(!d.empty());
  CHECK(d[0].pos.line == 2);
  CHECK(d[0].pos.col == 5);
  d.clear();
  CHECK_FALSE(interp::read_string("F(1e999)", "s", syms, s, h, d));
  CHECK_THAT(d[0].message, Catch::Contains("out of range"));
}

TEST_CASE("atomic writes replace the file whole") {
  std::string path = lsd::test::temp_path("atomic_test.txt");
  std::string err;
  REQUIRE(interp::write_file_atomic(path, "first\n", &err));
  REQUIRE(interp::write_file_atomic(path, "second\n", &err));
  std::string back;
  REQUIRE(interp::read_file(path, back, &err));
  CHECK(back == "second\n");
  CHECK_FALSE(interp::write_file_atomic("/nonexistent-dir/x.txt", "x", &err));
  CHECK_THAT(err, Catch::Contains("cannot write"));
  std::remove(path.c_str());
}

TEST_CASE("derive 3, save, load with --axiom-file, derive 2 equals derive 5 (parameters bit for bit)") {
  for (const char* fig : {"abop/fig2_6a.ls", "abop/fig1_27.ls", "abop/fig1_31b.ls", "abop/fig2_8a.ls"}) {
    interp::Lsystem a;
    std::vector<grammar::Diagnostic> d;
    REQUIRE(interp::load_lsystem(test::example(fig), {}, a, d));
    REQUIRE(interp::derive(a, 3, {}, d));
    std::string path = lsd::test::temp_path("resume_test.txt");
    std::string err;
    REQUIRE(interp::write_file_atomic(path, interp::saved_text(a), &err));
    interp::LoadOptions o;
    o.axiom_file = path;
    interp::Lsystem b;
    REQUIRE(interp::load_lsystem(test::example(fig), o, b, d));
    CHECK(b.steps_done == 3);
    REQUIRE(interp::derive(b, 2, {}, d));
    interp::Lsystem c;
    REQUIRE(interp::load_lsystem(test::example(fig), {}, c, d));
    REQUIRE(interp::derive(c, 5, {}, d));
    CHECK(b.current == c.current);
    std::remove(path.c_str());
  }
}

TEST_CASE("the base state is @Base; a twelve-parameter @M of versions 1 and 2 still reads as it") {
  interp::SymbolTable syms;
  interp::ModuleString s;
  interp::StringHeader h;
  std::vector<grammar::Diagnostic> d;
  REQUIRE(interp::read_string("@M(1,2,3,0,0,0,0,0,0,0,0,0) F @M(1,2) @Base(0,0,0,0,0,0,0,0,0,0,0,0)", "s", syms, s, h, d));
  REQUIRE(s.size() == 4);
  CHECK(s.sym[0] == interp::kSymBase);
  CHECK(s.sym[2] == interp::kSymMove);  // two or three parameters: cpfg's turtle move
  CHECK(s.sym[3] == interp::kSymBase);
  CHECK(interp::string_to_text(s, syms).rfind("@Base(1,2,3,", 0) == 0);
  d.clear();
  CHECK_FALSE(interp::read_string("@Q(1)", "s", syms, s, h, d));
  CHECK_THAT(d.front().message, Catch::Contains("unknown module '@Q'"));
}

namespace {
// A string with names, built-ins and parameters among long parameterless
// runs of one-character modules, so that a write crosses its buffer many
// times, on both of write_modules' paths.
interp::ModuleString mixed_string(interp::SymbolTable& syms, std::size_t modules) {
  const interp::SymbolId apex = syms.declare("Apex");
  interp::ModuleString s;
  interp::Rng rng(5);
  while (s.size() < modules) {
    const double r = rng.uniform();
    if (r < 0.001) s.push(apex, {rng.uniform(), 2.5, -0.0});
    else if (r < 0.002) s.push(interp::kSymSphere, {double(s.size())});
    else if (r < 0.003) s.push(apex);
    else s.push("F+-&^"[int(rng.uniform() * 5)]);
  }
  return s;
}
}  // namespace

TEST_CASE("a string streamed through the bounded buffer is the same text as string_to_text") {
  interp::SymbolTable syms;
  const interp::ModuleString s = mixed_string(syms, 1'500'000);  // about 3 MB of text
  const std::string text = interp::string_to_text(s, syms);
  REQUIRE(text.size() > 2 * interp::kStreamBuffer);
  const std::string path = lsd::test::temp_path("streamed.txt");
  std::FILE* f = std::fopen(path.c_str(), "wb");
  REQUIRE(f);
  std::fputs("first ", f);  // what the FILE holds goes first
  CHECK(interp::write_string(f, s, syms));
  std::fclose(f);
  std::string back, err;
  REQUIRE(interp::read_file(path, back, &err));
  CHECK(back == "first " + text);
  // and as a string file, with its header line
  interp::StringHeader h;
  h.present = true;
  h.time = 1.5;
  h.step = 7;
  REQUIRE(interp::write_string_file(path, h, s, syms, &err));
  REQUIRE(interp::read_file(path, back, &err));
  CHECK(back == interp::header_line(h) + text);
  interp::ModuleString read_back;
  interp::StringHeader h2;
  std::vector<grammar::Diagnostic> d;
  REQUIRE(interp::read_string(back, path, syms, read_back, h2, d));
  CHECK(read_back == s);
  CHECK(h2.step == 7);
  std::remove(path.c_str());
}

TEST_CASE("a string file that cannot be written whole leaves the old file as it was") {
  interp::SymbolTable syms;
  const interp::ModuleString s = mixed_string(syms, 1'000'000);
  const lsd::test::TempDir dir;
  const std::string path = dir.write("old.txt", "# lsd t=0 step=1\nF\n");
  std::string err;
  {
    // files may not grow past 64 KiB: the write fails part way (EFBIG)
    struct sigaction ignore {}, old_action {};
    ignore.sa_handler = SIG_IGN;
    ::sigaction(SIGXFSZ, &ignore, &old_action);
    rlimit old_limit{};
    ::getrlimit(RLIMIT_FSIZE, &old_limit);
    rlimit small = old_limit;
    small.rlim_cur = 1 << 16;
    ::setrlimit(RLIMIT_FSIZE, &small);
    const bool ok = interp::write_string_file(path, {}, s, syms, &err);
    ::setrlimit(RLIMIT_FSIZE, &old_limit);
    ::sigaction(SIGXFSZ, &old_action, nullptr);
    CHECK_FALSE(ok);
  }
  CHECK_THAT(err, Catch::Contains("failed"));
  CHECK(lsd::test::read_lines(path) == std::vector<std::string>{"# lsd t=0 step=1", "F"});
  // no temporary file is left beside it
  std::size_t files = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir.path(""))) ++files;
  CHECK(files == 1);
  CHECK_FALSE(interp::write_string_file("/nonexistent-dir/x.txt", {}, s, syms, &err));
  CHECK_THAT(err, Catch::Contains("cannot write"));
}

namespace {
// The parameters of a string, bit for bit (== would take -0 for 0).
std::vector<std::uint64_t> bits(const interp::ModuleString& s) {
  std::vector<std::uint64_t> out(s.params.size());
  for (std::size_t k = 0; k < s.params.size(); ++k) std::memcpy(&out[k], &s.params[k], sizeof(double));
  return out;
}

// A string of one module F per value, written and read back.
struct RoundTrip {
  interp::ModuleString written, read;
  std::string text;
  bool ok = false;
};
RoundTrip round_trip(const std::vector<double>& values) {
  interp::SymbolTable syms;
  RoundTrip r;
  for (double v : values) r.written.push('F', {v});
  r.text = interp::string_to_text(r.written, syms);
  interp::StringHeader h;
  std::vector<grammar::Diagnostic> d;
  r.ok = interp::read_string(r.text, "s.txt", syms, r.read, h, d);
  return r;
}
}  // namespace

TEST_CASE("the edge cases of numbers read back bit for bit: -0, integers, three places, the extremes") {
  using lim = std::numeric_limits<double>;
  std::vector<double> values = {-0.0, 0.0, 1, -1, 99999, -99999, 100000, 99999.999, 1e15, 9007199254740993.0,
                                std::ldexp(1.0, 53) + 2, 1e22, 1e23, -1e300, lim::max(), lim::lowest(), lim::min(),
                                -lim::min(), lim::denorm_min(), -lim::denorm_min(), lim::epsilon(), 1 + lim::epsilon(),
                                0.001, -0.001, 0.0005, 0.1 + 0.2, 1.0 / 3.0, 25.7, -137.508, 12.345, 2.5e-8};
  for (long m = -3000; m <= 3000; ++m) {  // every three-place decimal in [-3, 3] and its neighbours
    values.push_back(double(m) / 1000);
    values.push_back(std::nextafter(double(m) / 1000, 10.0));
    values.push_back(std::nextafter(double(m) / 1000, -10.0));
  }
  interp::Rng rng(17);
  for (int i = 0; i < 20'000; ++i) {  // random bit patterns: every finite double is fair game
    std::uint64_t b = std::uint64_t(rng.uniform() * 4294967296.0) << 32 | std::uint64_t(rng.uniform() * 4294967296.0);
    double v;
    std::memcpy(&v, &b, sizeof v);
    if (std::isfinite(v)) values.push_back(v);
  }
  const RoundTrip r = round_trip(values);
  REQUIRE(r.ok);
  CHECK(bits(r.read) == bits(r.written));
  CHECK(r.text.rfind("F(-0) F(0) F(1) F(-1) F(99999) F(-99999) F(1e+05) F(99999.999) F(1e+15) ", 0) == 0);
}

TEST_CASE("NaN and infinity are written as text that reading refuses (a derivation never stores them)") {
  const RoundTrip r = round_trip({std::nan(""), std::numeric_limits<double>::infinity(),
                                  -std::numeric_limits<double>::infinity()});
  CHECK(r.text == "F(nan) F(inf) F(-inf)\n");
  CHECK_FALSE(r.ok);
  for (const char* bad : {"F(nan)", "F(inf)", "F(-inf)", "F(1e309)"}) {
    interp::SymbolTable syms;
    interp::ModuleString s;
    interp::StringHeader h;
    std::vector<grammar::Diagnostic> d;
    CHECK_FALSE(interp::read_string(bad, "s", syms, s, h, d));
    REQUIRE(d.size() == 1);
    CHECK(d[0].pos.col == 3);
    CHECK_THAT(d[0].message, Catch::Contains("out of range"));
  }
}

TEST_CASE("an output path that cannot be written is a clear error and nothing else changes") {
  interp::SymbolTable syms;
  interp::ModuleString s;
  s.push('F', {1.5});
  const lsd::test::TempDir dir;
  std::string err;
  // a folder that does not exist; a folder where the file should be
  CHECK_FALSE(interp::write_string_file(dir.path("no/such/folder.txt"), {}, s, syms, &err));
  CHECK_THAT(err, Catch::Contains("cannot write") && Catch::Contains("No such file or directory"));
  CHECK_FALSE(interp::write_string_file(dir.path(""), {}, s, syms, &err));
  CHECK_THAT(err, Catch::Contains("Is a directory"));
  // a device is written, never replaced: a link to /dev/full fails with the
  // device's own error, a link to /dev/null takes the text; both stay links
  namespace fs = std::filesystem;
  fs::create_symlink("/dev/full", dir.path("full.txt"));
  fs::create_symlink("/dev/null", dir.path("null.txt"));
  CHECK_FALSE(interp::write_string_file(dir.path("full.txt"), {}, s, syms, &err));
  CHECK_THAT(err, Catch::Contains("writing") && Catch::Contains("failed: No space left on device"));
  CHECK(interp::write_string_file(dir.path("null.txt"), {}, s, syms, &err));
  CHECK(fs::is_symlink(dir.path("full.txt")));
  CHECK(fs::is_symlink(dir.path("null.txt")));
  CHECK(fs::is_character_file("/dev/null"));
  // a link to a file: the file is replaced whole, beside itself, and the link stays
  const std::string real = dir.write("real.txt", "old\n");
  fs::create_symlink("real.txt", dir.path("link.txt"));
  REQUIRE(interp::write_string_file(dir.path("link.txt"), {}, s, syms, &err));
  CHECK(fs::is_symlink(dir.path("link.txt")));
  CHECK(lsd::test::read_lines(real).back() == "F(1.5)");
  std::size_t files = 0;  // no temporary file left
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir.path(""))) ++files;
  CHECK(files == 4);
}

// Tests of interpreter/string_io.cpp: string files round-trip exactly.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdio>
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

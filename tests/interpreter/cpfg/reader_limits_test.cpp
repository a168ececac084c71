// Every reader of a cpfg model's files refuses sizes and counts beyond
// common/limits.hpp's, with a message that names the file and the limit
// (docs/language.md 9.7): nothing is allocated for a size a header merely
// claims, nothing runs for long.
#include <catch2/catch.hpp>
#include <string>

#include "common/limits.hpp"
#include "interpreter/cpfg/curves.hpp"
#include "interpreter/growth/environment.hpp"
#include "interpreter/cpfg/spline_functions.hpp"
#include "interpreter/cpfg/texture.hpp"
#include "interpreter/cpfg/view.hpp"
#include "support/lsd_test.hpp"

using namespace lsd;

namespace {

std::string points(int n) {
  std::string s;
  for (int k = 0; k < n; ++k) s += std::to_string(double(k) / n) + " 0.5\n";
  return s;
}

// A PNG signature and IHDR chunk of w x h pixels (the rest missing).
std::string png_header(std::uint32_t w, std::uint32_t h) {
  std::string s = "\x89PNG\r\n\x1a\n";
  s += std::string("\0\0\0\x0dIHDR", 8);
  for (std::uint32_t v : {w, h})
    for (int k = 3; k >= 0; --k) s += char((v >> (8 * k)) & 0xff);
  s += std::string("\x08\x06\0\0\0", 5);
  s += std::string("\0\0\0\0", 4);  // CRC (stb does not check it)
  return s;
}

}  // namespace

TEST_CASE("functions, contours and curves: points, samples and items beyond the limits are refused") {
  interp::SplineFunction f;
  std::string err;
  CHECK_FALSE(interp::parse_function_text("fver 1 1\npoints: 1000000\n" + points(4), "big.func", f, err));
  CHECK_THAT(err, Catch::Contains("big.func: line 2: 'points: 1000000': more than the limit of 10,000 points"));
  CHECK(interp::parse_function_text("fver 1 1\npoints: 10000\n" + points(10000), "max.func", f, err));
  CHECK_FALSE(interp::parse_function_text("fver 1 1\nsamples: 20000\npoints: 4\n" + points(4), "s.func", f, err));
  CHECK_THAT(err, Catch::Contains("more than the limit of 10,000 samples"));
  std::vector<interp::SplineFunction> set;
  CHECK_FALSE(interp::parse_function_set_text("funcgalleryver 1 1\nitems: 5000\n", "g.fset", set, err));
  CHECK_THAT(err, Catch::Contains("more than the limit of 1,000 functions"));
  // Tables of 10,000 samples each (the limit for one function): the third passes the file's 20,000.
  std::string three = "funcgalleryver 1 1\nitems: 3\n";
  for (int k = 0; k < 3; ++k) three += "fver 1 1\nsamples: 10000\npoints: 4\n" + points(4);
  CHECK_FALSE(interp::parse_function_set_text(three, "t.fset", set, err));
  CHECK_THAT(err, Catch::Contains("t.fset: function 3: the function tables of this model's view file ask for more "
                                  "than the limit of 20,000 samples in all"));
  std::string two = "funcgalleryver 1 1\nitems: 2\n";
  for (int k = 0; k < 2; ++k) two += "fver 1 1\nsamples: 10000\npoints: 4\n" + points(4);
  CHECK(interp::parse_function_set_text(two, "two.fset", set, err));
  CHECK(set.size() == 2);
  interp::Contour c;
  CHECK_FALSE(interp::parse_contour_text("cver 1 3\npoints: 99999999999999999999\n", "c.con", c, err));
  CHECK_THAT(err, Catch::Contains("limit of 10,000 points"));
  interp::CurveXYZ curve;
  CHECK_FALSE(interp::parse_curve_text("4 3 open\n0 0 0\n1 0 0\n2 0 0\n3 0 0\n", "k.con", 1000000, curve, err));
  CHECK_THAT(err, Catch::Contains("limit of 10,000 samples"));
  // an endpoint B-spline of the most points, at the most samples: quick (each point sums four basis functions)
  CHECK(interp::parse_curve_text("version: 1.4\npoints: 10000\ntype: bspline-endpoint\n" + points(10000), "e.con",
                                 10000, curve, err));
}

TEST_CASE("images: a header's size beyond the limit, and a cut run-length image, are refused before pixels are made") {
  interp::Texture t;
  std::string err;
  const std::string big = png_header(100000, 100000);  // (stb_image refuses it itself)
  CHECK_FALSE(interp::decode_image(reinterpret_cast<const std::uint8_t*>(big.data()), big.size(), "big.png", t, err));
  CHECK_THAT(err, Catch::Contains("big.png"));
  const std::string ppm = "P6\n100000 100000\n255\n";
  CHECK_FALSE(interp::decode_image(reinterpret_cast<const std::uint8_t*>(ppm.data()), ppm.size(), "big.ppm", t, err));
  CHECK_THAT(err, Catch::Contains("100000 x 100000") && Catch::Contains(limits::kImageSizeText));
  // SGI, 65535 x 65535, RLE, with its row tables missing
  std::string sgi(512, '\0');
  sgi[0] = char(0x01), sgi[1] = char(0xda), sgi[2] = 1, sgi[3] = 1, sgi[5] = 3;
  sgi[6] = sgi[7] = sgi[8] = sgi[9] = char(0xff), sgi[11] = 3;
  CHECK_FALSE(interp::decode_image(reinterpret_cast<const std::uint8_t*>(sgi.data()), sgi.size(), "big.rgb", t, err));
  CHECK_THAT(err, Catch::Contains("65535 x 65535"));
  sgi[6] = sgi[8] = 0, sgi[7] = sgi[9] = 64;  // 64 x 64: the tables are missing
  CHECK_FALSE(interp::decode_image(reinterpret_cast<const std::uint8_t*>(sgi.data()), sgi.size(), "cut.rgb", t, err));
  CHECK_THAT(err, Catch::Contains("cut short"));
  CHECK(t.rgba.empty());
}

TEST_CASE("surfaces: more patches than the limit are refused") {
  std::string s = "CONTACT POINT X: 0 Y: 0 Z: 0\nEND POINT X: 0 Y: 1 Z: 0\nHEADING X: 0 Y: 1 Z: 0\nUP X: 0 Y: 0 Z: 1\n"
                  "SIZE: 1\n";
  std::string patch = "p\nTOP COLOR: 1 DIFFUSE: 1\nAL: ~ A: ~ AR: ~\nL: ~ R: ~\nBL: ~ B: ~ BR: ~\n";
  for (int k = 0; k < 16; ++k) patch += "0 0 0\n";
  for (int k = 0; k <= limits::kSurfacePatches; ++k) s += patch;
  interp::CpfgSurface surf;
  std::string err;
  CHECK_FALSE(interp::parse_surface_text(s, "many.s", 1, surf, err));
  CHECK_THAT(err, Catch::Contains("limit of 10,000"));
}

TEST_CASE("a view file names at most 256 files") {
  test::TempDir dir;
  dir.write("c.con", "4 3 closed\n1 0 0\n0 1 0\n-1 0 0\n0 -1 0\n");
  std::string v;
  for (int k = 1; k <= 300; ++k) v += "contour: " + std::to_string(k) + " c.con\n";
  interp::CpfgView view;
  interp::FunctionSet fs;
  std::vector<grammar::Diagnostic> d;
  interp::read_view_file(dir.write("p.v", v), view, fs, d);
  CHECK(fs.contours.size() == 256);
  REQUIRE_FALSE(d.empty());
  CHECK(d[0].pos.line == 257);
  CHECK_THAT(d[0].message, Catch::Contains("limit of 256 files"));
}

TEST_CASE("the function tables of everything one view file loads share one budget of 20,000 samples") {
  // Function files of 5,000 samples each (each alone well under the budget),
  // and old function files whose samples the view file gives: the files up to
  // 20,000 samples in all get their tables, each one after gets the warning.
  test::TempDir dir;
  dir.write("f.func", "fver 1 1\nname: f\nsamples: 5000\npoints: 4\n" + points(4));
  dir.write("old.func", "range: 0 1\npoints: 4\n" + points(4));
  std::string two = "funcgalleryver 1 1\nitems: 2\n";
  for (int k = 0; k < 2; ++k) two += "fver 1 1\nsamples: 10\npoints: 4\n" + points(4);
  dir.write("two.fset", two);
  std::string v = "function: f.func\nfunction: f.func\nfunction: old.func 5000\nfunction: f.func\n";  // 20,000
  v += "function: f.func\nfunction: old.func 5000\nfunction: old.func 2\nfunction set: two.fset\n";
  interp::CpfgView view;
  interp::FunctionSet fs;
  std::vector<grammar::Diagnostic> d;
  interp::read_view_file(dir.write("p.v", v), view, fs, d);
  REQUIRE(fs.functions.size() == 7);  // the set was refused: the 7 lines' functions, numbered as cpfg numbers them
  for (int k = 0; k < 4; ++k) CHECK(fs.functions[std::size_t(k)].table.size() == 5000);
  CHECK(fs.functions[4].points.empty());  // refused, kept for the numbering
  CHECK(fs.functions[5].points.empty());
  CHECK(fs.functions[6].points.size() == 4);  // no table asked for: read
  CHECK(fs.functions[6].table.empty());
  REQUIRE(d.size() == 3);
  const char* wording = "the function tables of this model's view file ask for more than the limit of 20,000 samples "
                        "in all";
  for (int k = 0; k < 3; ++k) {
    CHECK(d[std::size_t(k)].warning);
    CHECK_THAT(d[std::size_t(k)].message, Catch::Contains(wording));
  }
  CHECK(d[0].pos.line == 5);
  CHECK_THAT(d[0].message, Catch::Contains("f.func: " + std::string(wording) + ": 'function:' is ignored"));
  CHECK(d[1].pos.line == 6);
  CHECK_THAT(d[1].message, Catch::Contains("old.func: " + std::string(wording)));
  CHECK(d[2].pos.line == 8);
  CHECK_THAT(d[2].message, Catch::Contains("two.fset: function 1: " + std::string(wording)));
  // each file alone is under the budget: a view file naming one of them loads it
  interp::FunctionSet one;
  d.clear();
  interp::read_view_file(dir.write("one.v", "function set: two.fset\nfunction: f.func\n"), view, one, d);
  CHECK(d.empty());
  CHECK(one.functions.size() == 3);
}

TEST_CASE("an environment program's answers: at most 16 MiB for one step, a Control line ends them") {
  interp::AnswerReader r;
  std::string err;
  const std::string chunk(1 << 20, 'x');
  bool ok = true;
  for (int k = 0; k < 17 && ok; ++k) ok = r.feed(chunk.data(), chunk.size(), err);
  CHECK_FALSE(ok);
  CHECK_THAT(err, Catch::Contains("more than 16 MiB"));
  interp::AnswerReader a;
  const std::string text = "0 E(1,,3)\nControl: 1\n0 E(4)\nControl: 5\nignored\n";
  REQUIRE(a.feed(text.data(), 7, err));  // in pieces, as a pipe gives them
  REQUIRE(a.feed(text.data() + 7, text.size() - 7, err));
  CHECK(a.done());
  CHECK(a.lines == std::vector<std::string>{"0 E(1,,3)", "0 E(4)"});
}

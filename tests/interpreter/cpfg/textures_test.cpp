// Tests of textures in a cpfg model (CPFG manual 6.7.4, 8.1.7; cpfg's
// textures.c): the image readers, the view file's texture: lines, @Tx, and
// the texture coordinates of cylinders, polygons, surfaces and generalized
// cylinders. Every image here is written by the test.
#include <catch2/catch.hpp>
#include <cmath>
#include <fstream>
#include <set>

#include "interpreter/turtle/turtle.hpp"
#include "support/lsd_test.hpp"
#include "drawn.hpp"

using namespace lsd;
using namespace lsd::cpfg_test;

namespace {

// An SGI image file (Haeberli's format): a 512-byte header, then the channels
// plane by plane, bottom row first, verbatim, or run-length encoded with the
// tables of row offsets and lengths. `planes[z][y][x]`, one byte per value.
std::string sgi_file(const std::vector<std::vector<std::vector<int>>>& planes, bool rle) {
  const int zs = int(planes.size()), ys = int(planes[0].size()), xs = int(planes[0][0].size());
  std::string f(512, '\0');
  auto be16 = [](std::string& s, std::size_t at, int v) {
    s[at] = char(v >> 8);
    s[at + 1] = char(v & 0xff);
  };
  be16(f, 0, 474);
  f[2] = char(rle ? 1 : 0);
  f[3] = 1;
  be16(f, 4, 3);
  be16(f, 6, xs);
  be16(f, 8, ys);
  be16(f, 10, zs);
  if (!rle) {
    for (const auto& plane : planes)
      for (const auto& row : plane)
        for (int v : row) f += char(v);
    return f;
  }
  // each row: a literal run of its first value, then one repeat run of the rest when they are equal
  std::vector<std::string> rows;
  for (const auto& plane : planes)
    for (const auto& row : plane) {
      std::string r;
      r += char(0x80 | 1);
      r += char(row[0]);
      if (xs > 1) {
        r += char(xs - 1);  // a repeat run: the count, then the value once
        r += char(row[1]);
      }
      r += char(0);
      rows.push_back(r);
    }
  const std::size_t tables = 512 + 8 * rows.size();
  std::string starts, lengths;
  std::size_t at = tables;
  for (const std::string& r : rows) {
    std::string be(4, '\0'), bl(4, '\0');
    for (int k = 0; k < 4; ++k) {
      be[std::size_t(k)] = char((at >> (24 - 8 * k)) & 0xff);
      bl[std::size_t(k)] = char((r.size() >> (24 - 8 * k)) & 0xff);
    }
    starts += be;
    lengths += bl;
    at += r.size();
  }
  f += starts + lengths;
  for (const std::string& r : rows) f += r;
  return f;
}

const std::uint8_t* texel_of(const interp::Texture& t, int x, int y) {
  return &t.rgba[(std::size_t(y) * std::size_t(t.width) + std::size_t(x)) * 4];
}

}  // namespace

TEST_CASE("texture images: SGI RGB verbatim and run-length encoded, PNM through stb_image, bottom row first") {
  test::TempDir dir;
  // 3 x 2, RGB: the bottom row (stored first) red then blue, the top row green
  const std::vector<std::vector<std::vector<int>>> rgb = {
      {{200, 0, 0}, {0, 0, 0}},    // red
      {{0, 0, 0}, {210, 210, 210}},  // green
      {{0, 220, 220}, {0, 0, 0}}};  // blue
  for (bool rle : {false, true}) {
    interp::Texture t;
    std::string err;
    REQUIRE(interp::read_image(dir.write(rle ? "r.rgb" : "v.rgb", sgi_file(rgb, rle)), t, err));
    CHECK(t.width == 3);
    CHECK(t.height == 2);
    const std::uint8_t* p = texel_of(t, 0, 0);
    CHECK((p[0] == 200 && p[1] == 0 && p[2] == 0 && p[3] == 255));
    p = texel_of(t, 2, 0);
    CHECK((p[0] == 0 && p[1] == 0 && p[2] == 220));
    p = texel_of(t, 1, 1);
    CHECK((p[0] == 0 && p[1] == 210 && p[2] == 0));
  }
  // grey and grey with alpha
  interp::Texture g;
  std::string err;
  REQUIRE(interp::read_image(dir.write("g.bw", sgi_file({{{7, 9}}, {{100, 0}}}, false)), g, err));
  CHECK((texel_of(g, 1, 0)[0] == 9 && texel_of(g, 1, 0)[1] == 9 && texel_of(g, 1, 0)[3] == 0));
  CHECK(texel_of(g, 0, 0)[3] == 100);
  // PNM (top row first in the file): the top row is the last row of the texture
  REQUIRE(interp::read_image(dir.write("p.ppm", std::string("P6\n1 2\n255\n") + std::string("\xff\x00\x00\x00\x00\xff", 6)),
                             g, err));
  CHECK((g.width == 1 && g.height == 2));
  CHECK(texel_of(g, 0, 0)[2] == 255);  // blue at the bottom
  CHECK(texel_of(g, 0, 1)[0] == 255);  // red at the top
}

TEST_CASE("texture images: broken and hostile files are a message, never a crash") {
  test::TempDir dir;
  interp::Texture t;
  std::string err;
  CHECK_FALSE(interp::read_image(dir.path("none.png"), t, err));
  CHECK_THAT(err, Catch::Contains("cannot open"));
  CHECK_FALSE(interp::read_image(dir.write("text.png", "not an image at all"), t, err));
  CHECK_THAT(err, Catch::Contains("not an image"));
  const std::string good = sgi_file({{{1, 2, 3}, {4, 5, 6}}}, true);
  // cut short: in the header, in the row tables, in the rows
  for (std::size_t keep : {std::size_t(100), std::size_t(515), good.size() - 2}) {
    CHECK_FALSE(interp::read_image(dir.write("cut.rgb", good.substr(0, keep)), t, err));
    CHECK_THAT(err, Catch::Contains("cut.rgb"));
  }
  // a run longer than its row
  std::string overflow = good;
  overflow[overflow.size() - 3] = char(100);
  CHECK_FALSE(interp::read_image(dir.write("long.rgb", overflow), t, err));
  CHECK_THAT(err, Catch::Contains("overflow"));
  // a row table pointing far past the end
  std::string far = good;
  far[512] = char(0x7f);
  CHECK_FALSE(interp::read_image(dir.write("far.rgb", far), t, err));
  // 65535 x 65535 claimed in a tiny file
  std::string huge = good;
  huge[6] = huge[7] = huge[8] = huge[9] = char(0xff);
  CHECK_FALSE(interp::read_image(dir.write("huge.rgb", huge), t, err));
  CHECK_FALSE(interp::read_image(dir.write("huge.ppm", "P6\n100000 100000\n255\n"), t, err));
}

TEST_CASE("texture: lines of the view file; @Tx chooses one; an unreadable one is a warning and keeps its id") {
  test::TempDir dir;
  dir.write("a.rgb", sgi_file({{{1, 2}, {3, 4}}}, false));
  const std::string v = dir.write("p.v",
                                  "texture: F: a.rgb H:l L:mll E:d S: /* the whole surface */\n"
                                  "texture: F: missing.png\n"
                                  "texture: F: A.RGB R: 2.5 L:n\n"
                                  "texture: E: m\n");
  interp::CpfgView view;
  interp::FunctionSet fs;
  std::vector<grammar::Diagnostic> diags;
  interp::read_view_file(v, view, fs, diags);
  REQUIRE(view.textures);
  REQUIRE(view.textures->size() == 4);
  const interp::Texture& a = (*view.textures)[0];
  CHECK((a.width == 2 && a.height == 2));
  CHECK((a.smooth_magnify && a.smooth_minify && a.mipmap && a.decal && a.per_surface));
  CHECK(a.ratio == 1);
  CHECK((*view.textures)[1].width == 0);
  CHECK(has_warning(diags, "missing.png", 2));
  const interp::Texture& c = (*view.textures)[2];  // found whatever the case of its name
  CHECK((c.width == 2 && c.ratio == 2.5 && !c.smooth_minify && !c.mipmap && !c.decal && !c.per_surface));
  CHECK(has_warning(diags, "names no file", 4));

  // @Tx(1) textures, @Tx(2) (unreadable) and @Tx(0) do not; a constant id
  // the view file does not define is a warning
  dir.write("p.l", "axiom: @Tx(1) {f+f+f} @Tx(2) {f+f+f} @Tx(9) @Tx(1) [@Tx(0) {f+f+f}] {f+f+f}\n");
  Drawn d = draw(dir.path("."));
  REQUIRE(d.ok);
  REQUIRE(d.g.polygons.size() == 4);
  CHECK(d.g.polygons[0].texture == 1);
  CHECK(d.g.polygons[1].texture == 0);
  CHECK(d.g.polygons[2].texture == 0);
  CHECK(d.g.polygons[3].texture == 1);  // ']' restored @Tx(1)
  CHECK(has_warning(d.diags, "@Tx(9)"));
  CHECK(has_warning(d.diags, "@Tx(2)"));
  CHECK_FALSE(has_warning(d.diags, "@Tx(1)"));
}

TEST_CASE("textures on cylinders and polygons: coordinates as cpfg's (textures.c, SetPolygonTextureParams)") {
  test::TempDir dir;
  // a 4 x 2 image, R: 1.5
  dir.write("a.rgb", sgi_file({{{1, 2, 3, 4}, {5, 6, 7, 8}}}, false));
  dir.write("p.v", "angle increment: 90\nline style: cylinder\ntexture: F: a.rgb R: 1.5\n");
  // F(2) with width 0.5: t grows by l / (pi w) x (W / H) / R; f advances it too; '[' ']' keep it
  dir.write("p.l", "axiom: !(0.5) @Tx(1) F(2) f(1) [F(3)] F(1) @Tx(0) F(1)\n");
  Drawn d = draw(dir.path("."));
  REQUIRE(d.ok);
  const double per_unit = 1 / (M_PI * 0.5) * (4.0 / 2.0) / 1.5;
  REQUIRE(d.g.segments.size() == 4);
  REQUIRE(d.g.textured_segments.size() == 3);
  const auto& ts = d.g.textured_segments;
  CHECK(ts[0].segment == 0);
  CHECK(ts[0].t0 == Approx(0));
  CHECK(ts[0].t1 == Approx(2 * per_unit));
  CHECK(ts[1].segment == 1);
  CHECK(ts[1].t0 == Approx(3 * per_unit));
  CHECK(ts[1].t1 == Approx(6 * per_unit));
  CHECK(ts[2].segment == 2);
  CHECK(ts[2].t0 == Approx(3 * per_unit));  // after ']': where '[' left it
  CHECK(ts[2].t1 == Approx(4 * per_unit));
  // a polygon: s along the right (-L) and t along the heading of the turtle
  // at its first vertex, each from 0 to 1 over the polygon
  dir.write("p.l", "axiom: @Tx(1) {f(2) -f(1) -f(2) -f(1)}\n");
  d = draw(dir.path("."));
  REQUIRE(d.ok);
  REQUIRE(d.g.polygons.size() == 1);
  const auto& p = d.g.polygons[0];
  REQUIRE(p.texture == 1);
  REQUIRE(d.g.polygon_uvs.size() == p.first + p.count);
  for (std::uint32_t k = 0; k < p.count; ++k) {
    const Vec3& v = d.g.polygon_vertices[p.first + k];  // the first vertex at (0, 2): H = +y, -L = +x
    CHECK(d.g.polygon_uvs[p.first + k].x() == Approx(v.x() / 1.0).margin(1e-6));
    CHECK(d.g.polygon_uvs[p.first + k].y() == Approx(v.y() / 2.0).margin(1e-6));
  }
}

TEST_CASE("textures on surfaces (per patch, or per surface with S:) and on generalized cylinders") {
  test::TempDir dir;
  dir.write("flat.s", kFlatSurface);
  dir.write("a.rgb", sgi_file({{{1, 2}, {3, 4}}}, false));
  // texture 1 per patch, texture 2 over the surface; the surface line's texture (3rd number) wins over @Tx
  dir.write("p.v", "line style: cylinder\ntexture: F: a.rgb\ntexture: F: a.rgb S:\n"
                   "surface: s flat.s 3 2 2\nsurface: t flat.s 3 2 2 2\nsurface: u flat.s 3 2 2 0\n");
  dir.write("p.l", "axiom: @Tx(1) ~s(2,1,1) ~t ~u\n");
  Drawn d = draw(dir.path("."));
  REQUIRE(d.ok);
  REQUIRE(d.g.polygons.size() == 12);
  for (int k = 0; k < 12; ++k) CHECK(d.g.polygons[std::size_t(k)].texture == (k < 4 ? 1 : k < 8 ? 2 : 0));
  // per patch: the quad corners at the patch parameters 0, 1/2, 1
  const auto& uv = d.g.polygon_uvs;
  REQUIRE(uv.size() >= 32);
  for (std::uint32_t k = 0; k < 16; ++k) {
    CHECK(std::abs(uv[k].x() * 2 - std::round(uv[k].x() * 2)) < 1e-6);
    CHECK(std::abs(uv[k].y() * 2 - std::round(uv[k].y() * 2)) < 1e-6);
  }
  // per surface: s and t span the surface's x (the turtle's -L) and y (H): 0 to 1
  for (std::uint32_t k = 16; k < 32; ++k) {
    const Vec3& v = d.g.polygon_vertices[k];
    const Vec3 start(0, 6, 0);  // ~t starts at the end point of ~s(2,1,1), scaled by 2 as cpfg's: 6 along H
    CHECK(uv[k].x() == Approx(-v.x() / 3).margin(1e-6));
    CHECK(uv[k].y() == Approx((v.y() - start.y()) / 3).margin(1e-6));
  }
  // a straight generalized cylinder of radius 0.5 and length 4, 2 strips:
  // s from 1 to 0 around, t from 0 by length / (pi 2r) x W / H / R
  dir.write("p.l", "axiom: !(1) @!(4) @Tx(1) @Gs f(4) @Ge(2) F(1)\n");
  d = draw(dir.path("."));
  REQUIRE(d.ok);
  REQUIRE(d.g.polygons.size() == 8);  // 4 sides x 2 strips
  std::vector<std::pair<float, float>> seen;
  for (const auto& p : d.g.polygons) {
    CHECK(p.texture == 1);
    for (std::uint32_t k = 0; k < p.count; ++k) {
      const Vec3& v = d.g.polygon_vertices[p.first + k];
      const auto& t = d.g.polygon_uvs[p.first + k];
      CHECK(t.y() == Approx(v.y() / M_PI).margin(1e-6));  // (W / H) / R = 1, 2r = 1
      CHECK(t.x() >= 0);
      CHECK(t.x() <= 1);
    }
  }
  // the F after the cylinder continues from the cylinder's end: t = 4 / pi, then + 1 / pi
  REQUIRE(d.g.textured_segments.size() == 1);
  CHECK(d.g.textured_segments[0].t0 == Approx(4 / M_PI));
  CHECK(d.g.textured_segments[0].t1 == Approx(5 / M_PI));
}


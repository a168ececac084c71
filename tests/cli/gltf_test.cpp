// Tests of the animated glTF of `lsd export` (cli/animate.cpp,
// interpreter/export/src/gltf.cpp): the files are read back with tinygltf and
// compared with what lsd run (the trace) and lsd export to OBJ say of the same
// run. The Blender test imports the file with Blender's own glTF importer.
#include <tiny_gltf.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>

#include <Eigen/Geometry>

#include "cli/gltf_read.hpp"
#include "support/lsd_test.hpp"

using lsd::test::run;

namespace {

const std::string kHerb = lsd::test::example("dynamics/herb.ls");

double duration(const tinygltf::Model& m) {
  double d = 0;
  for (const auto& anim : m.animations)
    for (const auto& s : anim.samplers) d = std::max(d, m.accessors[std::size_t(s.input)].maxValues.at(0));
  return d;
}

// The derivation step at each frame time k / fps from 0 to T, as lsd run's
// trace of every physics step says.
std::vector<int> steps_at_frames(const std::string& file, double T, double fps) {
  const std::string trace = lsd::test::temp_path("gltf_steps.csv");
  std::ostringstream cmd;
  cmd << lsd::test::lsd_exe() << " run " << file << " --time " << T << " --trace " << trace;
  REQUIRE(run(cmd.str()).status == 0);
  std::vector<std::pair<double, int>> rows;
  for (const std::string& line : lsd::test::read_lines(trace)) {
    if (line.rfind("t,", 0) == 0) continue;
    std::istringstream in(line);
    double t;
    int step;
    char comma;
    in >> t >> comma >> step;
    rows.emplace_back(t, step);
  }
  std::vector<int> out;
  const long frames = std::lround(T * fps) + 1;
  std::size_t r = 0;
  for (long k = 0; k < frames; ++k) {
    const double t = double(k) / fps;
    while (r + 1 < rows.size() && rows[r + 1].first <= t + 1e-9) ++r;
    out.push_back(rows[r].second);
  }
  return out;
}

// Triangles and the bounding box of what is visible at time t: each scene
// node with scale 1 at t and its descendants, posed by their channels at t.
struct Visible {
  std::size_t triangles = 0;
  Eigen::Vector3d lo = Eigen::Vector3d::Constant(1e300), hi = Eigen::Vector3d::Constant(-1e300);
};

Visible visible_at(const tinygltf::Model& m, double t) {
  const auto world = worlds_at(m, t);
  Visible v;
  for (std::size_t i = 0; i < m.nodes.size(); ++i) {
    const tinygltf::Node& n = m.nodes[i];
    if (n.mesh < 0 || world[i].linear().determinant() == 0) continue;  // (an interval not shown at t: scale 0)
    for (const auto& p : m.meshes[std::size_t(n.mesh)].primitives) {
      const auto pos = floats(m, p.attributes.at("POSITION"));
      for (std::size_t k = 0; k < pos.size(); k += 3) {
        const Eigen::Vector3d w = world[i] * Eigen::Vector3d(pos[k], pos[k + 1], pos[k + 2]);
        v.lo = v.lo.cwiseMin(w);
        v.hi = v.hi.cwiseMax(w);
      }
      v.triangles += indices(m, p.indices).size() / 3;
    }
  }
  return v;
}

// Triangles (faces fanned) and the bounding box of an OBJ file.
Visible obj_visible(const std::string& path) {
  Visible v;
  for (const std::string& line : lsd::test::read_lines(path)) {
    std::istringstream in(line);
    std::string tag;
    in >> tag;
    if (tag == "v") {
      Eigen::Vector3d p;
      in >> p.x() >> p.y() >> p.z();
      v.lo = v.lo.cwiseMin(p);
      v.hi = v.hi.cwiseMax(p);
    } else if (tag == "f") {
      std::size_t corners = 0;
      std::string c;
      while (in >> c) ++corners;
      v.triangles += corners - 2;
    }
  }
  return v;
}

// The body nodes under an interval node.
std::size_t descendants(const tinygltf::Model& m, int node) {
  std::size_t n = 0;
  for (int c : m.nodes[std::size_t(node)].children) n += 1 + descendants(m, c);
  return n;
}

std::string export_cmd(const std::string& args) { return lsd::test::lsd_exe() + " export " + args; }

}  // namespace

TEST_CASE("glTF of the herb over 10 s at 30 fps: one animation of 10 s, a node set per derivation step") {
  const std::string out = lsd::test::temp_path("herb.glb");
  const auto r = run(export_cmd(kHerb + " --time 10 --fps 30 -o " + out));
  INFO(r.out);
  REQUIRE(r.status == 0);
  const tinygltf::Model m = load_gltf(out);
  REQUIRE(m.animations.size() == 1);
  CHECK(duration(m) == Approx(10).margin(1e-5));

  // One interval node per derivation step seen at some frame, in order.
  const std::vector<int> steps = steps_at_frames(kHerb, 10, 30);
  REQUIRE(steps.size() == 301);
  std::vector<int> seen;
  for (int s : steps)
    if (seen.empty() || s != seen.back()) seen.push_back(s);
  const auto& roots = m.scenes.at(0).nodes;
  REQUIRE(roots.size() == seen.size());
  CHECK(seen.size() > 10);  // the herb grows during the 10 s
  const auto ch = channels(m);
  std::size_t body_nodes = 0;
  for (std::size_t i = 0; i < roots.size(); ++i) {
    const tinygltf::Node& root = m.nodes[std::size_t(roots[i])];
    CHECK(root.name == "step_" + std::to_string(seen[i]));
    body_nodes += descendants(m, roots[i]);
    // The frames of this step: where it is born and where the next one is.
    const long birth = std::find(steps.begin(), steps.end(), seen[i]) - steps.begin();
    const long end = std::find_if(steps.begin() + birth, steps.end(), [&](int s) { return s != seen[i]; }) - steps.begin();
    const auto scale = ch.find({roots[i], "scale"});
    REQUIRE(scale != ch.end());
    CHECK(scale->second.interpolation == "STEP");
    const double born = double(birth) / 30, gone = double(end) / 30;
    if (birth > 0) {
      CHECK(at(scale->second, born - 0.5 / 30)[0] == 0);  // invisible before its birth frame
      CHECK(root.scale == std::vector<double>{0, 0, 0});  // as at time 0
    }
    CHECK(at(scale->second, born)[0] == 1);  // visible from it on
    CHECK(at(scale->second, gone - 0.5 / 30)[0] == 1);
    if (end < 301) CHECK(at(scale->second, gone)[0] == 0);  // the next step's nodes take over
    // Every animated body of the interval has a keyframe at each of its frames.
    for (int c : root.children) {
      const auto rot = ch.find({c, "rotation"});
      if (rot == ch.end()) continue;
      CHECK(rot->second.times.size() == std::size_t(end - birth));
      CHECK(rot->second.times.front() == Approx(born).margin(1e-5));
    }
  }
  CHECK(m.nodes.size() == roots.size() + body_nodes);
  // A grown organ: the last step has more bodies than the first.
  CHECK(descendants(m, roots.back()) > descendants(m, roots.front()));
  // Colours are materials: the herb's stem, leaves, flower heart and petals.
  CHECK(m.materials.size() == 4);
}

TEST_CASE("glTF at its last keyframe is the plant lsd export draws at that time") {
  const std::string glb = lsd::test::temp_path("herb3.glb"), obj = lsd::test::temp_path("herb3.obj");
  REQUIRE(run(export_cmd(kHerb + " --time 3 --fps 10 -o " + glb)).status == 0);
  REQUIRE(run(export_cmd(kHerb + " --time 3 -o " + obj)).status == 0);
  const tinygltf::Model m = load_gltf(glb);
  CHECK(duration(m) == Approx(3).margin(1e-5));
  const Visible g = visible_at(m, 3), o = obj_visible(obj);
  CHECK(g.triangles == o.triangles);
  REQUIRE(o.triangles > 1000);
  const double size = (o.hi - o.lo).maxCoeff();
  CHECK((g.lo - o.lo).cwiseAbs().maxCoeff() < 1e-4 * size);
  CHECK((g.hi - o.hi).cwiseAbs().maxCoeff() < 1e-4 * size);
  // At t = 0 only the seedling is shown.
  CHECK(visible_at(m, 0).triangles < g.triangles / 10);
}

TEST_CASE("glTF as .gltf is the same scene as .glb, as JSON with the buffer inside") {
  const std::string glb = lsd::test::temp_path("same.glb"), gltf = lsd::test::temp_path("same.gltf");
  REQUIRE(run(export_cmd(kHerb + " --time 2 --fps 12 -o " + glb)).status == 0);
  REQUIRE(run(export_cmd(kHerb + " --time 2 --fps 12 -o " + gltf)).status == 0);
  std::ifstream in(gltf);
  CHECK(in.get() == '{');
  const tinygltf::Model a = load_gltf(glb), b = load_gltf(gltf);
  CHECK(a.nodes.size() == b.nodes.size());
  CHECK(a.accessors.size() == b.accessors.size());
  CHECK(a.buffers.at(0).data == b.buffers.at(0).data);
  CHECK(b.buffers.at(0).uri.rfind("data:", 0) == 0);  // embedded: one self-contained file
  CHECK(duration(b) == Approx(2).margin(1e-5));
}

TEST_CASE("glTF without --time: the derived plant, still, as the OBJ") {
  const std::string fig = lsd::test::example("abop/fig2_6a.ls");
  const std::string glb = lsd::test::temp_path("still.glb"), obj = lsd::test::temp_path("still.obj");
  REQUIRE(run(export_cmd(fig + " -o " + glb)).status == 0);
  REQUIRE(run(export_cmd(fig + " -o " + obj)).status == 0);
  const tinygltf::Model m = load_gltf(glb);
  CHECK(m.animations.empty());
  CHECK(m.scenes.at(0).nodes.size() == 1);
  CHECK(visible_at(m, 0).triangles == obj_visible(obj).triangles);
}

TEST_CASE("glTF export: bad input is a clear error and writes nothing") {
  const std::string out = lsd::test::temp_path("bad.glb");
  auto status = [&](const std::string& args) {
    const auto r = run(export_cmd(kHerb + " " + args));
    INFO(args << ": " << r.out);
    CHECK(r.out.find("lsd") != std::string::npos);  // a message naming the program
    return r.status;
  };
  CHECK(status("--time 1 -o " + lsd::test::temp_path("plant.fbx")) == 2);  // unknown extension
  CHECK(status("--time 1 --fps 0 -o " + out) == 2);
  CHECK(status("--time 1 --fps -5 -o " + out) == 2);
  CHECK(status("--fps 30 -o " + out) == 2);  // --fps without --time
  CHECK(status("--time 1 --fps 30 -o " + lsd::test::temp_path("plant.obj")) == 2);  // --fps on a still OBJ
  CHECK(status("--time 1e6 --fps 1000 -o " + out) == 2);  // 10^9 frames
  const lsd::test::TempDir blocked;  // a folder that cannot be made: a file stands in its way
  const std::string file = blocked.write("file", "");
  CHECK(status("--time 1 -o " + file + "/folder/plant.glb") == 1);  // unwritable
  CHECK_FALSE(std::ifstream(out).good());
}

TEST_CASE("an interrupted glTF export leaves the file under the final name as it was") {
  const std::string out = lsd::test::temp_path("kept.glb");
  std::ofstream(out) << "the previous file";
  // A long export, stopped by SIGINT once it has started; then the same with SIGKILL.
  for (const char* sig : {"INT", "KILL"}) {
    const auto r = run("( " + export_cmd(lsd::test::example("dynamics/tree10k.ls") + " --time 30 --fps 60 -o " + out) +
                       " & pid=$!; sleep 0.5; kill -" + sig + " $pid; wait $pid; echo status=$? )");
    INFO(r.out);
    CHECK(r.out.find("status=0") == std::string::npos);
    std::ifstream in(out);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK(text == "the previous file");
  }
}

// Blender's own glTF importer (Debian's blender; skipped without it). Run it
// with `make test-slow`, or alone: build/tests/test_cli "[blender]".
TEST_CASE("Blender imports the herb's glTF with its animation", "[.slow][blender]") {
  if (!lsd::test::have_program("blender", "apt-get install blender python3-numpy")) return;
  const std::string out = lsd::test::temp_path("blender_herb.glb");
  REQUIRE(run(export_cmd(kHerb + " --time 10 --fps 30 -o " + out)).status == 0);
  const tinygltf::Model m = load_gltf(out);
  // What Blender should find: an object per node, and per channel one curve per component.
  std::size_t keys = 0;
  for (const auto& [key, c] : channels(m)) keys += c.times.size() * std::size_t(c.width);
  // The node set of a later step: its birth frame, from its scale keys.
  const int late = m.scenes.at(0).nodes.at(m.scenes.at(0).nodes.size() / 2);
  const double birth = channels(m).at({late, "scale"}).times.at(1);
  const std::string script = std::string(LSD_SOURCE_DIR) + "/tests/blender/import_gltf.py";
  const auto r = run("blender -b --factory-startup --python " + script + " -- " + out + " 30 " +
                     m.nodes[std::size_t(late)].name + " " + std::to_string(birth));
  INFO(r.out);
  REQUIRE(r.status == 0);
  const auto at_line = r.out.find("RESULT ");
  REQUIRE(at_line != std::string::npos);
  std::istringstream in(r.out.substr(at_line + 7));
  std::map<std::string, double> got;
  std::string name;
  double value;
  while (in >> name >> value) got[name] = value;
  CHECK(got["objects"] == double(m.nodes.size()));
  CHECK(got["animations"] == 1);
  CHECK(got["keyframes"] == double(keys));
  CHECK(got["duration"] == Approx(10).margin(1e-6));
  CHECK(got["scale_before"] == 0);  // the organ is invisible before its birth frame ...
  CHECK(got["scale_after"] == 1);   // ... and visible from it on
}

TEST_CASE("OBJ and glTF of a textured cpfg model carry its image and texture coordinates") {
  lsd::test::TempDir dir;
  // a 1 x 2 image: red on top, blue below (PNM lists the top row first)
  dir.write("t.ppm", std::string("P6\n1 2\n255\n") + std::string("\xff\x00\x00\x00\x00\xff", 6));
  dir.write("p.v", "angle increment: 90\nline style: cylinder\ntexture: F: t.ppm\n");
  dir.write("p.l", "axiom: !(0.2) @Tx(1) F(1) {f(2) -f(1) -f(2) -f(1)}\n");
  const std::string glb = dir.path("p.glb"), obj = dir.path("p.obj");
  REQUIRE(run(export_cmd(dir.path(".") + " -o " + glb)).status == 0);
  REQUIRE(run(export_cmd(dir.path(".") + " -o " + obj)).status == 0);
  // OBJ: the image beside it, named in the material
  std::ifstream png(dir.path("p_texture_1.png"), std::ios::binary);
  std::string head(4, '\0');
  png.read(head.data(), 4);
  CHECK(head.substr(1, 3) == "PNG");
  std::ifstream mtl(dir.path("p.mtl"));
  const std::string mtl_text((std::istreambuf_iterator<char>(mtl)), std::istreambuf_iterator<char>());
  CHECK(mtl_text.find("map_Kd p_texture_1.png") != std::string::npos);
  // glTF: the image in the buffer, a masked material that maps it, texture coordinates on its primitives
  const tinygltf::Model m = load_gltf(glb);
  REQUIRE(m.images.size() == 1);
  CHECK(m.images[0].mimeType == "image/png");
  REQUIRE(m.images[0].width == 1);  // decoded by tinygltf: red on top (its first row)
  REQUIRE(m.images[0].height == 2);
  CHECK((m.images[0].image[0] == 255 && m.images[0].image[2] == 0));
  REQUIRE(m.textures.size() == 1);
  std::size_t textured = 0;
  for (const auto& mesh : m.meshes)
    for (const auto& prim : mesh.primitives) {
      const auto& mat = m.materials.at(std::size_t(prim.material));
      if (mat.pbrMetallicRoughness.baseColorTexture.index < 0) continue;
      ++textured;
      CHECK(mat.alphaMode == "MASK");
      REQUIRE(prim.attributes.count("TEXCOORD_0"));
      const std::vector<float> st = floats(m, prim.attributes.at("TEXCOORD_0"));
      CHECK(st.size() == 2 * m.accessors.at(std::size_t(prim.attributes.at("POSITION"))).count);
      float lo = 1e9f, hi = -1e9f;
      for (std::size_t k = 1; k < st.size(); k += 2) lo = std::min(lo, st[k]), hi = std::max(hi, st[k]);
      CHECK(hi <= 1.0001f);  // the polygon's t spans [0, 1]; the cylinder's t starts at 0: glTF's 1 - t
      CHECK(lo >= -1e-4f);
    }
  CHECK(textured == 1);  // the segment and the polygon share colour and texture: one primitive
}

TEST_CASE("glTF and OBJ of a curved rod: its smooth tube, capped, with unit normals") {
  // two twisted, curved elements of one tube: (2 caps of 14 triangles) + 2 per quad, 16 quads per piece
  const std::string rod = lsd::test::temp_path("rod.ls");
  std::ofstream(rod) << "axiom: ;(3) S(0.2, 0.01, 20, 0, 0) K S(0.2, 0.01, 10, 15, 0)\ndynamics:\n  dt: 0.01\n";
  const std::string glb = lsd::test::temp_path("rod.glb"), obj = lsd::test::temp_path("rod.obj");
  REQUIRE(run(export_cmd(rod + " -o " + glb)).status == 0);
  REQUIRE(run(export_cmd(rod + " -o " + obj)).status == 0);
  const std::size_t pieces = 32 + 29;  // ceil(8 * 0.2 * 20) + ceil(8 * 0.2 * |(10, 15, 0)| = 28.8)
  const tinygltf::Model m = load_gltf(glb);
  CHECK(visible_at(m, 0).triangles == 2 * 14 + 2 * 16 * pieces);
  CHECK(visible_at(m, 0).triangles == obj_visible(obj).triangles);
  std::size_t normals = 0;
  for (const auto& mesh : m.meshes)
    for (const auto& p : mesh.primitives) {
      const std::vector<float> n = floats(m, p.attributes.at("NORMAL"));
      for (std::size_t k = 0; k + 2 < n.size(); k += 3, ++normals) {
        CHECK(std::isfinite(n[k] + n[k + 1] + n[k + 2]));
        CHECK(std::abs(std::sqrt(n[k] * n[k] + n[k + 1] * n[k + 1] + n[k + 2] * n[k + 2]) - 1) < 1e-5);
      }
    }
  CHECK(normals > 16 * pieces);
}

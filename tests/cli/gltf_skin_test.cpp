// The animated glTF bends curved rods (docs/animation.md, "Curved rods"):
// the tendril's tube rings are joint nodes and its tube a skinned mesh. The
// rings and the skinned vertices at a late frame, evaluated from the file,
// are compared with the centreline `lsd segments` reports at that time; the
// Khronos validator (npm's gltf-validator) and Blender's importer read the file.
#include <tiny_gltf.h>

#include <catch2/catch.hpp>
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <sstream>

#include <Eigen/Geometry>

#include "cli/gltf_read.hpp"
#include "support/lsd_test.hpp"

using lsd::test::run;

namespace {

const std::string kTendril = lsd::test::example("dynamics/tendril.ls");
constexpr double kRadius = 0.0012;  // the tendril's R (m)

std::string export_tendril(const lsd::test::TempDir& dir, double T) {
  const std::string glb = dir.path("tendril.glb");
  std::ostringstream cmd;
  cmd << lsd::test::lsd_exe() << " export " << kTendril << " --time " << T << " --fps 30 --quiet -o " << glb;
  const auto r = run(cmd.str());
  INFO(r.out);
  REQUIRE(r.status == 0);
  return glb;
}

bool shown(const Eigen::Affine3d& w) { return std::abs(w.linear().determinant() - 1) < 1e-3; }

// The centreline pieces `lsd segments` lists at time t.
std::vector<std::pair<Eigen::Vector3d, Eigen::Vector3d>> centreline(double t) {
  std::ostringstream cmd;
  cmd << lsd::test::lsd_exe() << " segments " << kTendril << " --time " << t;
  const auto r = run(cmd.str());
  REQUIRE(r.status == 0);
  std::vector<std::pair<Eigen::Vector3d, Eigen::Vector3d>> out;
  std::istringstream in(r.out);
  std::string line;
  std::getline(in, line);  // x0,y0,z0,x1,y1,z1,width
  while (std::getline(in, line)) {
    double v[7];
    char comma;
    std::istringstream row(line);
    row >> v[0];
    for (int k = 1; k < 7; ++k) row >> comma >> v[k];
    out.push_back({{v[0], v[1], v[2]}, {v[3], v[4], v[5]}});
  }
  return out;
}

double distance(const Eigen::Vector3d& p, const std::vector<std::pair<Eigen::Vector3d, Eigen::Vector3d>>& pieces) {
  double best = 1e300;
  for (const auto& [a, b] : pieces) {
    const Eigen::Vector3d d = b - a;
    const double s = d.squaredNorm() > 0 ? std::clamp((p - a).dot(d) / d.squaredNorm(), 0.0, 1.0) : 0.0;
    best = std::min(best, (p - (a + s * d)).norm());
  }
  return best;
}

// JOINTS_0 of a primitive: the first joint of each vertex.
std::vector<int> first_joints(const tinygltf::Model& m, int index) {
  const tinygltf::Accessor& a = m.accessors[std::size_t(index)];
  REQUIRE(a.componentType == TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT);
  const tinygltf::BufferView& v = m.bufferViews[std::size_t(a.bufferView)];
  const unsigned char* base = m.buffers[std::size_t(v.buffer)].data.data() + v.byteOffset + a.byteOffset;
  std::vector<int> out(a.count);
  for (std::size_t k = 0; k < a.count; ++k) {
    std::uint16_t j;
    std::memcpy(&j, base + k * (v.byteStride ? v.byteStride : 8), 2);
    out[k] = j;
  }
  return out;
}

}  // namespace

TEST_CASE("glTF of the growing tendril: its tube rings and skinned tube follow lsd's centreline") {
  const lsd::test::TempDir dir;
  const tinygltf::Model m = load_gltf(export_tendril(dir, 6));
  REQUIRE(m.skins.size() == 16);  // an interval per derivation step, each with its skin
  for (const double t : {2.0, 5.5}) {  // 5.5 s: a late frame, a second after the last step
    INFO("t = " << t);
    const auto world = worlds_at(m, t);
    const auto line = centreline(t);
    int skins_shown = 0;
    for (std::size_t s = 0; s < m.skins.size(); ++s) {
      const tinygltf::Skin& skin = m.skins[s];
      if (!shown(world[std::size_t(skin.joints.at(0))])) continue;
      ++skins_shown;
      // (1) every ring joint's origin is on the centreline
      double ring_error = 0;
      for (int j : skin.joints) ring_error = std::max(ring_error, distance(world[std::size_t(j)].translation(), line));
      CHECK(ring_error < 1e-5);
      // (2) every vertex, skinned, is a tube radius from it, and the tube bent since its bind pose
      const std::vector<float> ibm = floats(m, skin.inverseBindMatrices);
      int tube = -1;
      for (std::size_t n = 0; n < m.nodes.size(); ++n)
        if (m.nodes[n].skin == int(s)) tube = int(n);
      REQUIRE(tube >= 0);
      double radius_error = 0, moved = 0;
      std::size_t vertices = 0;
      for (const auto& p : m.meshes[std::size_t(m.nodes[std::size_t(tube)].mesh)].primitives) {
        const auto pos = floats(m, p.attributes.at("POSITION"));
        const auto joint = first_joints(m, p.attributes.at("JOINTS_0"));
        for (std::size_t k = 0; k < joint.size(); ++k, ++vertices) {
          Eigen::Matrix4d inv;
          for (int c = 0; c < 16; ++c) inv(c % 4, c / 4) = ibm[std::size_t(joint[k]) * 16 + std::size_t(c)];
          const Eigen::Vector3d bind(pos[3 * k], pos[3 * k + 1], pos[3 * k + 2]);
          const Eigen::Vector3d x =
              world[std::size_t(skin.joints[std::size_t(joint[k])])] * (Eigen::Affine3d(inv) * bind);
          radius_error = std::max(radius_error, std::abs(distance(x, line) - kRadius));
          moved = std::max(moved, (x - bind).norm());
        }
      }
      CHECK(vertices > 16 * skin.joints.size());
      CHECK(radius_error < 5e-5);  // (the listed pieces are chords of the curve: 3e-5 m off it at most)
      CHECK(moved > kRadius);
    }
    CHECK(skins_shown == 1);
  }
}

// npm's gltf-validator (make test-clients installs it into tests/web; else
// NODE_PATH or npm's global folder; skipped without it): no error and no
// warning, NODE_SKINNED_MESH_NON_ROOT included (the skinned meshes' nodes are
// at the scene's root).
TEST_CASE("the Khronos validator finds no error and no warning in the tendril's skinned glTF") {
  if (!lsd::test::have_program("node", "apt-get install nodejs npm")) return;
  const char* env = std::getenv("NODE_PATH");
  std::string modules = std::string(LSD_SOURCE_DIR) + "/tests/web/node_modules:" +
                        (env && *env ? std::string(env) : run("npm root -g 2>/dev/null").out);
  while (!modules.empty() && std::isspace(static_cast<unsigned char>(modules.back()))) modules.pop_back();
  if (run("NODE_PATH='" + modules + "' node -e \"require('gltf-validator')\"").status != 0) {
    lsd::test::skip("the glTF validator is not installed (make test-clients)");
    return;
  }
  const lsd::test::TempDir dir;
  const std::string glb = export_tendril(dir, 2);
  const auto r = run("NODE_PATH='" + modules + "' node " + std::string(LSD_SOURCE_DIR) +
                     "/tests/cli/validate_gltf.cjs " + glb);
  INFO(r.out);
  REQUIRE(r.status == 0);
  CHECK(r.out.find("RESULT errors 0 warnings 0") != std::string::npos);
}

// Blender's own importer (Debian's blender; skipped without it): the skins
// become armatures, and the evaluated tube at a late frame is bent (moved
// from its bind pose by more than its radius) and lies a radius from lsd's
// centreline. `make test-slow`, or build/tests/test_cli "[blender]".
TEST_CASE("Blender imports the tendril's skinned tube and bends it as lsd does", "[.slow][blender]") {
  if (!lsd::test::have_program("blender", "apt-get install blender python3-numpy")) return;
  const lsd::test::TempDir dir;
  const std::string glb = export_tendril(dir, 6), csv = dir.path("vertices.csv");
  const double t = 5.5;
  const auto r = run("blender -b --factory-startup --python " + std::string(LSD_SOURCE_DIR) +
                     "/tests/blender/skinned_rods.py -- " + glb + " 30 " + std::to_string(t) + " " + csv);
  INFO(r.out);
  REQUIRE(r.status == 0);
  const auto at_line = r.out.find("RESULT ");
  REQUIRE(at_line != std::string::npos);
  std::istringstream in(r.out.substr(at_line + 7, r.out.find('\n', at_line) - at_line - 7));
  std::map<std::string, double> got;
  std::string key;
  double value;
  while (in >> key >> value) got[key] = value;
  CHECK(got["armatures"] == 16);  // one per interval's skin
  CHECK(got["skinned"] == 16);
  CHECK(got["shown"] == 1);
  CHECK(got["moved"] > kRadius);
  const auto line = centreline(t);
  double radius_error = 0;
  std::size_t vertices = 0;
  for (const std::string& row : lsd::test::read_lines(csv)) {
    double x, y, z;
    char comma;
    std::istringstream v(row);
    if (!(v >> x >> comma >> y >> comma >> z)) continue;
    radius_error = std::max(radius_error, std::abs(distance({x, y, z}, line) - kRadius));
    ++vertices;
  }
  CHECK(vertices > 1000);
  CHECK(radius_error < 5e-5);
}

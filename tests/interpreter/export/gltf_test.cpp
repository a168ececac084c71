// Tests of interpreter/export/src/gltf.cpp on a hand-made two-body plant: which
// meshes are shared, which channels are written, and the glTF container.
#include "interpreter/export/gltf.hpp"

#include <catch2/catch.hpp>
#include <cstring>

using namespace lsd::interp;
using lsd::dyn::SE3;

namespace {

// Body 1 hangs from body 0 at (0, 1, 0), turned by `bend` about z; the whole
// plant is turned by `turn` about y. Each body carries one segment (module 1
// on body 0, module 3 on body 1) and a leaf polygon rides on body 1 (module 5).
std::vector<SE3> poses(double turn, double bend) {
  SE3 root;
  root.rotation = Eigen::AngleAxisd(turn, Vec3::UnitY()).toRotationMatrix();
  SE3 joint;
  joint.translation = Vec3(0, 1, 0);
  joint.rotation = Eigen::AngleAxisd(bend, Vec3::UnitZ()).toRotationMatrix();
  return {root, root * joint};
}

Geometry drawn(const std::vector<SE3>& oMi) {
  Geometry g;
  g.segments.push_back({oMi[0].act(Vec3(0, 0, 0)), oMi[0].act(Vec3(0, 1, 0)), 0.1, 0, 1});
  g.segments.push_back({oMi[1].act(Vec3(0, 0, 0)), oMi[1].act(Vec3(0, 0.5, 0)), 0.05, 0, 3});
  for (const Vec3& v : {Vec3(0, 0.5, 0), Vec3(0.2, 0.6, 0), Vec3(0, 0.8, 0)}) g.polygon_vertices.push_back(oMi[1].act(v));
  g.polygons.push_back({0, 3, 2, 5});
  return g;
}

const std::vector<std::int32_t> kModuleBody{-1, 0, 0, 1, 1, 1};
const std::vector<int> kParent{-1, 0};

}  // namespace

TEST_CASE("glTF recorder: an organ in another pose shares its mesh; only moving channels are written", "[gltf]") {
  GltfRecorder rec(10);
  auto a = poses(0, 0.1);
  rec.begin_interval("step_1", drawn(a), kModuleBody, kParent, a);
  rec.add_frame(poses(0, 0.2));  // body 1 swings: a rotation channel; body 0 stays: none
  rec.add_frame(poses(0, 0.3));
  auto b = poses(0.5, -0.4);  // the same plant, turned and bent otherwise, after a derivation step
  rec.begin_interval("step_2", drawn(b), kModuleBody, kParent, b);
  CHECK(rec.frames() == 4);
  CHECK(rec.samples() == 8);

  GltfCounts c;
  const std::string glb = rec.serialize(true, &c);
  CHECK(c.intervals == 2);
  CHECK(c.nodes == 2 * 3);  // each interval: its node and two bodies
  CHECK(c.meshes == 2);     // body 0's stem and body 1's stem and leaf, each once for both intervals
  // Channels: the two intervals' scales and body 1's rotation in the first
  // interval; body 0 does not move within either interval.
  CHECK(c.channels == 3);
  // Keys: scale 1 at 0 s and 0 at 0.3 s; 0 at 0 s and 1 at 0.3 s; three rotations.
  CHECK(c.keyframes == 2 + 2 + 3);
  // The container: "glTF", version 2, and the length of the whole file.
  REQUIRE(glb.size() > 20);
  CHECK(glb.compare(0, 4, "glTF") == 0);
  std::uint32_t version = 0, length = 0;
  std::memcpy(&version, glb.data() + 4, 4);
  std::memcpy(&length, glb.data() + 8, 4);
  CHECK(version == 2);
  CHECK(length == glb.size());
  // As JSON: the same scene, the buffer as a data URI.
  const std::string json = rec.serialize(false);
  CHECK(json.front() == '{');
  CHECK(json.find("data:application/octet-stream;base64,") != std::string::npos);
  CHECK(json.find("\"step_2_body_1\"") != std::string::npos);
}

TEST_CASE("glTF recorder: a changed organ gets its own mesh, a still recording no animation", "[gltf]") {
  GltfRecorder rec(30);
  auto a = poses(0, 0);
  Geometry g = drawn(a);
  rec.begin_interval("step_1", g, kModuleBody, kParent, a);
  g.polygon_vertices[2] += Vec3(0, 0.1, 0);  // the leaf grew
  rec.begin_interval("step_2", g, kModuleBody, kParent, a);
  GltfCounts c;
  rec.serialize(true, &c);
  CHECK(c.meshes == 3);  // body 0's stem shared; body 1 with its two leaves
  CHECK(c.channels == 2);  // only the visibility of the two intervals

  GltfRecorder still;
  still.begin_interval("plant", drawn(a), {}, {}, {});  // no bodies: all on the plant's node
  still.serialize(true, &c);
  CHECK(c.nodes == 1);
  CHECK(c.meshes == 1);
  CHECK(c.channels == 0);
  CHECK(c.keyframes == 0);
}

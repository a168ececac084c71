// Reading an exported glTF back with tinygltf, for the tests of lsd export
// (gltf_test.cpp, gltf_skin_test.cpp): accessors, animation channels, the
// nodes posed at a time.
#pragma once
#include <tiny_gltf.h>

#include <catch2/catch.hpp>
#include <cstring>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include <Eigen/Geometry>

namespace {

inline tinygltf::Model load_gltf(const std::string& path) {
  tinygltf::Model m;
  tinygltf::TinyGLTF loader;
  std::string err, warn;
  const bool binary = path.size() > 4 && path.substr(path.size() - 4) == ".glb";
  const bool ok = binary ? loader.LoadBinaryFromFile(&m, &err, &warn, path)
                         : loader.LoadASCIIFromFile(&m, &err, &warn, path);
  INFO(err << warn);
  REQUIRE(ok);
  return m;
}

// An accessor's floats (tightly packed or strided).
inline std::vector<float> floats(const tinygltf::Model& m, int index) {
  const tinygltf::Accessor& a = m.accessors[std::size_t(index)];
  REQUIRE(a.componentType == TINYGLTF_COMPONENT_TYPE_FLOAT);
  const tinygltf::BufferView& v = m.bufferViews[std::size_t(a.bufferView)];
  const int width = tinygltf::GetNumComponentsInType(std::uint32_t(a.type));
  const std::size_t stride = v.byteStride ? v.byteStride : std::size_t(width) * 4;
  const unsigned char* base = m.buffers[std::size_t(v.buffer)].data.data() + v.byteOffset + a.byteOffset;
  std::vector<float> out(a.count * std::size_t(width));
  for (std::size_t k = 0; k < a.count; ++k) std::memcpy(&out[k * width], base + k * stride, std::size_t(width) * 4);
  return out;
}

inline std::vector<std::uint32_t> indices(const tinygltf::Model& m, int index) {
  const tinygltf::Accessor& a = m.accessors[std::size_t(index)];
  const tinygltf::BufferView& v = m.bufferViews[std::size_t(a.bufferView)];
  const unsigned char* base = m.buffers[std::size_t(v.buffer)].data.data() + v.byteOffset + a.byteOffset;
  std::vector<std::uint32_t> out(a.count);
  for (std::size_t k = 0; k < a.count; ++k) {
    if (a.componentType == TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT) {
      std::uint16_t x;
      std::memcpy(&x, base + 2 * k, 2);
      out[k] = x;
    } else {
      std::memcpy(&out[k], base + 4 * k, 4);
    }
  }
  return out;
}

struct Channel {
  std::vector<float> times, values;
  int width = 0;
  std::string interpolation;
};

// The animation's channels, by node and path.
inline std::map<std::pair<int, std::string>, Channel> channels(const tinygltf::Model& m) {
  std::map<std::pair<int, std::string>, Channel> out;
  for (const auto& anim : m.animations)
    for (const auto& c : anim.channels) {
      const auto& s = anim.samplers[std::size_t(c.sampler)];
      Channel ch;
      ch.times = floats(m, s.input);
      ch.values = floats(m, s.output);
      ch.width = int(ch.values.size() / ch.times.size());
      ch.interpolation = s.interpolation;
      out[{c.target_node, c.target_path}] = ch;
    }
  return out;
}

// A channel's value at t: STEP holds the last key at or before t; LINEAR
// is read only at its keys here (the tests sample at frame times).
inline std::vector<float> at(const Channel& c, double t) {
  std::size_t k = 0;
  while (k + 1 < c.times.size() && c.times[k + 1] <= t + 1e-6) ++k;
  return {c.values.begin() + std::ptrdiff_t(k * c.width), c.values.begin() + std::ptrdiff_t((k + 1) * c.width)};
}

// Every node's world transform at time t (channels read at their keys); a
// node of an interval not shown at t has scale 0 in it.
inline std::vector<Eigen::Affine3d> worlds_at(const tinygltf::Model& m, double t) {
  const auto ch = channels(m);
  std::vector<Eigen::Affine3d> world(m.nodes.size(), Eigen::Affine3d::Identity());
  std::function<void(int, const Eigen::Affine3d&)> walk = [&](int i, const Eigen::Affine3d& parent) {
    const tinygltf::Node& n = m.nodes[std::size_t(i)];
    auto value = [&](const char* path, const std::vector<double>& fallback) {
      const auto it = ch.find({i, path});
      if (it == ch.end()) return fallback;
      const auto f = at(it->second, t);
      return std::vector<double>(f.begin(), f.end());
    };
    const auto tr = value("translation", n.translation.empty() ? std::vector<double>{0, 0, 0} : n.translation);
    const auto ro = value("rotation", n.rotation.empty() ? std::vector<double>{0, 0, 0, 1} : n.rotation);
    const auto sc = value("scale", n.scale.empty() ? std::vector<double>{1, 1, 1} : n.scale);
    world[std::size_t(i)] = parent * Eigen::Translation3d(tr[0], tr[1], tr[2]) *
                            Eigen::Quaterniond(ro[3], ro[0], ro[1], ro[2]) * Eigen::Scaling(sc[0], sc[1], sc[2]);
    for (int c : n.children) walk(c, world[std::size_t(i)]);
  };
  for (int root : m.scenes.at(0).nodes) walk(root, Eigen::Affine3d::Identity());
  return world;
}

}  // namespace

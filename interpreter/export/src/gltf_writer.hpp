// The glTF document being written (gltf.cpp, gltf_skin.cpp): the model, the
// bytes of its buffer views, the images, the animation, and what the parts
// written so far made. A private header of the export room.
#pragma once
#include <tiny_gltf.h>

#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "interpreter/export/gltf.hpp"

namespace lsd::interp {

inline constexpr int kFloat = TINYGLTF_COMPONENT_TYPE_FLOAT;

// The bytes of a buffer view, appended to as the model is built.
struct Bytes {
  std::vector<unsigned char> data;
  // Appends n bytes at a multiple of 4; returns their offset.
  std::size_t add(const void* p, std::size_t n) {
    data.resize((data.size() + 3) / 4 * 4);
    const std::size_t at = data.size();
    if (n == 0) return at;  // (p may be null then)
    data.resize(at + n);
    std::memcpy(data.data() + at, p, n);
    return at;
  }
};

// The buffer's views: four always, then the images' (one each), then, when a
// skinned mesh is written, its joints', weights' and inverse bind matrices' (write_buffer).
enum View { kVertices, kIndices, kAnimation, kTexels, kViews };

// Appends a node's pose in its parent (for node i of n per frame, after
// `frames` frames): its translation, and its rotation as a unit quaternion
// on the short way from its last sample (LINEAR is a slerp between neighbours).
void append_pose(const dyn::SE3& local, long frames, std::size_t n, std::size_t i, std::vector<float>& translation,
                 std::vector<float>& rotation);

struct GltfRecorder::Writer {
  tinygltf::Model model;
  Bytes bytes[kViews];                          // vertices, indices, animation data, texels
  std::vector<std::string> pngs;                // the images, one view each after the four
  Bytes joints, weights, inverse_bind;          // skins: JOINTS_0, WEIGHTS_0 and the inverse bind matrices, after the images
  std::map<int, int> texture;                   // texture id -> glTF texture
  std::map<std::pair<int, int>, int> material;  // (colour, texture id) -> glTF material
  std::size_t keyframes = 0;
  tinygltf::Animation anim;
  std::vector<float> times;  // (frames) s
  std::size_t times_at = 0;  // their offset in the animation view

  // The views of the skinned meshes' joints and weights.
  int joints_view() const { return int(kViews + pngs.size()); }
  int weights_view() const { return joints_view() + 1; }
  int inverse_bind_view() const { return joints_view() + 2; }  // (a view of their own, as glTF asks)

  // An accessor of count elements at offset in a view's bytes.
  int accessor(int view, std::size_t offset, int component, std::size_t count, int type) {
    tinygltf::Accessor a;
    a.bufferView = view;
    a.byteOffset = offset;
    a.componentType = component;
    a.count = count;
    a.type = type;
    model.accessors.push_back(std::move(a));
    return int(model.accessors.size() - 1);
  }
  // A channel of the animation: node's path sampled at input's times.
  void channel(int node, const char* path, int input, int output, const char* interpolation);
  // The LINEAR rotation and translation channels of a node of interval iv
  // that moves: sample i of the n per frame of translation and rotation.
  // input: the interval's frame times, made when a channel first needs them.
  void animate(int node, const Interval& iv, const std::vector<float>& translation,
               const std::vector<float>& rotation, std::size_t n, std::size_t i, int& input);
  // One buffer: the four views one after the other, then the images, then the skins'.
  void write_buffer();
};

}  // namespace lsd::interp

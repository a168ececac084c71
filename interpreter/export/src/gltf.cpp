// The glTF scene is built with tinygltf (Debian's libtinygltf-dev): one
// buffer with four views (interleaved vertices, indices, animation data,
// texels), then the images.
#include "interpreter/export/gltf.hpp"

#include <tiny_gltf.h>

#include <cmath>
#include <cstring>
#include <map>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

#include "interpreter/export/src/gltf_writer.hpp"

namespace lsd::interp {
namespace {

constexpr float kSame = 1e-6f;  // a channel whose samples all differ by less is a constant

// The faces riding on one body, per colour index and texture, in the body's frame.
struct MeshBuilder {
  std::map<std::pair<int, int>, Mesh> by_material;
};

double srgb_to_linear(double c) { return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4); }

// Samples [0, n) of `width` floats each: do they all equal the first?
bool constant(const float* v, std::size_t n, std::size_t stride, int width) {
  for (std::size_t k = 1; k < n; ++k)
    for (int c = 0; c < width; ++c)
      if (std::abs(v[k * stride + c] - v[c]) > kSame) return false;
  return true;
}

}  // namespace

GltfRecorder::GltfRecorder(double fps, const MeshOptions& mesh) : fps_(fps), mesh_opt_(mesh) {}

int GltfRecorder::add_mesh(MeshData m) {
  if (m.materials.empty()) return -1;
  std::string key;
  for (std::size_t p = 0; p < m.materials.size(); ++p) {
    key.append(reinterpret_cast<const char*>(&m.materials[p]), sizeof(m.materials[p]));
    key.append(reinterpret_cast<const char*>(m.vertices[p].data()), m.vertices[p].size() * sizeof(float));
    key.push_back('|');
    key.append(reinterpret_cast<const char*>(m.texels[p].data()), m.texels[p].size() * sizeof(float));
    key.push_back('|');
    key.append(reinterpret_cast<const char*>(m.indices[p].data()), m.indices[p].size() * sizeof(std::uint32_t));
    key.push_back('|');
    if (p < m.joints.size())
      key.append(reinterpret_cast<const char*>(m.joints[p].data()), m.joints[p].size() * sizeof(std::uint16_t));
  }
  auto [it, fresh] = mesh_index_.try_emplace(std::move(key), int(meshes_.size()));
  if (fresh) meshes_.push_back(std::move(m));
  return it->second;
}

void GltfRecorder::begin_interval(const std::string& name, const Geometry& g,
                                  const std::vector<std::int32_t>& module_body, const std::vector<int>& parent,
                                  const std::vector<dyn::SE3>& oMi) {
  if (colours_.palette.empty()) colours_.palette = g.palette;
  if (!colours_.textures) colours_.textures = g.textures;
  Interval iv;
  iv.name = name;
  iv.first = frames_;
  iv.parent = parent;
  const int nb = int(parent.size());
  // Each primitive goes to the body it rides on (nb: the interval's node),
  // moved into that body's frame before it is meshed: a prism's sides and a
  // sphere's poles then turn with the body, and an organ gives the same mesh
  // in every interval, whatever the pose.
  auto body_of = [&](std::uint32_t module) {
    const int b = module < module_body.size() ? module_body[module] : -1;
    return b >= 0 && b < nb ? b : nb;
  };
  MeshData rods = begin_rods(iv, g, module_body);  // (their tubes are its skinned mesh, not the bodies')
  std::unordered_set<std::uint32_t> skinned;
  for (const Interval::Rod& r : iv.rods) skinned.insert(r.module);
  std::vector<dyn::SE3> to_body(std::size_t(nb) + 1);
  for (int b = 0; b < nb; ++b) to_body[std::size_t(b)] = oMi[std::size_t(b)].inverse();
  Geometry local = g;
  std::vector<MeshBuilder> per(std::size_t(nb) + 1);
  auto textured = local.textured_segments.cbegin();
  std::size_t tapered = 0;
  for (std::size_t i = 0; i < local.segments.size(); ++i) {
    auto& s = local.segments[i];
    const int b = body_of(s.module);
    s.p0 = to_body[std::size_t(b)].act(s.p0);
    s.p1 = to_body[std::size_t(b)].act(s.p1);
    const Geometry::TexturedSegment* tex = nullptr;
    if (textured != local.textured_segments.cend() && textured->segment == i)
      if (const auto* t = &*textured++; local.texture(t->texture)) tex = t;
    add_segment(per[std::size_t(b)].by_material[{s.colour, tex ? tex->texture : 0}], s, mesh_opt_, tex,
                local.end_width(i, tapered));
  }
  for (auto& s : local.spheres) {
    const int b = body_of(s.module);
    s.centre = to_body[std::size_t(b)].act(s.centre);
    add_sphere(per[std::size_t(b)].by_material[{s.colour, 0}], s, mesh_opt_);
  }
  for (const auto& p : local.polygons) {
    if (skinned.count(p.module)) continue;
    const int b = body_of(p.module);
    for (std::uint32_t k = p.first; k < p.first + p.count; ++k) {
      local.polygon_vertices[k] = to_body[std::size_t(b)].act(local.polygon_vertices[k]);
      if (k < local.polygon_normals.size()) local.polygon_normals[k] = to_body[std::size_t(b)].rotation * local.polygon_normals[k];
    }
    add_polygon(per[std::size_t(b)].by_material[{p.colour, local.texture_of(p)}], local, p);
  }
  // As indexed triangles of (position, normal) vertices. Positions are
  // rounded to a grid of 2^-20 of the mesh's reach (a power of two) and
  // normals to 2^-20, so that rounding errors of the poses do not tell equal
  // meshes apart (-0 becomes 0 too).
  const double ngrid = std::exp2(-20.0);
  auto snap = [](double x, double q) { return float(std::nearbyint(x / q) * q) + 0.0f; };
  iv.mesh.assign(std::size_t(nb) + 1, -1);
  for (int b = 0; b <= nb; ++b) {
    MeshData md;
    for (auto& entry : per[std::size_t(b)].by_material) {
      const auto& material = entry.first;
      const Mesh& mesh = entry.second;  // (a reference, not a structured binding: lambdas capture it in clang 14)
      if (mesh.faces() == 0) continue;
      double reach = 0;
      for (const Vec3& p : mesh.positions) reach = std::max(reach, p.cwiseAbs().maxCoeff());
      const double grid = std::exp2(std::ceil(std::log2(std::max(reach, 1e-30))) - 20);
      std::vector<float> vertices, texels;
      std::vector<std::uint32_t> indices;
      // (position, normal) -> vertex; a textured mesh's texels: one per (position, texel), as its sides' seams need
      std::unordered_map<std::uint64_t, std::uint32_t> vertex_of;
      const bool has_texture = material.second != 0;
      auto vertex = [&](const Mesh::Corner& c) {
        const std::uint64_t k =
            (std::uint64_t(c.position) << 32) | (has_texture && c.texel != Mesh::kNoTexel ? c.texel | 0x80000000u : c.normal);
        auto [it, fresh] = vertex_of.try_emplace(k, std::uint32_t(vertices.size() / 6));
        if (fresh) {
          const Vec3& p = mesh.positions[c.position];
          const Vec3& n = mesh.normals[c.normal];
          vertices.insert(vertices.end(), {snap(p.x(), grid), snap(p.y(), grid), snap(p.z(), grid),
                                           snap(n.x(), ngrid), snap(n.y(), ngrid), snap(n.z(), ngrid)});
          if (has_texture) {  // glTF's t runs down the image: 1 - cpfg's
            const Vec2f st = c.texel == Mesh::kNoTexel ? Vec2f(0, 0) : mesh.texels[c.texel];
            texels.insert(texels.end(), {st.x(), 1.f - st.y()});
          }
        }
        return it->second;
      };
      std::uint32_t begin = 0;
      for (std::uint32_t end : mesh.face_ends) {  // faces are convex: fans
        for (std::uint32_t k = begin + 1; k + 1 < end; ++k)
          indices.insert(indices.end(), {vertex(mesh.corners[begin]), vertex(mesh.corners[k]),
                                         vertex(mesh.corners[k + 1])});
        begin = end;
      }
      md.materials.push_back(material);
      md.vertices.push_back(std::move(vertices));
      md.texels.push_back(std::move(texels));
      md.indices.push_back(std::move(indices));
    }
    iv.mesh[std::size_t(b)] = add_mesh(std::move(md));
  }
  if (!iv.rods.empty()) iv.skin_mesh = add_mesh(std::move(rods));
  intervals_.push_back(std::move(iv));
  add_frame(oMi, &g);
}

void GltfRecorder::add_frame(const std::vector<dyn::SE3>& oMi, const Geometry* drawn) {
  Interval& iv = intervals_.back();
  if (!iv.rods.empty()) add_ring_poses(iv, oMi, drawn);
  add_pose(iv, oMi);
}

void GltfRecorder::add_pose(Interval& iv, const std::vector<dyn::SE3>& oMi) {
  const std::size_t nb = iv.parent.size();
  for (std::size_t i = 0; i < nb; ++i) {
    const int p = iv.parent[i];
    append_pose(p >= 0 ? oMi[std::size_t(p)].inverse() * oMi[i] : oMi[i], iv.frames, nb, i, iv.translation,
                iv.rotation);
  }
  ++iv.frames;
  ++frames_;
  samples_ += nb;
}

// Textures: an image (PNG in the buffer) and a sampler each, for those used.
void GltfRecorder::write_textures(Writer& w) const {
  tinygltf::Model& model = w.model;
  for (const MeshData& m : meshes_)
    for (const auto& [colour, id] : m.materials)
      if (id != 0 && colours_.texture(id)) w.texture.emplace(id, 0);
  for (auto& [id, index] : w.texture) {
    const Texture& t = *colours_.texture(id);
    w.pngs.push_back(texture_png(t));
    tinygltf::Image image;
    image.name = "texture_" + std::to_string(id);
    image.mimeType = "image/png";
    image.bufferView = int(kViews + w.pngs.size() - 1);
    model.images.push_back(std::move(image));
    tinygltf::Sampler sampler;
    sampler.magFilter = t.smooth_magnify ? TINYGLTF_TEXTURE_FILTER_LINEAR : TINYGLTF_TEXTURE_FILTER_NEAREST;
    sampler.minFilter = t.mipmap ? (t.smooth_minify ? TINYGLTF_TEXTURE_FILTER_LINEAR_MIPMAP_LINEAR
                                                    : TINYGLTF_TEXTURE_FILTER_NEAREST_MIPMAP_LINEAR)
                                 : (t.smooth_minify ? TINYGLTF_TEXTURE_FILTER_LINEAR : TINYGLTF_TEXTURE_FILTER_NEAREST);
    sampler.wrapS = sampler.wrapT = TINYGLTF_TEXTURE_WRAP_REPEAT;
    model.samplers.push_back(std::move(sampler));
    tinygltf::Texture tex;
    tex.source = tex.sampler = int(model.images.size() - 1);
    index = int(model.textures.size());
    model.textures.push_back(std::move(tex));
  }
}

// Materials: one per colour index (and texture) used.
void GltfRecorder::write_materials(Writer& w) const {
  for (const MeshData& m : meshes_)
    for (const auto& cm : m.materials) w.material.emplace(cm, 0);
  for (auto& [cm, index] : w.material) {
    const auto [colour, id] = cm;
    const auto rgb = colours_.rgb(colour);
    tinygltf::Material mat;
    mat.name = "colour_" + std::to_string(colour);
    mat.pbrMetallicRoughness.baseColorFactor = {srgb_to_linear(rgb[0]), srgb_to_linear(rgb[1]),
                                                srgb_to_linear(rgb[2]), 1.0};
    if (w.texture.count(id)) {  // modulate: the image times the colour; decal: the image alone
      mat.name += "_texture_" + std::to_string(id);
      mat.pbrMetallicRoughness.baseColorTexture.index = w.texture.at(id);
      if (colours_.texture(id)->decal) mat.pbrMetallicRoughness.baseColorFactor = {1, 1, 1, 1};
      mat.alphaMode = "MASK";
      mat.alphaCutoff = 0.1;
    }
    mat.pbrMetallicRoughness.metallicFactor = 0;
    mat.pbrMetallicRoughness.roughnessFactor = 0.8;
    mat.doubleSided = true;  // leaves and petals are single polygons
    index = int(w.model.materials.size());
    w.model.materials.push_back(std::move(mat));
  }
}

// Meshes: one primitive per colour, positions and normals interleaved.
void GltfRecorder::write_meshes(Writer& w) const {
  for (std::size_t i = 0; i < meshes_.size(); ++i) {
    const MeshData& md = meshes_[i];
    tinygltf::Mesh mesh;
    mesh.name = "mesh_" + std::to_string(i);
    for (std::size_t p = 0; p < md.materials.size(); ++p) {
      const auto& v = md.vertices[p];
      const std::size_t nv = v.size() / 6;
      const std::size_t at = w.bytes[kVertices].add(v.data(), v.size() * sizeof(float));
      const int pos = w.accessor(kVertices, at, kFloat, nv, TINYGLTF_TYPE_VEC3);
      std::vector<double> lo(3, 1e300), hi(3, -1e300);
      for (std::size_t k = 0; k < nv; ++k)
        for (int c = 0; c < 3; ++c) {
          lo[c] = std::min(lo[c], double(v[6 * k + c]));
          hi[c] = std::max(hi[c], double(v[6 * k + c]));
        }
      w.model.accessors[pos].minValues = lo;
      w.model.accessors[pos].maxValues = hi;
      const int nrm = w.accessor(kVertices, at + 12, kFloat, nv, TINYGLTF_TYPE_VEC3);
      const auto& idx = md.indices[p];
      int ind;
      if (nv <= 65535) {  // 16-bit indices when they fit
        std::vector<std::uint16_t> small(idx.begin(), idx.end());
        ind = w.accessor(kIndices, w.bytes[kIndices].add(small.data(), small.size() * 2),
                         TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT, idx.size(), TINYGLTF_TYPE_SCALAR);
      } else {
        ind = w.accessor(kIndices, w.bytes[kIndices].add(idx.data(), idx.size() * 4),
                         TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT, idx.size(), TINYGLTF_TYPE_SCALAR);
      }
      tinygltf::Primitive prim;
      prim.attributes["POSITION"] = pos;
      prim.attributes["NORMAL"] = nrm;
      prim.indices = ind;
      if (!md.texels[p].empty() && w.texture.count(md.materials[p].second))
        prim.attributes["TEXCOORD_0"] =
            w.accessor(kTexels, w.bytes[kTexels].add(md.texels[p].data(), md.texels[p].size() * sizeof(float)), kFloat,
                       nv, TINYGLTF_TYPE_VEC2);
      if (p < md.joints.size()) {  // skinned: each vertex wholly on its ring's joint
        std::vector<std::uint16_t> joints(4 * nv, 0);
        std::vector<std::uint8_t> weights(4 * nv, 0);
        for (std::size_t k = 0; k < nv; ++k) joints[4 * k] = md.joints[p][k], weights[4 * k] = 255;
        prim.attributes["JOINTS_0"] = w.accessor(w.joints_view(), w.joints.add(joints.data(), joints.size() * 2),
                                                 TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT, nv, TINYGLTF_TYPE_VEC4);
        const int wt = w.accessor(w.weights_view(), w.weights.add(weights.data(), weights.size()),
                                  TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE, nv, TINYGLTF_TYPE_VEC4);
        w.model.accessors[std::size_t(wt)].normalized = true;
        prim.attributes["WEIGHTS_0"] = wt;
      }
      prim.material = w.material.at(md.materials[p]);
      prim.mode = TINYGLTF_MODE_TRIANGLES;
      mesh.primitives.push_back(std::move(prim));
    }
    w.model.meshes.push_back(std::move(mesh));
  }
}

void append_pose(const dyn::SE3& local, long frames, std::size_t n, std::size_t i, std::vector<float>& translation,
                 std::vector<float>& rotation) {
  Eigen::Quaterniond q(local.rotation);
  q.normalize();
  if (frames > 0) {  // the short way from the last sample: LINEAR is a slerp between neighbours
    const float* last = &rotation[((std::size_t(frames) - 1) * n + i) * 4];
    if (q.x() * last[0] + q.y() * last[1] + q.z() * last[2] + q.w() * last[3] < 0) q.coeffs() = -q.coeffs();
  }
  translation.insert(translation.end(),
                     {float(local.translation.x()), float(local.translation.y()), float(local.translation.z())});
  rotation.insert(rotation.end(), {float(q.x()), float(q.y()), float(q.z()), float(q.w())});
}

void GltfRecorder::Writer::channel(int node, const char* path, int input, int output, const char* interpolation) {
  tinygltf::AnimationSampler s;
  s.input = input;
  s.output = output;
  s.interpolation = interpolation;
  anim.samplers.push_back(std::move(s));
  tinygltf::AnimationChannel c;
  c.sampler = int(anim.samplers.size() - 1);
  c.target_node = node;
  c.target_path = path;
  anim.channels.push_back(std::move(c));
  keyframes += model.accessors[std::size_t(input)].count;
}

void GltfRecorder::Writer::animate(int node, const Interval& iv, const std::vector<float>& translation,
                                   const std::vector<float>& rotation, std::size_t n, std::size_t i, int& input) {
  Bytes& anim_bytes = bytes[kAnimation];
  const std::size_t nf = std::size_t(iv.frames);
  for (const auto& [values, width, path] : {std::tuple{&translation, 3, "translation"},
                                             std::tuple{&rotation, 4, "rotation"}}) {
    const float* v = values->data() + i * std::size_t(width);
    if (constant(v, nf, n * std::size_t(width), width)) continue;
    if (input < 0) {
      input = accessor(kAnimation, times_at + std::size_t(iv.first) * 4, kFloat, nf, TINYGLTF_TYPE_SCALAR);
      model.accessors[std::size_t(input)].minValues = {times[std::size_t(iv.first)]};
      model.accessors[std::size_t(input)].maxValues = {times[std::size_t(iv.first + iv.frames - 1)]};
    }
    std::vector<float> samples(nf * std::size_t(width));
    for (std::size_t k = 0; k < nf; ++k)
      std::copy(v + k * n * width, v + k * n * width + width, samples.begin() + std::ptrdiff_t(k * width));
    const int out = accessor(kAnimation, anim_bytes.add(samples.data(), samples.size() * 4), kFloat, nf,
                             width == 3 ? TINYGLTF_TYPE_VEC3 : TINYGLTF_TYPE_VEC4);
    channel(node, path, input, out, "LINEAR");
  }
}

// Nodes and the animation: per interval a node visible during it, and its
// bodies' nodes under it, animated where they move.
void GltfRecorder::write_animation(Writer& w) const {
  tinygltf::Model& model = w.model;
  Bytes& anim_bytes = w.bytes[kAnimation];
  w.anim.name = "growth and motion";
  w.times.resize(static_cast<std::size_t>(frames_));
  for (long k = 0; k < frames_; ++k) w.times[std::size_t(k)] = float(double(k) / fps_);
  w.times_at = anim_bytes.add(w.times.data(), w.times.size() * sizeof(float));
  const std::vector<float>& times = w.times;
  tinygltf::Scene scene;
  for (const Interval& iv : intervals_) {
    const long last = iv.first + iv.frames;  // one past the interval's last frame
    // The interval's node: visible (scale 1) from its first frame to its last.
    const int root = int(model.nodes.size());
    scene.nodes.push_back(root);
    model.nodes.emplace_back();
    model.nodes[std::size_t(root)].name = iv.name;
    model.nodes[std::size_t(root)].mesh = iv.mesh.back();
    std::vector<float> key_t, key_s;
    if (iv.first > 0) key_t.push_back(0), key_s.insert(key_s.end(), {0, 0, 0});
    key_t.push_back(times[std::size_t(iv.first)]), key_s.insert(key_s.end(), {1, 1, 1});
    if (last < frames_) key_t.push_back(times[std::size_t(last)]), key_s.insert(key_s.end(), {0, 0, 0});
    if (iv.first > 0) model.nodes[std::size_t(root)].scale = {0, 0, 0};  // as at time 0
    if (key_t.size() > 1) {
      const int in = w.accessor(kAnimation, anim_bytes.add(key_t.data(), key_t.size() * 4), kFloat, key_t.size(),
                                TINYGLTF_TYPE_SCALAR);
      model.accessors[std::size_t(in)].minValues = {key_t.front()};
      model.accessors[std::size_t(in)].maxValues = {key_t.back()};
      const int out = w.accessor(kAnimation, anim_bytes.add(key_s.data(), key_s.size() * 4), kFloat, key_t.size(),
                                 TINYGLTF_TYPE_VEC3);
      w.channel(root, "scale", in, out, "STEP");
    }
    // Its bodies, each a child of its parent's node, animated where they move.
    const std::size_t nb = iv.parent.size();
    int input = -1;  // the interval's frame times, made when a channel needs them
    for (std::size_t i = 0; i < nb; ++i) {
      const int node = int(model.nodes.size());
      tinygltf::Node n;
      n.name = iv.name + "_body_" + std::to_string(i);
      n.mesh = iv.mesh[i];
      const float* t = &iv.translation[i * 3];
      const float* r = &iv.rotation[i * 4];
      n.translation = {t[0], t[1], t[2]};
      n.rotation = {r[0], r[1], r[2], r[3]};
      model.nodes.push_back(std::move(n));
      const int up = iv.parent[i] >= 0 ? int(root + 1 + iv.parent[i]) : root;
      model.nodes[std::size_t(up)].children.push_back(node);
      w.animate(node, iv, iv.translation, iv.rotation, nb, i, input);
    }
    if (!iv.rods.empty()) {
      write_rings(w, iv, root, root + 1, input);
      scene.nodes.push_back(int(model.nodes.size() - 1));  // the skinned mesh's node, at the root
    }
  }
  model.scenes.push_back(std::move(scene));
  model.defaultScene = 0;
  if (!w.anim.channels.empty()) model.animations.push_back(std::move(w.anim));
}

void GltfRecorder::Writer::write_buffer() {
  tinygltf::Buffer buffer;
  const int targets[] = {TINYGLTF_TARGET_ARRAY_BUFFER, TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER, 0,
                         TINYGLTF_TARGET_ARRAY_BUFFER};
  auto add_view = [&](const void* data, std::size_t n, int target, int stride) {
    buffer.data.resize((buffer.data.size() + 3) / 4 * 4);
    tinygltf::BufferView view;
    view.buffer = 0;
    view.byteOffset = buffer.data.size();
    view.byteLength = std::max<std::size_t>(n, 4);  // (a view may not be empty)
    view.target = target;
    view.byteStride = stride;
    const auto* from = static_cast<const unsigned char*>(data);
    buffer.data.insert(buffer.data.end(), from, from + n);
    buffer.data.resize(view.byteOffset + view.byteLength);
    model.bufferViews.push_back(view);
  };
  for (int v = 0; v < kViews; ++v) {
    const bool empty = bytes[v].data.empty();  // (no texture: a placeholder of 4 bytes, not vertex data)
    add_view(bytes[v].data.data(), bytes[v].data.size(), empty ? 0 : targets[v],
             empty ? 0 : v == kVertices ? 6 * sizeof(float) : v == kTexels ? 2 * sizeof(float) : 0);
  }
  for (const std::string& png : pngs) add_view(png.data(), png.size(), 0, 0);
  if (!joints.data.empty()) {  // (skinned meshes only: a file without rods keeps its views)
    add_view(joints.data.data(), joints.data.size(), TINYGLTF_TARGET_ARRAY_BUFFER, 4 * sizeof(std::uint16_t));
    add_view(weights.data.data(), weights.data.size(), TINYGLTF_TARGET_ARRAY_BUFFER, 4);
    add_view(inverse_bind.data.data(), inverse_bind.data.size(), 0, 0);
  }
  model.buffers.push_back(std::move(buffer));
}

std::string GltfRecorder::serialize(bool binary, GltfCounts* counts) const {
  Writer w;
  w.model.asset.version = "2.0";
  w.model.asset.generator = "lsd (L-systems that grow and move)";
  write_textures(w);
  write_materials(w);
  write_meshes(w);
  write_animation(w);
  w.write_buffer();
  const std::size_t nchannels = w.model.animations.empty() ? 0 : w.model.animations[0].channels.size();
  if (counts) *counts = {intervals_.size(), w.model.nodes.size(), w.model.meshes.size(), nchannels, w.keyframes};
  std::ostringstream out;
  tinygltf::TinyGLTF writer;
  writer.WriteGltfSceneToStream(&w.model, out, /*prettyPrint=*/false, binary);
  return out.str();
}

}  // namespace lsd::interp

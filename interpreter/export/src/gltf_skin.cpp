// A living plant's curved rods in the animated glTF (docs/animation.md):
// each ring of an element's tube (interpreter/turtle/rod_shape.hpp: the
// element's frame at the ring's arc length) is a joint node, a child of the
// element's body node; the interval's tubes are one skinned mesh, each
// vertex wholly on its ring's joint, given in the pose of the interval's
// first frame (the bind pose). The rings and their arc lengths are fixed for
// the interval (its first frame's), so every frame only poses them.
#include <tiny_gltf.h>

#include <limits>
#include <map>
#include <string>
#include <unordered_map>

#include "interpreter/export/gltf.hpp"
#include "interpreter/export/src/gltf_writer.hpp"

namespace lsd::interp {
namespace {

// The frame of ring k of rod r in the world, drawn as the rod d is now.
dyn::SE3 ring_frame(const Geometry::Rod& d, double length, int pieces, int k) {
  return d.start * rod_frame(d.shape, length * k / pieces);
}

// The rod of this frame's drawing that is the interval's rod r (index hint: r's place in the drawing), or null.
const Geometry::Rod* rod_in(const Geometry* drawn, std::size_t hint, std::uint32_t module) {
  if (!drawn) return nullptr;
  if (hint < drawn->rods.size() && drawn->rods[hint].module == module) return &drawn->rods[hint];
  for (const Geometry::Rod& d : drawn->rods)
    if (d.module == module) return &d;
  return nullptr;
}

// The ring joint of the vertex p of a tube of `module`: the ring whose centre is nearest (every
// vertex of a tube lies on one of its rings, rod_tube.hpp), among the rings of module's rods.
std::uint16_t ring_of(const Vec3& p, const std::vector<std::size_t>& rings, const std::vector<Vec3>& centre) {
  std::size_t best = rings.front();
  double nearest = std::numeric_limits<double>::infinity();
  for (std::size_t k : rings)
    if (const double d = (p - centre[k]).squaredNorm(); d < nearest) nearest = d, best = k;
  return std::uint16_t(best);
}

// A column-major 4x4 matrix of a pose.
void append_matrix(const dyn::SE3& g, std::vector<float>& out) {
  for (int c = 0; c < 4; ++c)
    for (int r = 0; r < 4; ++r)
      out.push_back(c < 3 ? (r < 3 ? float(g.rotation(r, c)) : 0.f) : (r < 3 ? float(g.translation(r)) : 1.f));
}

}  // namespace

// One joint per ring (at most 65536 in an interval: JOINTS_0's 16 bits; more
// and the tubes ride rigidly on their bodies as other meshes do).
GltfRecorder::MeshData GltfRecorder::begin_rods(Interval& iv, const Geometry& g,
                                                const std::vector<std::int32_t>& module_body) {
  MeshData md;
  if (module_body.empty() || g.rods.empty()) return md;
  std::size_t rings = 0;
  for (const Geometry::Rod& d : g.rods) rings += std::size_t(d.pieces) + 1;
  if (rings > 65536) return md;
  const int nb = int(iv.parent.size());
  std::vector<Vec3> centre;
  std::unordered_map<std::uint32_t, std::vector<std::size_t>> rings_of;  // module -> its rings
  for (const Geometry::Rod& d : g.rods) {
    const std::int32_t b = d.module < module_body.size() ? module_body[d.module] : -1;
    iv.rods.push_back({d.module, iv.ring_body.size(), d.pieces, d.shape.length});
    for (int k = 0; k <= d.pieces; ++k) {
      const dyn::SE3 world = ring_frame(d, d.shape.length, d.pieces, k);
      rings_of[d.module].push_back(iv.ring_body.size());
      iv.ring_body.push_back(b >= 0 && b < nb ? b : nb);
      centre.push_back(world.translation);
      append_matrix(world.inverse(), iv.inverse_bind);
    }
  }
  // The tubes' faces (rod_tube.hpp: quads and caps, convex: fans) per colour, in the world of the first frame.
  std::map<int, std::size_t> primitive;  // colour -> primitive
  std::vector<std::unordered_map<std::string, std::uint32_t>> vertex_of;
  for (const Geometry::Polygon& p : g.polygons) {
    const auto it = rings_of.find(p.module);
    if (it == rings_of.end()) continue;
    const auto [at, fresh] = primitive.try_emplace(p.colour, md.materials.size());
    if (fresh) {
      md.materials.push_back({p.colour, 0});
      md.vertices.emplace_back(), md.texels.emplace_back(), md.indices.emplace_back(), md.joints.emplace_back();
      vertex_of.emplace_back();
    }
    const std::size_t q = at->second;
    auto vertex = [&](std::uint32_t k) {
      const Vec3& x = g.polygon_vertices[k];
      const Vec3 n = g.vertex_normal(p, k);
      const float v[6] = {float(x.x()), float(x.y()), float(x.z()), float(n.x()), float(n.y()), float(n.z())};
      const std::uint16_t j = ring_of(x, it->second, centre);
      std::string key(reinterpret_cast<const char*>(v), sizeof v);
      key.append(reinterpret_cast<const char*>(&j), sizeof j);
      const auto [found, added] = vertex_of[q].try_emplace(std::move(key), std::uint32_t(md.joints[q].size()));
      if (added) {
        md.vertices[q].insert(md.vertices[q].end(), v, v + 6);
        md.joints[q].push_back(j);
      }
      return found->second;
    };
    for (std::uint32_t k = p.first + 1; k + 1 < p.first + p.count; ++k)
      md.indices[q].insert(md.indices[q].end(), {vertex(p.first), vertex(k), vertex(k + 1)});
  }
  return md;
}

void GltfRecorder::add_ring_poses(Interval& iv, const std::vector<dyn::SE3>& oMi, const Geometry* drawn) {
  const std::size_t n = iv.ring_body.size(), nb = iv.parent.size();
  for (std::size_t r = 0; r < iv.rods.size(); ++r) {
    const Interval::Rod& rod = iv.rods[r];
    const Geometry::Rod* d = rod_in(drawn, r, rod.module);
    for (int k = 0; k <= rod.pieces; ++k) {
      const std::size_t i = rod.first + std::size_t(k);
      if (!d && iv.frames > 0) {  // not drawn in this frame: its last pose
        const std::size_t last = (std::size_t(iv.frames) - 1) * n + i;
        iv.ring_translation.insert(iv.ring_translation.end(), {iv.ring_translation[3 * last],
                                                               iv.ring_translation[3 * last + 1],
                                                               iv.ring_translation[3 * last + 2]});
        for (int c = 0; c < 4; ++c) iv.ring_rotation.push_back(iv.ring_rotation[4 * last + std::size_t(c)]);
        continue;
      }
      const dyn::SE3 world = d ? ring_frame(*d, rod.length, rod.pieces, k) : dyn::SE3();
      const std::size_t b = std::size_t(iv.ring_body[i]);
      append_pose(b < nb ? oMi[b].inverse() * world : world, iv.frames, n, i, iv.ring_translation, iv.ring_rotation);
    }
  }
  samples_ += n;
}

void GltfRecorder::write_rings(Writer& w, const Interval& iv, int root, int bodies0, int& input) const {
  tinygltf::Model& model = w.model;
  const std::size_t n = iv.ring_body.size(), nb = iv.parent.size();
  tinygltf::Skin skin;
  skin.name = iv.name + "_rods";
  for (std::size_t i = 0; i < n; ++i) {
    const int node = int(model.nodes.size());
    tinygltf::Node joint;
    joint.name = iv.name + "_ring_" + std::to_string(i);
    const float* t = &iv.ring_translation[i * 3];
    const float* r = &iv.ring_rotation[i * 4];
    joint.translation = {t[0], t[1], t[2]};
    joint.rotation = {r[0], r[1], r[2], r[3]};
    model.nodes.push_back(std::move(joint));
    const std::size_t b = std::size_t(iv.ring_body[i]);
    model.nodes[std::size_t(b < nb ? bodies0 + int(b) : root)].children.push_back(node);
    w.animate(node, iv, iv.ring_translation, iv.ring_rotation, n, i, input);
    skin.joints.push_back(node);
  }
  skin.inverseBindMatrices =
      w.accessor(w.inverse_bind_view(), w.inverse_bind.add(iv.inverse_bind.data(), iv.inverse_bind.size() * 4),
                 kFloat, n, TINYGLTF_TYPE_MAT4);
  model.skins.push_back(std::move(skin));
  tinygltf::Node tube;  // at the scene's root: a skinned mesh follows its joints, not its node
  tube.name = iv.name + "_rods";
  tube.mesh = iv.skin_mesh;
  tube.skin = int(model.skins.size() - 1);
  model.nodes.push_back(std::move(tube));
}

}  // namespace lsd::interp

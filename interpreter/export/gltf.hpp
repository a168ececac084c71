// Growth and motion as one animated glTF 2.0 scene (docs/animation.md).
//
// Bodies are nodes with rotation and translation keyframes; the geometry that
// rides on a body (the scene's module → body map, from the model's body
// layout) is a mesh in that body's frame.
// A derivation step rewrites the string, so a body has no identity across
// steps: the scene holds one set of nodes per interval between derivation
// steps, under one node per interval whose scale is 1 during its interval and
// 0 before and after it (STEP keyframes). An organ is so invisible before the
// frame of the step that derived it and visible from then on. Geometry before
// the first body (or of a plant without bodies) sits on the interval's node.
// Meshes equal to one of an earlier interval are shared, not written again.
// A living plant's curved rods (docs/language.md 7.9) bend: each ring of a
// rod element's tube is a joint node, a child of the element's body node,
// posed at every frame as the element's frame at that ring's arc length; the
// interval's tubes are one skinned mesh whose vertices follow their rings
// (gltf_skin.cpp).
// Colours are materials (the model's palette, else palette_rgb); a cpfg
// model's textures are images in the buffer, mapped by texture coordinates
// on the faces that carry them (one material per colour and texture, its
// alpha a mask cut at 0.1 as lsd's renderer and cpfg do).
#pragma once
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "dynamics/spatial.hpp"
#include "grammar/diagnostic.hpp"
#include "interpreter/living/simulation.hpp"
#include "interpreter/scene/mesh.hpp"
#include "interpreter/turtle/turtle.hpp"

namespace lsd::interp {

// What the scene holds, for messages and tests.
struct GltfCounts {
  std::size_t intervals = 0, nodes = 0, meshes = 0, channels = 0, keyframes = 0;
};

// Records an animation interval by interval, frame by frame (frame k at
// k / fps seconds), then writes it. A recording of one frame is a still scene
// without animation.
class GltfRecorder {
 public:
  explicit GltfRecorder(double fps = 30, const MeshOptions& mesh = {});

  // Starts an interval at the next frame: the drawn geometry (world), the body
  // each module of the drawn string rides on (-1 or past the end: none), the
  // bodies' parents (parent[i] < i) and their poses in the world.
  void begin_interval(const std::string& name, const Geometry& g, const std::vector<std::int32_t>& module_body,
                      const std::vector<int>& parent, const std::vector<dyn::SE3>& oMi);
  // The next frame of the current interval: the bodies' poses (the frame that
  // begins an interval is given by begin_interval), and, when bends_rods(),
  // the drawing of this frame, whose rods' shapes pose the rings (without it
  // they keep their last pose).
  void add_frame(const std::vector<dyn::SE3>& oMi, const Geometry* drawn = nullptr);
  // Whether the current interval has rods whose rings add_frame poses from a drawing.
  bool bends_rods() const { return !intervals_.empty() && !intervals_.back().rods.empty(); }

  // A simulation's current state as the next frame (what lsd export --time
  // and the Python module record, gltf_record.cpp): the first frame and the
  // first after a derivation step begin an interval "step_N" with the
  // plant's drawing; any other frame adds the bodies' poses (and the drawing
  // when bends_rods()). False with error set when the plant cannot be drawn.
  bool record(Simulation& sim, grammar::Diagnostic& error);

  long frames() const { return frames_; }
  // Poses recorded so far ((bodies + rod rings) x frames): what the memory and the file grow with.
  std::size_t samples() const { return samples_; }

  // The whole scene: a binary .glb, or JSON .gltf with the buffer embedded.
  // The counts of what it holds go to counts when given.
  std::string serialize(bool binary, GltfCounts* counts = nullptr) const;

 private:
  struct Interval {
    std::string name;
    long first = 0, frames = 0;           // frames [first, first + frames)
    std::vector<int> parent;              // (bodies)
    std::vector<int> mesh;                // (bodies + 1) mesh riding on each body, the last on the interval node; -1: none
    std::vector<float> translation;       // (frames x bodies x 3) m, body in its parent (or the world)
    std::vector<float> rotation;          // (frames x bodies x 4) unit quaternion x, y, z, w, idem
    // Its rods' rings (gltf_skin.cpp): joints of the skinned mesh skin_mesh.
    struct Rod {
      std::uint32_t module;  // the S
      std::size_t first;     // its first ring; it has pieces + 1, at arc lengths length · k / pieces
      int pieces;
      double length;
    };
    std::vector<Rod> rods;
    std::vector<int> ring_body;              // (rings) the body whose node holds the ring's joint; bodies: the interval's
    std::vector<float> ring_translation;     // (frames x rings x 3) m, the ring in its body, as translation above
    std::vector<float> ring_rotation;        // (frames x rings x 4) idem, as rotation above
    std::vector<float> inverse_bind;         // (rings x 16) the inverse of each ring's world frame at the first frame
    int skin_mesh = -1;
  };
  struct MeshData {
    std::vector<std::pair<int, int>> materials;    // one primitive per (colour, texture id or 0)
    std::vector<std::vector<float>> vertices;      // (primitive) x y z nx ny nz per vertex
    std::vector<std::vector<float>> texels;        // (primitive) s t per vertex of a textured one, else empty
    std::vector<std::vector<std::uint32_t>> indices;  // (primitive) triangles
    std::vector<std::vector<std::uint16_t>> joints;   // (primitive) a skinned mesh's ring joint of each vertex, else empty
  };

  int add_mesh(MeshData m);
  void add_pose(Interval& iv, const std::vector<dyn::SE3>& oMi);
  // The rods of a living plant's drawing: their rings, skinned mesh and first poses (gltf_skin.cpp).
  MeshData begin_rods(Interval& iv, const Geometry& g, const std::vector<std::int32_t>& module_body);
  void add_ring_poses(Interval& iv, const std::vector<dyn::SE3>& oMi, const Geometry* drawn);

  // serialize, part by part, into the document being written (gltf.cpp).
  struct Writer;
  void write_textures(Writer& w) const;
  void write_materials(Writer& w) const;
  void write_meshes(Writer& w) const;
  void write_animation(Writer& w) const;
  // An interval's ring joints under its body nodes (the first at node bodies0), its skin and skinned mesh's node.
  void write_rings(Writer& w, const Interval& iv, int root, int bodies0, int& input) const;

  double fps_;
  MeshOptions mesh_opt_;
  std::vector<Interval> intervals_;
  std::vector<MeshData> meshes_;
  Geometry colours_;  // only its palette and textures: a cpfg model's colour map and images, or empty
  std::unordered_map<std::string, int> mesh_index_;  // a mesh's bytes -> its index: equal meshes are shared
  long frames_ = 0;
  std::size_t samples_ = 0;
  int step_ = -1;  // the derivation step of the interval record() records
};

}  // namespace lsd::interp

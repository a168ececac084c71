// The plant as drawn (docs/architecture.md): one builder for the viewer,
// pictures, videos, glTF and OBJ. The string as drawn (the homomorphism
// applied with the L-system's state: its global variables, cpfg's random
// streams; a simulation's once per rebuild, the drawing its model was built
// from), then the turtle's walk: a living plant's bodies carried where the
// physics posed them (turtle.hpp: BodyPoses), the body each drawn module
// rides on from its model's layout; a string without a model bent as its
// joints' state says. Then what the world adds around the plant: obstacles,
// the ground, the viewer's pot and contact marks.
#pragma once
#include <string>

#include "grammar/diagnostic.hpp"
#include "interpreter/living/simulation.hpp"
#include "interpreter/turtle/geometry.hpp"

namespace lsd::interp {

// What a scene holds besides the plant.
struct SceneOptions {
  bool obstacles = true;   // poles and spheres (dynamics: pole:, sphere:)
  bool ground = true;      // the ground: plane
  bool pot = true;         // a kinematic base (the viewer's movable pot) drawn as a pot
  bool contacts = false;   // contact points and forces (the viewer's toggle)
};

// The geometry of the plant only, for the commands that export or list what
// the turtle drew (segments, OBJ, glTF).
inline SceneOptions plant_only() { return {false, false, false, false}; }

struct Scene {
  // The plant, then what the options add (elements of no module: kNoModule).
  Geometry geometry;
  // geometry.module_body holds, for every module of the drawn string, the
  // body it rides on: a living plant's (its model's layout), else empty.
  // What a camera frames: the plant and its obstacles, not the ground (it
  // lies under them, three times as wide; it is the last polygon when added).
  bool ground_added = false;
  Geometry without_ground() const;
};

// The scene of a simulation's current state (its pose, settings and
// contacts). False with error set when the homomorphism fails, or when the
// drawing is not the one its model's bodies were laid out on.
bool build_scene(Simulation& sim, const SceneOptions& opts, Scene& out, grammar::Diagnostic& error);
// The scene of a derived L-system that does not move (no simulation): the
// plant in its string's state, and the settings' obstacles.
bool build_scene(const Lsystem& ls, const RunSettings& settings, const SceneOptions& opts, Scene& out,
                 grammar::Diagnostic& error);

}  // namespace lsd::interp

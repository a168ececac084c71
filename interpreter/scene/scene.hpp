// The plant as drawn (docs/architecture.md): one builder for the viewer,
// pictures, videos, glTF and OBJ. The homomorphism applied with the
// L-system's state (its global variables, cpfg's random streams), then the
// turtle's walk (joints bent as their state says), which also records the
// body each drawn module rides on; then what the world adds around the plant:
// obstacles, the ground, the viewer's pot and contact marks.
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
  // body it rides on; valid when the drawn string has the model's bodies
  // (a homomorphism may add or remove bodies: then it is empty).
  bool has_bodies() const { return !geometry.module_body.empty(); }
  // What a camera frames: the plant and its obstacles, not the ground (it
  // lies under them, three times as wide; it is the last polygon when added).
  bool ground_added = false;
  Geometry without_ground() const;
};

// The scene of a simulation's current state (its pose, settings and
// contacts). False with error set when the homomorphism fails.
bool build_scene(Simulation& sim, const SceneOptions& opts, Scene& out, grammar::Diagnostic& error);
// The scene of a derived L-system that does not move (no simulation): the
// plant in its string's state, and the settings' obstacles.
bool build_scene(const Lsystem& ls, const RunSettings& settings, const SceneOptions& opts, Scene& out,
                 grammar::Diagnostic& error);

}  // namespace lsd::interp

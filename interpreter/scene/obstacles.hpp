// The fixed obstacles of a dynamics: section (ground:, pole:, sphere:) as
// drawn geometry beside the plant, for pictures (lsd render) and the viewer.
// They belong to no module (kNoModule): picking skips them, and the exports
// (OBJ, glTF, segments) never see them.
#pragma once
#include <cstdint>
#include <vector>

#include "dynamics/data.hpp"
#include "dynamics/model.hpp"
#include "interpreter/lsystem/settings.hpp"
#include "interpreter/turtle/turtle.hpp"

namespace lsd::interp {

constexpr std::uint32_t kNoModule = 0xffffffffu;  // geometry that no module drew
constexpr int kObstacleColour = 15;               // grey (palette_rgb)
constexpr int kGroundColour = 12;                 // light wood
constexpr int kContactColour = 4;                 // red

// Poles (cylinders from the ground, or the plant's foot, up to their top or
// a little above the plant) and spheres.
void add_poles_and_spheres(const std::vector<Obstacle>& obstacles, Geometry& g);
// The ground: a square under everything drawn so far, three times as wide.
void add_ground(const std::vector<Obstacle>& obstacles, Geometry& g);
// Contact and tie forces (Simulation::contacts): a red dot at each point and
// a line along its force (normal and friction), the largest force as long
// as a quarter of the plant's size.
void add_contact_marks(const std::vector<dyn::ContactForce>& contacts, Geometry& g);

}  // namespace lsd::interp

// The orbit camera of the viewer and of `lsd render`: its frame in the world
// (one basis, used by the view matrix, the renderer's lights and picking) and
// the framing of a box or of a plant's drawn primitives.
#pragma once
#include <Eigen/Core>

#include "interpreter/turtle/turtle.hpp"

namespace lsd::view {

using Vec3 = Eigen::Vector3d;

// The camera's frame in the world: the eye and three unit vectors. Right is
// horizontal; up completes a right-handed frame with -forward.
struct CameraBasis {
  Vec3 eye = Vec3::Zero();
  Vec3 right = Vec3::UnitX();
  Vec3 up = Vec3::UnitY();
  Vec3 forward = -Vec3::UnitZ();  // from the eye toward the target
};

// An orbit camera: the eye circles `target` at `distance`; yaw 0 looks along
// -z (the turtle's initial plane x-y faces the viewer, `+` turns to the
// left), positive pitch looks down from above.
struct Camera {
  double yaw = 0;           // radians about +y
  double pitch = 0.30;      // radians above the horizon
  double distance = 5;      // from the target
  Vec3 target{0, 0, 0};
  double fov_y = 0.6;       // vertical field of view, radians

  Vec3 eye() const;
  CameraBasis basis() const;
  Eigen::Matrix4f view() const;
  // near and far are chosen by the caller from the scene's size.
  Eigen::Matrix4f projection(double aspect, double near, double far) const;
};

// Chooses target and distance (keeping yaw, pitch and fov) so that the box
// [lo, hi] fills `fill` of the image in its tighter direction. With
// keep_target, only the distance: the box fits inside, around cam's target.
void frame_box(Camera* cam, const Vec3& lo, const Vec3& hi, double aspect, double fill = 0.9,
               bool keep_target = false);

// Frames the geometry's bounds from start's yaw, pitch and field of view
// (and with keep_target, start's target); a camera at the origin when empty.
Camera frame_geometry(const interp::Geometry& g, double aspect, const Camera& start = {}, bool keep_target = false);

}  // namespace lsd::view

// From the mouse to the plant and back: projection of world points to the
// viewport, the ray under the mouse, the drawn segment nearest to it and the
// point a dragged body is pulled toward. Coordinates on screen are window
// coordinates (ImGui's), y down, inside a viewport rectangle.
#pragma once
#include "viewer/camera.hpp"
#include "viewer/session.hpp"

namespace lsd::view {

struct Viewport {
  double x = 0, y = 0, w = 1, h = 1;  // window coordinates of the plant's area
  bool contains(double px, double py) const { return px >= x && py >= y && px < x + w && py < y + h; }
};

struct Ray {
  Vec3 origin = Vec3::Zero();
  Vec3 dir = Vec3(0, 0, -1);  // unit
};

// The ray from the eye through window point (mx, my).
Ray mouse_ray(const Camera& cam, const Viewport& vp, double mx, double my);
// Window coordinates of a world point; false when it is behind the eye.
bool project(const Camera& cam, const Viewport& vp, const Vec3& p, double* sx, double* sy);

struct PickHit {
  int segment = -1;       // index in Geometry::segments, -1 for none
  int body = -1;          // body it rides on (> 0: a body that can be pulled)
  Vec3 point = Vec3::Zero();  // world point on the segment's axis nearest to the mouse
  double pixels = 0;      // distance on screen from the mouse to the segment
};

// The drawn segment nearest to the mouse on screen (within max_pixels, or
// within its drawn radius), nearest to the eye among equally near ones, and the
// body it rides on (module -> module_body). A segment on no movable body is
// skipped, so clicking a bare base or a leaf of the base misses.
PickHit pick_body(const Session& s, const Camera& cam, const Viewport& vp, double mx, double my,
                  double max_pixels = 12);

// Where the mouse ray meets the plane through `anchor` facing the camera.
Vec3 drag_target(const Camera& cam, const Ray& ray, const Vec3& anchor);

// Camera motions by mouse deltas in pixels (orbit and pan) and wheel steps (zoom).
void orbit(Camera* cam, double dx, double dy);
void pan(Camera* cam, const Viewport& vp, double dx, double dy);
void zoom(Camera* cam, double steps);

}  // namespace lsd::view

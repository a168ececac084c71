// The frames of an animation (docs/animation.md): lsd render and lsd export
// with --time, and the Python module's exports, plan them alike.
#pragma once
#include <cmath>

namespace lsd::interp {

// How many frames [t0, until] makes at fps: with `closed`, `until` itself is
// a frame (keyframes at instants: a 10 s glTF animation has 301 at 30 fps);
// without, each frame lasts 1/fps (a 10 s video has 300). Below 1: none;
// above limits::kAnimationFrames: too many (the caller says so). Frame k is
// at t0 + k / fps.
inline double animation_frames(double t0, double until, double fps, bool closed) {
  return std::floor((until - t0) * fps + 1e-6) + (closed ? 1 : 0);
}

}  // namespace lsd::interp

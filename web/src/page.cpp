#include "web/src/page.hpp"

#include <algorithm>
#include <cmath>

#include "common/limits.hpp"
#include "interpreter/scene/scene.hpp"

namespace lsd::web {
namespace {

// The page's messages as the command line prints them (file:line:col: error: ...).
std::string format_all(const std::vector<grammar::Diagnostic>& diags, const grammar::Source& src) {
  std::string out;
  for (const grammar::Diagnostic& d : diags) {
    out += grammar::format_diagnostic(d, d.file == src.path ? &src : nullptr);
    if (!out.empty() && out.back() != '\n') out += '\n';
  }
  return out;
}

double aspect(const Page& p) { return p.viewport.w / std::max(p.viewport.h, 1.0); }

// Frames the plant when its structure changed (growth, load) and the camera
// follows growth, gliding there; the first view of a model snaps. True
// while the camera moves.
bool follow_plant(Page& p) {
  interp::Vec3 lo, hi;
  const view::Session& s = p.session;
  if (!s.loaded) return false;
  if (p.framed_structure != s.structure_version) {
    const bool first = p.framed_structure < 0;
    p.framed_structure = s.structure_version;
    if (!(p.auto_frame || first) || !s.geometry.bounds(&lo, &hi)) return false;
    p.frame_goal = p.camera;
    view::frame_box(&p.frame_goal, lo, hi, aspect(p), 0.85);
    if (first) p.camera = p.frame_goal;
  }
  if (!p.auto_frame) return false;
  constexpr double kGlide = 0.12;
  const view::Camera before = p.camera;
  p.camera.target += kGlide * (p.frame_goal.target - p.camera.target);
  p.camera.distance += kGlide * (p.frame_goal.distance - p.camera.distance);
  const double still = 1e-4 * p.camera.distance;  // closer than that, the picture does not change
  return (p.camera.target - before.target).norm() > still || std::abs(p.camera.distance - before.distance) > still;
}

}  // namespace

bool start_derivation(Derivation& d, const std::string& text, const std::string& path, long n) {
  d = Derivation{};
  d.path = path;
  std::vector<grammar::Diagnostic> diags;
  interp::LoadOptions opts;
  if (!interp::load_lsystem_text(text, path, opts, d.ls, diags)) {
    d.error = format_all(diags, d.ls.source);
    if (d.error.empty()) d.error = path + ": error: cannot load\n";
    return false;
  }
  // As lsd derive (cli/cmd_derive.cpp): n steps from where the string is.
  if (n >= 0) interp::set_run_steps(d.ls, n);
  d.total = n >= 0 ? n : std::max(0, d.ls.derivation_length - d.ls.steps_done);
  return true;
}

bool continue_derivation(Derivation& d, long k) {
  k = std::min(k, d.total - d.done);
  if (k <= 0) return d.error.empty();
  std::vector<grammar::Diagnostic> diags;
  interp::DeriveOptions opts;
  opts.max_modules = kPageModules;
  if (!interp::derive(d.ls, k, opts, diags)) {
    d.error = format_all(diags, d.ls.source);
    return false;
  }
  d.done += k;
  return true;
}

std::string derived_text(const Derivation& d) { return interp::string_to_text(d.ls.current, d.ls.rules->symbols); }

bool start_model(Page& p, const std::string& path) {
  Derivation& d = p.pending;
  d = Derivation{};
  d.path = path;
  p.session.derive.max_modules = kPageModules;
  std::vector<grammar::Diagnostic> diags;
  if (!interp::load_lsystem(path, p.session.load, d.ls, diags)) {
    d.error = format_all(diags, d.ls.source);
    if (d.error.empty()) d.error = path + ": error: cannot load\n";
    return false;
  }
  d.total = view::steps_at_start(p.session, d.ls);
  return true;
}

bool install_model(Page& p) {
  p.drag = Drag::kNone;
  p.recorder.reset();
  p.session.motion.playing = true;
  const bool ok = view::open_lsystem(p.session, p.pending.path, std::move(p.pending.ls));
  p.pending = Derivation{};
  if (!ok) return false;
  p.framed_structure = -1;
  p.auto_frame = true;
  refresh_lists(p);
  return true;
}

bool refresh_lists(Page& p) {
  if (!view::update_geometry(p.session)) return false;
  view::build_draw_lists(p.session.geometry, p.lists);
  return true;
}

FrameReport advance_frame(Page& p, double seconds, double budget) {
  FrameReport r;
  const view::AdvanceResult a = view::advance(p.session, seconds * p.session.motion.speed, budget);
  r.steps = a.steps;
  r.behind = a.behind;
  if (p.recorder && a.steps > 0) record_frame(p);
  r.geometry = refresh_lists(p);
  r.camera = follow_plant(p);
  return r;
}

namespace {

double next_frame_time(const Page& p) { return p.record_t0 + double(p.recorded_frames) / kRecordFps; }

// The simulation's state as the next frame; false when nothing more can be
// recorded (the recording is full, or the plant cannot be drawn).
bool record_one(Page& p) {
  if (p.recorder->samples() > limits::kAnimationPoses) return false;  // full: the rest is not kept
  grammar::Diagnostic error;
  if (!p.recorder->record(p.session.sim, error)) return false;
  ++p.recorded_frames;
  return true;
}

}  // namespace

bool run_to(Page& p, double t) {
  view::Session& s = p.session;
  if (!s.loaded) return false;
  s.sim.inputs = interp::StepInputs{};
  s.pull.active = false;
  std::vector<grammar::Diagnostic> diags;
  bool ok = true;
  // While recording, each frame due before t at its time (the step nearest
  // it), as lsd export --time records them.
  for (double next; ok && p.recorder && (next = next_frame_time(p)) <= t + 1e-9;)
    if ((ok = s.sim.advance_to(next, diags)) && !record_one(p)) break;
  ok = ok && s.sim.advance_to(t, diags);
  if (!ok) s.error = format_all(diags, s.sim.lsystem().source);
  s.geometry_dirty = true;
  ++s.structure_version;
  refresh_lists(p);
  return ok;
}

void pointer_down(Page& p, double x, double y, int button) {
  p.last_x = x;
  p.last_y = y;
  if (button != 0) {
    p.drag = Drag::kPan;
    return;
  }
  const view::PickHit hit = view::pick_body(p.session, p.camera, p.viewport, x, y);
  if (hit.body <= 0) {
    p.drag = Drag::kOrbit;
    return;
  }
  view::begin_pull(p.session, hit.body, hit.point);
  p.drag_anchor = hit.point;
  p.drag = Drag::kPull;
}

void pointer_move(Page& p, double x, double y) {
  const double dx = x - p.last_x, dy = y - p.last_y;
  p.last_x = x;
  p.last_y = y;
  switch (p.drag) {
    case Drag::kOrbit:
      view::orbit(&p.camera, dx, dy);
      p.auto_frame = false;
      break;
    case Drag::kPan:
      view::pan(&p.camera, p.viewport, dx, dy);
      p.auto_frame = false;
      break;
    case Drag::kPull:
      p.session.pull.target = view::drag_target(p.camera, view::mouse_ray(p.camera, p.viewport, x, y), p.drag_anchor);
      break;
    case Drag::kNone:
      break;
  }
}

void pointer_up(Page& p) {
  if (p.drag == Drag::kPull) p.session.pull.active = false;
  p.drag = Drag::kNone;
}

void wheel(Page& p, double steps) {
  view::zoom(&p.camera, steps);
  p.auto_frame = false;
}

void frame_now(Page& p) {
  interp::Vec3 lo, hi;
  if (!p.session.geometry.bounds(&lo, &hi)) return;
  view::frame_box(&p.camera, lo, hi, aspect(p), 0.85);
  p.frame_goal = p.camera;
  p.auto_frame = true;
}

void start_recording(Page& p) {
  p.recorder = std::make_unique<interp::GltfRecorder>(kRecordFps);
  p.recorded_frames = 0;
  p.record_t0 = p.session.loaded ? p.session.sim.time() : 0;
  if (p.session.loaded) record_frame(p);
}

// The frames due since the last one.
void record_frame(Page& p) {
  if (!p.recorder || !p.session.loaded) return;
  while (next_frame_time(p) <= p.session.sim.time() + 1e-9)
    if (!record_one(p)) return;
}

std::string finish_recording(Page& p) {
  std::string out = p.recorder && p.recorder->frames() > 0 ? p.recorder->serialize(true) : std::string();
  p.recorder.reset();
  return out;
}

}  // namespace lsd::web

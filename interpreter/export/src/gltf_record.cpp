// A simulation recorded frame by frame into the animated glTF
// (docs/animation.md): one interval per derivation step.
#include <string>

#include "interpreter/export/gltf.hpp"
#include "interpreter/scene/scene.hpp"

namespace lsd::interp {

bool GltfRecorder::record(Simulation& sim, grammar::Diagnostic& error) {
  const dyn::Data& pose = sim.pose();
  const bool step = frames_ == 0 || sim.lsystem().steps_done != step_;  // new bodies: a new interval
  if (!step && !bends_rods()) {
    add_frame(pose.oMi);
    return true;
  }
  Scene scene;  // (a living plant's: with its bodies)
  if (!build_scene(sim, plant_only(), scene, error)) return false;
  if (!step) {
    add_frame(pose.oMi, &scene.geometry);
    return true;
  }
  step_ = sim.lsystem().steps_done;
  begin_interval("step_" + std::to_string(step_), scene.geometry, scene.geometry.module_body, sim.living().model.parent,
                 pose.oMi);
  return true;
}

}  // namespace lsd::interp

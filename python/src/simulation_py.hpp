// lsd.Simulation (docs/python.md): what its binding's files share.
#pragma once
#include "py_common.hpp"
#include "interpreter/living/simulation.hpp"
#include "interpreter/scene/scene.hpp"

namespace lsd::py {

struct Pull {
  int body = 0;
  dyn::Vec3 force = dyn::Vec3::Zero(), point = dyn::Vec3::Zero();  // N, world; m, body frame
};

struct PySimulation {
  interp::Simulation sim;
  std::vector<Pull> pulls;
  std::string path;

  interp::ModelUnits units() const { return interp::model_units(sim.settings()); }
};

// Physics steps until simulated time `until`, growing on the schedule (lsd
// run --time until), with the pulls applied; Ctrl-C stops it between two
// steps (KeyboardInterrupt). Raises lsd.Error when the run fails.
void advance_to(PySimulation& s, double until);
// The scene of the current state (lsd render's with the default options,
// plant_only for segments and exports).
interp::Scene scene_of(PySimulation& s, const interp::SceneOptions& opts);

void bind_simulation(pyb::module_& m);
// Pictures, videos and exports (export_py.cpp).
void bind_simulation_exports(pyb::class_<PySimulation>& c);

}  // namespace lsd::py

// lsd.Simulation (docs/python.md): growth and motion on one string, as lsd
// run does it (interp::Simulation), with the GIL released while it runs and
// the state read out as NumPy arrays, one copy per field.
#include <pybind11/stl.h>

#include "simulation_py.hpp"

#include "draw_py.hpp"
#include "interpreter/lsystem/files.hpp"
#include "lsystem_py.hpp"

namespace lsd::py {
namespace {

template <class T>
std::optional<T> opt(pyb::object o, const char* name) {
  if (o.is_none()) return std::nullopt;
  try {
    return o.cast<T>();
  } catch (const pyb::cast_error&) {
    fail(std::string("Simulation: ") + name + " has the wrong type (" + std::string(pyb::str(o.get_type())) + ")");
  }
}

void check_range(const std::optional<double>& v, const char* name, double lo, double hi) {
  if (v && !(*v >= lo && *v <= hi))
    fail(std::string("Simulation: ") + name + " must be a number from " + interp::format_double(lo) + " to " +
         interp::format_double(hi) + ", not " + interp::format_double(*v));
}

std::unique_ptr<PySimulation> make_simulation(const PyLSystem& p, pyb::object dt, pyb::object integrator,
                                              pyb::object wind, pyb::object grow_every, pyb::object tolerance,
                                              pyb::object turtle_unit, pyb::object n) {
  interp::RunOverrides r;
  r.dt = opt<double>(dt, "dt");
  check_range(r.dt, "dt", 1e-12, 10);  // the ranges of the command line's options
  r.tolerance = opt<double>(tolerance, "tolerance");
  check_range(r.tolerance, "tolerance", 0, 1);
  r.grow_every = opt<double>(grow_every, "grow_every");
  check_range(r.grow_every, "grow_every", 0, 1e9);
  r.turtle_unit = opt<double>(turtle_unit, "turtle_unit");
  check_range(r.turtle_unit, "turtle_unit", 1e-9, 1e6);
  if (auto name = opt<std::string>(integrator, "integrator")) {
    interp::Integrator i;
    if (!interp::integrator_from_name(*name, i))
      fail("Simulation: integrator must be " + interp::integrator_names() + ", not '" + *name + "'");
    r.integrator = i;
  }
  if (auto w = opt<std::array<double, 3>>(wind, "wind")) {
    r.wind = interp::Vec3((*w)[0], (*w)[1], (*w)[2]);
    if (!r.wind->allFinite()) fail("Simulation: wind must be three finite numbers");
  }
  const std::optional<long> steps = opt<long>(n, "n");
  if (steps && (*steps < 0 || *steps > limits::kDerivationSteps))
    fail("Simulation: n must be from 0 to " + std::to_string(limits::kDerivationSteps));
  auto s = std::make_unique<PySimulation>();
  interp::Lsystem ls = p.ls;  // the LSystem stays as it is
  interp::RunSettings settings = interp::file_settings(*ls.rules);
  r.apply(settings);
  if (steps) interp::set_run_steps(ls, *steps);
  settings.max_modules = p.max_modules;
  s->path = ls.rules->path;
  std::vector<grammar::Diagnostic> diags;
  bool ok = false;
  {
    pyb::gil_scoped_release nogil;
    ok = s->sim.start(std::move(ls), settings, diags);
  }
  report(diags, &s->sim.lsystem(), !ok);
  return s;
}

}  // namespace

// Physics steps until simulated time `until`, growing on the schedule (lsd
// run --time until). Ctrl-C stops it between two steps.
void advance_to(PySimulation& s, double until) {
  if (!std::isfinite(until)) fail("advance: the time must be finite");
  std::vector<grammar::Diagnostic> diags;
  if (!interp::check_run_length(s.sim.lsystem(), s.sim.settings(), until, diags))
    report(diags, &s.sim.lsystem(), true);
  Interrupts interrupts;
  interp::StepHooks hooks;
  hooks.before = [&](interp::Simulation& sim) {
    const interp::ModelUnits u = s.units();
    sim.inputs.forces.clear();
    for (const Pull& p : s.pulls)
      if (p.body < sim.living().nbodies())  // (a derivation step may have rebuilt the plant smaller)
        sim.inputs.forces.push_back({p.body, p.force / std::pow(u.u, 4), u.length(1) * p.point, dyn::Vec3::Zero()});
    return interrupts.ask();
  };
  bool ok = false;
  {
    pyb::gil_scoped_release nogil;
    ok = s.sim.advance_to(until, diags, hooks);
  }
  interrupts.raise_if_stopped();
  report(diags, &s.sim.lsystem(), !ok);
}

namespace {

pyb::dict bodies(PySimulation& s) {
  const dyn::Data& d = s.sim.pose();
  const interp::LivingModel& lm = s.sim.living();
  const interp::ModelUnits u = s.units();
  const pyb::ssize_t n = lm.nbodies();
  pyb::dict out;
  out["positions"] = new_array({n, 3}, [&](double* o) {
    for (pyb::ssize_t i = 0; i < n; ++i)
      for (int a = 0; a < 3; ++a) *o++ = u.metres(d.oMi[i].translation[a]);
  });
  out["orientations"] = new_array({n, 3, 3}, [&](double* o) {
    for (pyb::ssize_t i = 0; i < n; ++i)
      for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c) *o++ = d.oMi[i].rotation(r, c);
  });
  out["velocities"] = new_array({n, 3}, [&](double* o) {
    for (pyb::ssize_t i = 0; i < n; ++i)
      for (int a = 0; a < 3; ++a) *o++ = u.metres(d.v[i].linear[a]);
  });
  out["angular_velocities"] = new_array({n, 3}, [&](double* o) {
    for (pyb::ssize_t i = 0; i < n; ++i)
      for (int a = 0; a < 3; ++a) *o++ = d.v[i].angular[a];
  });
  std::vector<double> length(n, 0.0), radius(n, 0.0);
  for (const interp::BodyPiece& piece : lm.layout.pieces) {
    length[piece.body] += u.metres(piece.length);
    radius[piece.body] = std::max(radius[piece.body], u.metres(piece.radius));
  }
  out["lengths"] = new_array({n}, [&](double* o) { std::copy(length.begin(), length.end(), o); });
  out["radii"] = new_array({n}, [&](double* o) { std::copy(radius.begin(), radius.end(), o); });
  pyb::array_t<std::int64_t> parents(n);
  std::copy(lm.model.parent.begin(), lm.model.parent.end(), parents.mutable_data());
  out["parents"] = parents;
  return out;
}

pyb::dict energy(PySimulation& s) {
  const interp::TraceRow r = s.sim.trace_row();
  pyb::dict e;
  e["kinetic"] = r.kinetic;
  e["gravitational"] = r.potential;
  e["elastic"] = r.elastic;
  e["total"] = r.kinetic + r.potential + r.elastic;
  return e;
}

pyb::dict contact_columns(PySimulation& s) {
  const std::vector<dyn::ContactForce>& cs = s.sim.contacts();
  const interp::ModelUnits u = s.units();
  const pyb::ssize_t n = pyb::ssize_t(cs.size());
  pyb::array_t<std::int64_t> body(n), other(n);
  pyb::list kind;
  for (pyb::ssize_t k = 0; k < n; ++k) {
    body.mutable_data()[k] = cs[k].body;
    other.mutable_data()[k] = cs[k].other;
    kind.append(dyn::contact_kind_name(cs[k].kind));
  }
  const auto vec = [&](auto get) {
    return new_array({n, 3}, [&](double* o) {
      for (const dyn::ContactForce& c : cs)
        for (int a = 0; a < 3; ++a) *o++ = get(c)[a];
    });
  };
  pyb::dict out;
  out["body"] = body;
  out["other"] = other;
  out["kind"] = kind;
  out["point"] = vec([&](const dyn::ContactForce& c) { return u.metres(c.point); });
  out["normal"] = vec([](const dyn::ContactForce& c) { return c.normal; });
  out["normal_force"] = new_array({n}, [&](double* o) {
    for (const dyn::ContactForce& c : cs) *o++ = u.newtons(c.normal_force);
  });
  out["tangential"] = vec([&](const dyn::ContactForce& c) { return dyn::Vec3(u.newtons(1) * c.tangential); });
  return out;
}

}  // namespace

interp::Scene scene_of(PySimulation& s, const interp::SceneOptions& opts) {
  interp::Scene scene;
  grammar::Diagnostic error;
  if (!interp::build_scene(s.sim, opts, scene, error)) report({error}, &s.sim.lsystem(), true);
  return scene;
}

namespace {

void save(PySimulation& s, const std::string& path) {
  std::string error;
  bool ok = false;
  {
    pyb::gil_scoped_release nogil;
    // Synced, as lsd run -o: the state a later run resumes from (docs/language.md 8.5).
    ok = interp::save_string(path, s.sim.lsystem(), s.sim.history(), &error, interp::Durability::kSynced);
  }
  if (!ok) fail("save: " + error, path);
}

}  // namespace

void bind_simulation(pyb::module_& m) {
  using namespace pybind11::literals;
  pyb::class_<PySimulation> c(m, "Simulation",
      "Growth and motion of an L-system's plant, as `lsd run` does it: physics steps of dt, a\n"
      "derivation step every `grow every` simulated seconds (docs/language.md 7.7). The keywords\n"
      "override the file's dynamics: settings as the command line's options do (--dt, --integrator,\n"
      "--wind, --grow-every, --tolerance, --turtle-unit, -n). The LSystem given is copied.");
  c.def(pyb::init(&make_simulation), "lsystem"_a, "dt"_a = pyb::none(), "integrator"_a = pyb::none(),
        "wind"_a = pyb::none(), "grow_every"_a = pyb::none(), "tolerance"_a = pyb::none(),
        "turtle_unit"_a = pyb::none(), "n"_a = pyb::none())
      .def("advance", [](PySimulation& s, double seconds) { advance_to(s, s.sim.time() + seconds); }, "seconds"_a,
           "Grows and sways the plant for `seconds` of simulated time (from t = 0 the same as\n"
           "`lsd run --time seconds`). Raises lsd.Error when the run fails (the string then holds\n"
           "the last finite state) and KeyboardInterrupt on Ctrl-C (stopped between two steps).")
      .def("advance_to", &advance_to, "t"_a, "Grows and sways the plant until simulated time t (lsd run --time t).")
      .def_property_readonly("time", [](const PySimulation& s) { return s.sim.time(); }, "Simulated time, s.")
      .def_property_readonly("dt", [](const PySimulation& s) { return s.sim.settings().dt; }, "The time step, s.")
      .def_property_readonly("step", [](const PySimulation& s) { return s.sim.lsystem().steps_done; },
                             "Derivation steps done.")
      .def_property_readonly("physics_steps", [](const PySimulation& s) { return s.sim.physics_steps(); })
      .def_property_readonly("nbodies", [](const PySimulation& s) { return s.sim.living().nbodies(); })
      .def_property_readonly(
          "string",
          [](const PySimulation& s) { return string_text(s.sim.lsystem()); },
          "The string of the current state (its joints' parameters are the motion).")
      .def_property_readonly(
          "tip",
          [](PySimulation& s) {
            const dyn::Vec3 tip = s.sim.trace_row().tip;
            return new_array({3}, [&](double* o) { std::copy(tip.data(), tip.data() + 3, o); });
          },
          "The trace's tip (lsd run --trace's tip_x, tip_y, tip_z): the far end of the string's last\n"
          "body, m, world.")
      .def("_body_fields", &bodies)
      .def("energy", &energy, "The energies in J: {'kinetic', 'gravitational', 'elastic', 'total'} (the trace's).")
      .def("_contact_columns", &contact_columns)
      .def(
          "pull",
          [](PySimulation& s, int body, std::array<double, 3> force, std::array<double, 3> point) {
            if (body < 0 || body >= s.sim.living().nbodies())
              fail("pull: body " + std::to_string(body) + " is not one of the plant's " +
                   std::to_string(s.sim.living().nbodies()) + " bodies");
            Pull p{body, dyn::Vec3(force[0], force[1], force[2]), dyn::Vec3(point[0], point[1], point[2])};
            if (!p.force.allFinite() || !p.point.allFinite()) fail("pull: force and point must be finite");
            s.pulls.push_back(p);
          },
          "body"_a, "force"_a, "point"_a = std::array<double, 3>{0, 0, 0},
          "Pulls body `body` with a world force (N) at a point of its frame (m; default its joint)\n"
          "in every step from now on, as the viewer's drag does, until release().")
      .def("release", [](PySimulation& s) { s.pulls.clear(); }, "Ends every pull.")
      .def("save", &save, "path"_a,
           "Writes the string file of the current state: exactly the file `lsd run ... -o path` writes\n"
           "(resume with lsd.load(file, axiom_file=path)).")
      .def("segments",
           [](PySimulation& s) { return segment_array(scene_of(s, interp::plant_only()).geometry); },
           "The (n, 7) array of `lsd segments`: x0, y0, z0, x1, y1, z1, width of every drawn segment.")
      .def("export_obj", [](PySimulation& s, const std::string& path) {
             write_obj_files(scene_of(s, interp::plant_only()).geometry, path);
           }, "path"_a, "The plant in its current pose as `lsd export -o path.obj` (and its .mtl).")
      ;
  bind_simulation_exports(c);
}

}  // namespace lsd::py

// The figures of docs/dynamics.md's integrator table, measured: how much of
// an undamped beam's sway each scheme keeps at large steps and how true its
// period stays, whether the limp chain and the falling rod stay stable and
// keep their energy, and the damping ratio a user gets at 1/60 s.
//   build/bench/bench_sway            (also run by `make bench`)
// The tests in tests/dynamics/sway_test.cpp hold the integrators' bars (docs/dynamics.md) on
// the same measurements (dynamics/samples.hpp).
#include <cmath>
#include <cstdio>
#include <numbers>
#include <string>
#include <vector>

#include "dynamics/samples.hpp"
#include "dynamics/step.hpp"
#include "interpreter/living/simulation.hpp"

using namespace lsd;
using namespace lsd::dyn;

namespace {

const char* name(Integrator i) {
  return i == Integrator::kImplicit ? "implicit (alpha)" : i == Integrator::kEuler ? "euler" : "explicit";
}

// The thesis beam (n = 10) released from straight, no damping, 3 s: the
// tip's sway kept (last 0.5 s over first 0.5 s) and its period.
Swing beam(double young, Integrator integrator, double dt, bool* finite) {
  CantileverDef def;
  def.young = young;
  Options opt;
  opt.dt = dt;
  opt.integrator = integrator;
  const Recording r = cantilever_sway(def, opt, 3.0);
  *finite = r.finite;
  return analyze_swing(r.t, r.y, 0.5);
}

// A hanging chain run: stable, and its highest energy above its start as a
// fraction of the energy it has above its lowest state.
struct ChainRun {
  bool finite;
  double rise;  // highest energy above the start / energy above the floor
  double kept;  // energy above the floor at the end / at the start
};
ChainRun chain(const ChainDef& def, Integrator integrator, double dt, double duration) {
  Model model = make_hanging_chain(def);
  model.opt.dt = dt;
  model.opt.integrator = integrator;
  Data data = make_data(model);
  const Recording r = record_run(model, data, duration, model.nbody() - 1, Vec3::Zero());
  double highest = r.energy.front();
  for (double e : r.energy) highest = std::max(highest, e);
  const double above = r.energy.front() - hanging_chain_floor(def);
  return {r.finite, (highest - r.energy.front()) / above, (r.energy.back() - hanging_chain_floor(def)) / above};
}

// examples/dynamics/cantilever.ls ten times softer, damping ratio 0.05: the
// damping ratio of the tip's sway (logarithmic decrement).
double measured_damping_ratio(double dt) {
  interp::Lsystem ls;
  std::vector<grammar::Diagnostic> diags;
  interp::LoadOptions o;
  o.compile.defines = {{"E", 810e6}, {"ZETA", 0.05}};
  if (!interp::load_lsystem(std::string(LSD_SOURCE_DIR) + "/examples/dynamics/cantilever.ls", o, ls, diags)) return NAN;
  interp::RunSettings settings = interp::file_settings(*ls.rules);
  settings.dt = dt;
  interp::Simulation sim;
  std::vector<double> t, y;
  if (!sim.start(std::move(ls), settings, diags)) return NAN;
  if (!interp::run_until(sim, 3.0, 0, [&](const interp::TraceRow& row) { t.push_back(row.t); y.push_back(row.tip.y()); },
                         diags))
    return NAN;
  return analyze_swing(t, y, 0.5).damping_ratio;
}

}  // namespace

int main() {
  const Integrator schemes[] = {Integrator::kExplicit, Integrator::kEuler, Integrator::kImplicit};
  const double steps[] = {1.0 / 60, 1.0 / 240, 0.002};
  const char* step_names[] = {"1/60", "1/240", "0.002"};

  bool ok = true;
  const double ref_period = beam(810e6, Integrator::kExplicit, 2e-5, &ok).period;
  std::printf("Soft beam (n = 10, E = 810 MPa, no damping, 3 s from straight): period %.4f s "
              "(explicit, dt = 2e-5)\n", ref_period);
  std::printf("%-18s %-6s | %-28s | %-22s | %s\n", "scheme", "dt", "soft beam: kept, period err",
              "stiff beam (8 Hz): kept", "limp chain 60 deg, 100 s");
  ChainDef limp;
  limp.stiffness = 1e-3;
  limp.length = 20 * 0.05;
  limp.angle = std::numbers::pi / 3;
  for (Integrator s : schemes) {
    for (int k = 0; k < 3; ++k) {
      bool soft_ok = true, stiff_ok = true;
      const Swing soft = beam(810e6, s, steps[k], &soft_ok);
      const Swing stiff = beam(8100e6, s, steps[k], &stiff_ok);
      const ChainRun c = chain(limp, s, steps[k], 100.0);
      char a[64], b[64], d[64];
      if (soft_ok && soft.last_amplitude > 1.5 * soft.first_amplitude) {
        std::snprintf(a, sizeof a, "unstable (grows %.1fx)", soft.last_amplitude / soft.first_amplitude);
      } else if (soft_ok) {
        std::snprintf(a, sizeof a, "%6.1f%%, %+6.2f%%", 100 * soft.last_amplitude / soft.first_amplitude,
                      100 * (soft.period / ref_period - 1));
      } else {
        std::snprintf(a, sizeof a, "diverges");
      }
      if (stiff_ok) {
        std::snprintf(b, sizeof b, "%6.1f%%", 100 * stiff.last_amplitude / stiff.first_amplitude);
      } else {
        std::snprintf(b, sizeof b, "diverges");
      }
      if (c.finite) {
        std::snprintf(d, sizeof d, "stable, rise %.2g%%, keeps %.0f%%", 100 * std::max(0.0, c.rise), 100 * c.kept);
      } else {
        std::snprintf(d, sizeof d, "diverges");
      }
      std::printf("%-18s %-6s | %-28s | %-22s | %s\n", name(s), step_names[k], a, b, d);
    }
  }

  std::printf("\nFalling rod (1 m, 20 bodies, r = 5 mm, E = 10 MPa, from horizontal, no damping, 10 s):\n");
  ChainDef rod;
  rod.radius = 0.005;
  rod.young = 1e7;
  rod.angle = std::numbers::pi / 2;
  for (Integrator s : {Integrator::kEuler, Integrator::kImplicit}) {
    for (double dt : {0.011, 0.033}) {
      const ChainRun c = chain(rod, s, dt, 10.0);
      std::printf("  %-18s dt = %.3f s: %s, highest energy above the start %.2g%% and at the end %.0f%% of the "
                  "energy above rest\n", name(s), dt, c.finite ? "stable" : "DIVERGES", 100 * std::max(0.0, c.rise),
                  100 * c.kept);
    }
  }

  const double z_ref = measured_damping_ratio(1e-4), z_60 = measured_damping_ratio(1.0 / 60);
  std::printf("\nDamping ratio 0.05 on the soft beam (cantilever.ls -D E=810e6 -D ZETA=0.05), logarithmic "
              "decrement of the tip:\n  dt = 1e-4: %.4f   dt = 1/60: %.4f   (%+.1f%%)\n",
              z_ref, z_60, 100 * (z_60 / z_ref - 1));
  return 0;
}

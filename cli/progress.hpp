// One self-updating progress line on standard error for long work:
// the simulated time of the total, the derivation step, the bodies, the speed
// against real time and the time left; or, for a derivation, the step and the
// modules. Shown only when standard error is a terminal (logs and pipes stay
// clean) and --quiet is not given, and redrawn at most 10 times a second.
#pragma once
#include <chrono>
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "interpreter/living/simulation.hpp"

namespace lsd::cli {

class Progress {
 public:
  // On when !quiet and standard error is a terminal.
  explicit Progress(bool quiet);
  ~Progress() { clear(); }
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  bool on() const { return on_; }
  // The span of simulated time being shown, and (for animations) the frames
  // and what is done with them ("framing", "rendering"); the speed is measured anew.
  void span(double t0, double t_end, long frames = 0, const char* label = nullptr);
  // A simulation at its current time; `frame` (< frames) when it renders frames.
  void simulation(const interp::Simulation& sim, long frame = -1);
  // Derivation step `done` of `total`, with a string of `modules`.
  void derivation(long done, long total, std::size_t modules);
  // Erases the line: before any other message, and at the end.
  void clear();

 private:
  using Clock = std::chrono::steady_clock;
  bool due();  // a redraw is allowed now (at most every 100 ms)
  void show(const std::string& line);

  bool on_ = false, shown_ = false;
  Clock::time_point start_, last_;
  double t0_ = 0, t_end_ = 0;
  long frames_ = 0;
  std::string label_;
  // Recent (wall s, simulated s) samples: the speed is measured over the last
  // few seconds, so it follows a plant that slows as it grows.
  std::vector<std::pair<double, double>> samples_;
};

// interp::run_until with the progress line: the run goes in chunks of about
// 50 ms of real time, with the same trace rows as one call (the row each
// chunk repeats at its start is dropped). Without the line, one call.
bool run_until(interp::Simulation& sim, double until, double trace_every,
               const std::function<void(const interp::TraceRow&)>& on_row, std::vector<grammar::Diagnostic>& diags,
               Progress& progress, long frame = -1);

// interp::derive with the progress line: steps in chunks of about 50 ms (the
// same string: every step is a function of the string and its number, and the
// repeat shortcut is exact).
bool derive(interp::Lsystem& ls, long n, const interp::DeriveOptions& opts, std::vector<grammar::Diagnostic>& diags,
            Progress& progress);

}  // namespace lsd::cli

#include "progress.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace lsd::cli {
namespace {

constexpr double kRedraw = 0.1;   // s between redraws: 10 a second
constexpr double kChunk = 0.05;   // s of real time per chunk of work
constexpr double kWindow = 3;     // s of recent samples that give the speed

double seconds(std::chrono::steady_clock::duration d) { return std::chrono::duration<double>(d).count(); }

// 12.3 s, 4 min 05 s, 2 h 03 min.
std::string duration_text(double s) {
  char buf[48];
  if (!std::isfinite(s)) return "?";
  if (s < 10) std::snprintf(buf, sizeof buf, "%.1f s", std::max(0.0, s));
  else if (s < 60) std::snprintf(buf, sizeof buf, "%.0f s", s);
  else if (s < 3600) std::snprintf(buf, sizeof buf, "%d min %02d s", int(s / 60), int(s) % 60);
  else std::snprintf(buf, sizeof buf, "%d h %02d min", int(s / 3600), int(s / 60) % 60);
  return buf;
}

// The next chunk: twice as long when this one was quick, half when slow.
template <class T>
T next_chunk(T chunk, double wall, T smallest) {
  if (wall < kChunk / 2) return chunk * 2;
  if (wall > kChunk * 2) return std::max(smallest, chunk / 2);
  return chunk;
}

}  // namespace

Progress::Progress(bool quiet) : on_(!quiet && ::isatty(STDERR_FILENO)), start_(Clock::now()), last_(start_) {}

void Progress::span(double t0, double t_end, long frames, const char* label) {
  t0_ = t0;
  t_end_ = t_end;
  frames_ = frames;
  label_ = label ? std::string(label) + "  " : "";
  samples_.clear();
}

bool Progress::due() {
  if (!on_) return false;
  const auto now = Clock::now();
  if (seconds(now - last_) < kRedraw) return false;
  last_ = now;
  return true;
}

void Progress::show(const std::string& line) {
  // Cut to the terminal's width: a wrapped line could not be redrawn in place.
  winsize ws{};
  std::size_t cols = 80;
  if (::ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 1) cols = ws.ws_col;
  std::string text = "\r";
  text.append(line, 0, cols - 1);
  text += "\x1b[K";
  std::fwrite(text.data(), 1, text.size(), stderr);
  std::fflush(stderr);
  shown_ = true;
}

void Progress::clear() {
  if (!shown_) return;
  std::fputs("\r\x1b[K", stderr);
  std::fflush(stderr);
  shown_ = false;
}

void Progress::simulation(const interp::Simulation& sim, long frame) {
  if (!on_) return;
  const double t = sim.time();
  const double wall = seconds(Clock::now() - start_);
  samples_.emplace_back(wall, t);
  if (!due()) return;
  // The speed over the last few seconds of samples.
  auto first = std::find_if(samples_.begin(), samples_.end(), [&](const auto& s) { return s.first >= wall - kWindow; });
  if (first == samples_.end() || first->first >= wall) first = samples_.begin();
  samples_.erase(samples_.begin(), first);
  const double dwall = wall - samples_.front().first, dsim = t - samples_.front().second;
  const double speed = dwall > 0 ? dsim / dwall : 0;
  char buf[256];
  std::string line = label_;
  if (frames_ > 0 && frame >= 0) {
    std::snprintf(buf, sizeof buf, "frame %ld/%ld  ", frame + 1, frames_);
    line += buf;
  }
  std::snprintf(buf, sizeof buf, "t %.3f of %.3f s  derivation step %d  %d bodies  %.3gx real time  ", t, t_end_,
                sim.lsystem().steps_done, sim.living().nbodies(), speed);
  line += buf;
  line += speed > 0 ? duration_text((t_end_ - t) / speed) + " left" : "measuring speed";
  show(line);
}

void Progress::derivation(long done, long total, std::size_t modules) {
  if (!due()) return;
  char buf[160];
  std::snprintf(buf, sizeof buf, "derivation step %ld of %ld  %zu modules  %s", done, total, modules,
                duration_text(seconds(Clock::now() - start_)).c_str());
  show(buf);
}

bool run_until(interp::Simulation& sim, double until, double trace_every,
               const std::function<void(const interp::TraceRow&)>& on_row, std::vector<grammar::Diagnostic>& diags,
               Progress& progress, long frame) {
  const double dt = sim.settings().dt;
  if (!progress.on() || !(sim.time() < until - 0.5 * dt)) {
    const bool ok = interp::run_until(sim, until, trace_every, on_row, diags);
    progress.simulation(sim, frame);
    return ok;
  }
  bool skip = false;  // every chunk after the first repeats the row of its start
  const std::function<void(const interp::TraceRow&)> rows =
      on_row ? std::function<void(const interp::TraceRow&)>([&](const interp::TraceRow& r) {
        if (!skip) on_row(r);
        skip = false;
      })
             : nullptr;
  double chunk = dt;  // simulated seconds of the next chunk (at least one step)
  while (sim.time() < until - 0.5 * dt) {
    const auto start = std::chrono::steady_clock::now();
    if (!interp::run_until(sim, std::min(until, sim.time() + chunk), trace_every, rows, diags)) return false;
    skip = true;
    chunk = next_chunk(chunk, seconds(std::chrono::steady_clock::now() - start), dt);
    progress.simulation(sim, frame);
  }
  return true;
}

bool derive(interp::Lsystem& ls, long n, const interp::DeriveOptions& opts, std::vector<grammar::Diagnostic>& diags,
            Progress& progress) {
  // (past the step limit, one call says so with the whole count)
  if (!progress.on() || ls.steps_done + n > limits::kDerivationSteps) return interp::derive(ls, n, opts, diags);
  long chunk = 1, done = 0;
  while (done < n) {
    const auto start = std::chrono::steady_clock::now();
    const long k = std::min(chunk, n - done);
    if (!interp::derive(ls, k, opts, diags)) return false;
    done += k;
    chunk = next_chunk(chunk, seconds(std::chrono::steady_clock::now() - start), 1L);
    progress.derivation(done, n, ls.current.size());
  }
  return true;
}

}  // namespace lsd::cli

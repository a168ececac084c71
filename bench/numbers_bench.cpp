// Benchmark of common/src/numbers.cpp: nanoseconds per number of
// write_double and read_double beside std::to_chars and std::from_chars
// (where the C++ library has them), on the numbers of a parametric string
// (ABOP fig. 2.6a after 16 steps: the string writer's usual diet), decimals
// of three places (write_double's fast path), joint states of a simulation
// (small numbers of 16 or 17 digits) and random bit patterns. The thread's
// processor time (a shared machine's other work does not count), best of 11,
// in turns. Prints figures; asserts nothing.
#include <algorithm>
#include <bit>
#include <charconv>
#include <ctime>
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "common/numbers.hpp"
#include "interpreter/growth/lsystem.hpp"

using namespace lsd;

namespace {

// Nanoseconds of processor time this thread has run.
double cpu_ns() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) * 1e9 + double(t.tv_nsec);
}

struct Set {
  const char* name;
  std::vector<double> values;
};

std::vector<Set> value_sets() {
  std::vector<Set> sets;
  interp::Lsystem ls;
  std::vector<grammar::Diagnostic> diags;
  const std::string path = std::string(LSD_SOURCE_DIR) + "/examples/abop/fig2_6a.ls";
  if (interp::load_lsystem(path, {}, ls, diags) && interp::derive(ls, 16, {}, diags))
    sets.push_back({"fig. 2.6a's parameters", ls.current.params});
  std::mt19937_64 rng(1);
  std::uniform_real_distribution<double> unit(-1, 1);
  Set fast{"three-place decimals", {}}, joints{"joint states", {}}, bits{"random bit patterns", {}};
  for (int i = 0; i < 1'000'000; ++i) {
    fast.values.push_back(double(std::int64_t(rng() % 2'000'000) - 1'000'000) / 1000);
    joints.values.push_back(unit(rng) * 1e-3);
    const double b = std::bit_cast<double>(rng());
    bits.values.push_back(b == b ? b : 0.0);  // no NaN
  }
  sets.push_back(fast);
  sets.push_back(joints);
  sets.push_back(bits);
  return sets;
}

// Nanoseconds per value of f(p, v) -> end over all values; `sink` keeps the work.
template <class F>
double ns_per_value(const std::vector<double>& values, F f, std::size_t& sink) {
  char buf[64];
  const double t0 = cpu_ns();
  for (double v : values) sink += std::size_t(f(buf, v) - buf);
  return (cpu_ns() - t0) / double(values.size());
}

// The values as text, one after another with a space between, and where each starts.
std::string texts(const std::vector<double>& values, std::vector<std::size_t>& starts) {
  std::string out;
  for (double v : values) {
    starts.push_back(out.size());
    out += format_double(v);
    out += ' ';
  }
  return out;
}

template <class F>
double ns_per_read(const std::string& text, const std::vector<std::size_t>& starts, F f, double& sink) {
  const double t0 = cpu_ns();
  for (std::size_t k = 0; k < starts.size(); ++k) {
    double v = 0;
    f(text.data() + starts[k], text.data() + text.size(), v);
    sink += v;
  }
  return (cpu_ns() - t0) / double(starts.size());
}

}  // namespace

int main() {
  std::printf("%-24s %9s %14s %14s %14s %14s\n", "numbers", "count", "write_double", "std::to_chars", "read_double",
              "from_chars");
  std::size_t sink = 0;
  double read_sink = 0;
  for (const Set& s : value_sets()) {
    std::vector<std::size_t> starts;
    const std::string text = texts(s.values, starts);
    double best[4] = {1e300, 1e300, 1e300, 1e300};
    for (int rep = 0; rep < 11; ++rep) {
      best[0] = std::min(best[0], ns_per_value(s.values, [](char* p, double v) { return write_double(p, v); }, sink));
      best[2] = std::min(best[2], ns_per_read(text, starts, read_double, read_sink));
#if defined(__cpp_lib_to_chars)
      best[1] = std::min(best[1], ns_per_value(s.values, [](char* p, double v) { return std::to_chars(p, p + 64, v).ptr; }, sink));
      best[3] = std::min(best[3], ns_per_read(text, starts, [](const char* a, const char* b, double& v) { return std::from_chars(a, b, v); },
                                              read_sink));
#endif
    }
    auto cell = [](double ns) { return ns < 1e300 ? std::to_string(ns).substr(0, 5) + " ns" : std::string("-"); };
    std::printf("%-24s %9zu %14s %14s %14s %14s\n", s.name, s.values.size(), cell(best[0]).c_str(),
                cell(best[1]).c_str(), cell(best[2]).c_str(), cell(best[3]).c_str());
  }
  std::printf("(%zu characters, %g)\n", sink, read_sink);
  return 0;
}

// What fsync costs a string file (docs/language.md 8.5): ABOP fig. 1.24a at
// n = 9 (4,882,811 modules, about 9.8 MB) and a one-line string, written by
// interp::write_string_file synced and not synced, in turns, into a folder
// beside the benchmark (the build folder), 25 rounds. Prints the median and
// the mean seconds of each (the mean counts the slow syncs that wait for
// other writers' journal commits) and what the fsync adds; asserts nothing.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "interpreter/growth/lsystem.hpp"

using namespace lsd;

namespace {

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

double mean(const std::vector<double>& v) {
  double sum = 0;
  for (double x : v) sum += x;
  return sum / double(v.size());
}

}  // namespace

int main(int, char** argv) {
  const std::filesystem::path dir = std::filesystem::absolute(argv[0]).parent_path() / "files_bench.tmp";
  std::filesystem::create_directories(dir);
  std::printf("%-20s %9s %10s %10s %10s %10s %10s %10s\n", "string", "bytes", "synced", "(mean)", "replaced",
              "(mean)", "fsync", "(mean)");
  for (const int n : {0, 9}) {
    interp::Lsystem ls;
    std::vector<grammar::Diagnostic> diags;
    const std::string path = std::string(LSD_SOURCE_DIR) + "/examples/abop/fig1_24a.ls";
    if (!interp::load_lsystem(path, {}, ls, diags) || !interp::derive(ls, n, {}, diags)) {
      std::printf("cannot derive %s\n", path.c_str());
      return 1;
    }
    const std::string out = (dir / ("fig1_24a_n" + std::to_string(n) + ".txt")).string();
    const interp::StringHeader h{};
    std::vector<double> synced, replaced;
    for (int round = 0; round < 25; ++round) {
      for (const auto d : {interp::Durability::kSynced, interp::Durability::kReplaced}) {
        std::string err;
        const auto t0 = std::chrono::steady_clock::now();
        if (!interp::write_string_file(out, h, ls.current, ls.rules->symbols, &err, d)) {
          std::printf("%s\n", err.c_str());
          return 1;
        }
        const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        (d == interp::Durability::kSynced ? synced : replaced).push_back(s);
      }
    }
    const double ms = median(synced), mr = median(replaced), as = mean(synced), ar = mean(replaced);
    const std::string name = "fig. 1.24a, n = " + std::to_string(n);
    std::printf("%-20s %9ju %10.4f %10.4f %10.4f %10.4f %10.4f %10.4f\n", name.c_str(),
                std::uintmax_t(std::filesystem::file_size(out)), ms, as, mr, ar, ms - mr, as - ar);
  }
  std::filesystem::remove_all(dir);
  return 0;
}

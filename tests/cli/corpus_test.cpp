// The hostile-input corpus: every file of tests/corpus/ makes lsd exit
// with status 1 and a located message; none crashes, none hangs. The files are
// written by scripts/make_corpus.py (gen/) or by hand (hand/, regressions/);
// tests/corpus/MANIFEST.tsv gives the command of files that are not simply
// `lsd check FILE.ls` or `lsd derive support/base.ls --axiom-file FILE.txt`.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "support/lsd_test.hpp"

namespace fs = std::filesystem;
using lsd::test::run;

namespace {

const std::string kCorpus = std::string(LSD_SOURCE_DIR) + "/tests/corpus";

struct Command {
  std::string command, args;  // args: `{file}` stands for the file
};

std::map<std::string, Command> manifest() {
  std::map<std::string, Command> m;
  std::ifstream in(kCorpus + "/MANIFEST.tsv");
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::stringstream ss(line);
    std::string file, cmd, args;
    std::getline(ss, file, '\t');
    std::getline(ss, cmd, '\t');
    std::getline(ss, args);
    m[file] = {cmd, args};
  }
  return m;
}

std::vector<std::string> corpus_files() {
  std::vector<std::string> out;
  for (const char* dir : {"gen", "hand", "regressions"}) {
    fs::path d = fs::path(kCorpus) / dir;
    if (!fs::exists(d)) continue;
    for (const auto& e : fs::directory_iterator(d))
      if (e.is_regular_file()) out.push_back(std::string(dir) + "/" + e.path().filename().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string replace_all(std::string s, const std::string& from, const std::string& to) {
  for (std::size_t p = s.find(from); p != std::string::npos; p = s.find(from, p + to.size())) s.replace(p, from.size(), to);
  return s;
}

// An error located by file, line and column, or (for strings, structure and
// run-time problems) by file and a position in the string or the run.
bool located(const std::string& out) {
  static const std::regex file_line_col(R"((^|\n)[^ :\n]+:[0-9]+:[0-9]+: error: .)");
  static const std::regex file_position(R"((^|\n)[^ :\n]+: error: [^\n]*(module [0-9]|step [0-9]|t=))");
  return std::regex_search(out, file_line_col) || std::regex_search(out, file_position);
}

bool sanitizer_report(const std::string& out) {
  return out.find("Sanitizer") != std::string::npos || out.find("runtime error:") != std::string::npos;
}

}  // namespace

TEST_CASE("every file of the hostile corpus exits with status 1 and a located error") {
  const auto files = corpus_files();
  const auto commands = manifest();
  REQUIRE(files.size() >= 200);
  for (const auto& [file, c] : commands) {
    INFO("MANIFEST.tsv names " << file);
    CHECK(fs::exists(fs::path(kCorpus) / file));
  }
  int failures = 0;
  for (const auto& file : files) {
    Command c;
    auto it = commands.find(file);
    if (it != commands.end()) c = it->second;
    else if (file.size() > 4 && file.substr(file.size() - 4) == ".txt") c = {"derive", "support/base.ls --axiom-file {file}"};
    else c = {"check", "{file}"};
    // `timeout 5` only guards the suite against a hang; each run takes well under a second.
    std::string cmd = "cd '" + kCorpus + "' && timeout 5 " + lsd::test::lsd_exe() + " " + c.command + " " +
                      replace_all(c.args, "{file}", file);
    auto r = run(cmd);
    bool ok = r.status == 1 && located(r.out) && !sanitizer_report(r.out);
    if (!ok) {
      ++failures;
      INFO(cmd);
      INFO("status " << r.status << " (124: timed out, -1: killed by a signal)");
      INFO(r.out.substr(0, 2000));
      CHECK(ok);
    }
  }
  CHECK(failures == 0);
}

// The hostile model folders of tests/corpus/folders/ (written by
// scripts/make_corpus.py; FOLDERS.tsv lists them): opening each with
// `lsd check`, `derive`, `render` and `run` starts no program of the
// model's (a program that ran would leave the marker file the test names in
// LSD_TRUST_MARKER), reads no file outside the folder (under strace: no
// bait file beside the folders, nothing the preprocessor was not given), and
// gives its warning with exit status 0 (docs/language.md 9.7). FOLDERS.tsv
// also lists regression folders (tests/corpus/regressions/*/) of the readers.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "support/lsd_test.hpp"

namespace fs = std::filesystem;
using lsd::test::run;

namespace {

const std::string kCorpus = std::string(LSD_SOURCE_DIR) + "/tests/corpus";

struct Folder {
  std::string path, warning;
  int status = 0;
};

std::vector<Folder> folders() {
  std::vector<Folder> out;
  std::ifstream in(kCorpus + "/FOLDERS.tsv");
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::stringstream ss(line);
    Folder f;
    std::string status;
    std::getline(ss, f.path, '\t');
    std::getline(ss, f.warning, '\t');
    std::getline(ss, status);
    f.status = std::stoi(status);
    out.push_back(f);
  }
  return out;
}

// What a traced run did: the programs it started (execve that succeeded,
// after the first, lsd's) and the files each process opened.
struct Trace {
  int lsd_pid = -1;
  std::vector<std::string> programs;
  std::vector<std::pair<int, std::string>> opened;  // pid, path (made absolute from the corpus folder)
};

Trace read_trace(const std::string& log) {
  Trace t;
  std::ifstream in(log);
  static const std::regex exec(R"re(^(\d+) +execve\("([^"]*)".* = 0$)re");
  static const std::regex open(R"re(^(\d+) +(?:open|openat|openat2|creat)\((?:AT_FDCWD, )?"([^"]*)")re");
  std::smatch m;
  for (std::string line; std::getline(in, line);) {
    if (std::regex_search(line, m, exec)) {
      if (t.lsd_pid < 0) t.lsd_pid = std::stoi(m[1]);
      else t.programs.push_back(m[2]);
    } else if (std::regex_search(line, m, open)) {
      const fs::path p = fs::path(m[2].str()).is_absolute() ? fs::path(m[2].str()) : fs::path(kCorpus) / m[2].str();
      t.opened.push_back({std::stoi(m[1]), p.lexically_normal().string()});
    }
  }
  return t;
}

// Opens every hostile folder with `lsd check`, `derive`, `render` and `run`:
// the exit status and the warning, no program of the model's started (the
// marker), no sanitizer report; and, traced (under strace), the programs
// started and the files opened.
void open_every_folder(bool traced) {
  const auto list = folders();
  REQUIRE(list.size() >= 9);
  lsd::test::TempDir tmp;
  const std::string marker = tmp.path("marker");
  const std::string baits = fs::weakly_canonical(kCorpus + "/folders").string() + "/";
  for (const Folder& f : list) {
    const std::string here = fs::weakly_canonical(kCorpus + "/" + f.path).string() + "/";
    for (const std::string command : {"check", "derive", "render", "run"}) {
      std::string args = command == "render" ? " -o " + tmp.path("p.png") + " --width 64 --height 64" : "";
      if (command == "derive" || command == "run") args += " -o " + tmp.path("s.txt");
      const std::string log = tmp.path("trace");
      // (make sanitize: the leaks Mesa's driver leaves when lsd draws are Mesa's, not lsd's)
      const std::string untraced = command == "render" ? "env ASAN_OPTIONS=detect_leaks=0 " : "";
      const std::string cmd = "cd '" + kCorpus + "' && LSD_TRUST_MARKER='" + marker + "' timeout 60 " +
                              (traced ? lsd::test::strace_prefix(log, "execve,open,openat,openat2,creat") : untraced) +
                              lsd::test::lsd_exe() + " " + command + " " + f.path + args;
      INFO(cmd);
      const auto r = run(cmd);
      INFO(r.out.substr(0, 3000));
      CHECK(r.status == f.status);
      CHECK_THAT(r.out, Catch::Contains(f.warning) && Catch::Contains("warning: "));
      CHECK_FALSE(fs::exists(marker));  // no program of the model's ran
      CHECK_THAT(r.out, !Catch::Contains("runtime error:") && !Catch::Contains("Sanitizer"));  // make sanitize
      if (!traced) continue;
      const Trace t = read_trace(log);
      REQUIRE(t.lsd_pid > 0);
      for (const std::string& p : t.programs) {  // the preprocessor only
        INFO("started " << p);
        const std::string name = fs::path(p).filename().string();
        CHECK((name == "cpp" || name == "cc1"));
      }
      for (const auto& [pid, path] : t.opened) {
        INFO(pid << " opened " << path);
        std::error_code ec;
        const std::string real = fs::weakly_canonical(path, ec).string() + "/";
        // a bait beside the folders (also through a symbolic link in the folder)
        CHECK_FALSE((real.rfind(baits, 0) == 0 && real.rfind(here, 0) != 0));
        // /etc/passwd: never by the preprocessor; by lsd itself only when it draws (Mesa looks up the
        // user's home for its shader cache)
        if (real == "/etc/passwd/") CHECK((pid == t.lsd_pid && command == "render"));
      }
    }
  }
}

}  // namespace

TEST_CASE("a hostile model folder starts no program and says why") { open_every_folder(false); }

TEST_CASE("a hostile model folder reads nothing outside itself and starts only the preprocessor (strace)",
          "[strace]") {
  if (!lsd::test::strace_works())
    return lsd::test::skip("strace is missing or cannot trace here (scripts/setup.sh installs it)");
  open_every_folder(true);
}

TEST_CASE("the hostile folders' warnings go away only with the flags that allow what they ask") {
  // parent_paths with --allow-outside-files reads the bait: its #error shows the outside file was read
  const auto r = run("cd '" + kCorpus + "' && " + lsd::test::lsd_exe() + " check folders/parent_paths --allow-outside-files");
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("the outside file was read"));
  // --allow-programs: the folder's own program runs (and leaves its marker)
  lsd::test::TempDir tmp;
  const auto p = run("cd '" + kCorpus + "' && LSD_TRUST_MARKER='" + tmp.path("m") + "' LSD_ENVIRONMENT_TIMEOUT=1 " +
                     lsd::test::lsd_exe() + " derive folders/program_in_folder --allow-programs -o " + tmp.path("s.txt"));
  CHECK(p.status == 0);
  CHECK(fs::exists(tmp.path("m")));
  CHECK_THAT(p.out, !Catch::Contains("was not started"));
}

// Tests of scripts/sweep*.sh (docs/scaling.md): a sweep run by GNU parallel,
// and one run as Slurm job arrays on a real Slurm of one node started here,
// gather their runs into the same CSV.
#include <catch2/catch.hpp>
#include <unistd.h>

#include <filesystem>
#include <sstream>

#include "support/lsd_test.hpp"

using lsd::test::run;

namespace {
std::string script(const std::string& name) { return std::string(LSD_SOURCE_DIR) + "/scripts/" + name; }
std::string herb() { return lsd::test::example("dynamics/herb.ls"); }
// Commands run with this build's lsd.
std::string with_lsd(const std::string& cmd) { return "LSD=" + lsd::test::lsd_exe() + " " + cmd; }

// Five runs of the herb: seeds, branch angles and stem lengths; a comment
// and a blank line that are not rows.
const char* kTable = "seed,ANGLE,N\n1,40,6\n2,50,6\n# not a row\n\n3,60,7\n4,70,7\n5,80,8\n";
const char* kRunOptions = " --time 3 --trace-every 1";

std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> out;
  std::stringstream ss(line);
  std::string f;
  while (std::getline(ss, f, ',')) out.push_back(f);
  if (!line.empty() && line.back() == ',') out.emplace_back();
  return out;
}

// A Slurm cluster of one node on 127.0.0.1 (tests/scripts/slurm_node.sh),
// up for the life of this object; its daemons stop when it goes, or when the
// test process ends in any other way.
class SlurmNode {
 public:
  explicit SlurmNode(const std::string& dir) : dir_(dir) {
    const auto r = run(kNodeScript + " start " + dir + " " + std::to_string(::getpid()));
    log_ = r.out;
    if (r.status == 0) conf_ = dir + "/slurm.conf";
  }
  ~SlurmNode() { run(kNodeScript + " stop " + dir_); }
  SlurmNode(const SlurmNode&) = delete;
  SlurmNode& operator=(const SlurmNode&) = delete;
  bool up() const { return !conf_.empty(); }
  const std::string& log() const { return log_; }
  // A command run from `cwd` with this cluster's slurm.conf and this build's lsd,
  // the checkout found through LSD_ROOT (Slurm runs a copy of the job script).
  lsd::test::Run run_in(const std::string& cwd, const std::string& cmd) const {
    return run("cd " + cwd + " && SLURM_CONF=" + conf_ + " LSD_ROOT=" + LSD_SOURCE_DIR + " " + with_lsd(cmd));
  }

 private:
  inline static const std::string kNodeScript = std::string(LSD_SOURCE_DIR) + "/tests/scripts/slurm_node.sh";
  std::string dir_, conf_, log_;
};

// The id of the job `sbatch --parsable` submitted: its last line, "12" or "12;cluster".
std::string job_id(std::string out) {
  while (!out.empty() && out.back() == '\n') out.pop_back();
  out.erase(0, out.rfind('\n') + 1);  // (npos + 1 is 0)
  return out.substr(0, out.find(';'));
}
}  // namespace

TEST_CASE("a sweep through GNU parallel gathers every run into one CSV, in the table's order") {
  REQUIRE(run("command -v parallel").status == 0);  // scripts/setup.sh installs it
  const lsd::test::TempDir dir;
  const std::string table = dir.write("sweep.csv", kTable), out = dir.path("out");
  auto r = run(with_lsd("JOBS=2 " + script("sweep.sh") + " " + table + " " + out + " " + herb() + kRunOptions));
  INFO(r.out);
  REQUIRE(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("5 of 5 runs, 0 of them ended with an error"));
  const auto csv = lsd::test::read_lines(out + "/results.csv");
  REQUIRE(csv.size() == 6);
  CHECK(csv[0] == "run,status,seed,ANGLE,N," + std::string("t,step,modules,bodies,kinetic,potential,elastic,tip_x,tip_y,tip_z,substeps"));
  for (int k = 1; k <= 5; ++k) {
    const auto f = split(csv[std::size_t(k)]);
    REQUIRE(f.size() == 16);
    CHECK(f[0] == std::to_string(k));  // the table's order, whatever order the runs ended in
    CHECK(f[1] == "0");
    CHECK(f[2] == std::to_string(k));  // the seed
    CHECK(f[5] == "3");                // t at the end of the run
  }
  // each row is what that run alone gives: the last row of its trace
  const auto angle60 = split(csv[3]);
  const std::string alone = dir.path("alone.csv");
  REQUIRE(run(lsd::test::lsd_exe() + " run " + herb() + " --seed 3 -D ANGLE=60 -D N=7" + kRunOptions + " --trace " +
              alone).status == 0);
  CHECK(std::vector<std::string>(angle60.begin() + 5, angle60.end()) == split(lsd::test::read_lines(alone).back()));
  CHECK(split(csv[1])[12] != split(csv[5])[12]);  // the parameters reached lsd: other plants, other tips
  CHECK(std::filesystem::file_size(out + "/run_5.txt") > 0);  // each final string, to resume from
  CHECK(lsd::test::read_lines(out + "/joblog").size() == 6);  // parallel's log: a header and five runs
}

TEST_CASE("a sweep reports the runs that failed and the runs that are missing") {
  const lsd::test::TempDir dir;
  const std::string table = dir.write("sweep.csv", "seed,N\n1,4\n2,oops\n3,5\n"), out = dir.path("out");
  auto r = run(with_lsd(script("sweep.sh") + " " + table + " " + out + " " + herb() + kRunOptions));
  CHECK(r.status != 0);
  CHECK_THAT(r.out, Catch::Contains("3 of 3 runs, 1 of them ended with an error"));
  const auto csv = lsd::test::read_lines(out + "/results.csv");
  REQUIRE(csv.size() == 4);
  CHECK(csv[2] == "2,2,2,oops,,,,,,,,,,,");  // lsd's usage error (2), no trace
  CHECK_THAT(lsd::test::read_lines(out + "/run_2.log").at(0), Catch::Contains("oops"));
  std::filesystem::remove(out + "/run_3.row");
  r = run(script("sweep-gather.sh") + " " + table + " " + out);
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("1 of 3 runs have no results") && Catch::Contains(": 3"));
}

TEST_CASE("on a real Slurm, a job array of sweep-slurm.sh and a dependent gather give the local sweep's CSV",
          "[slurm]") {
  for (const char* program : {"slurmctld", "slurmd", "sbatch"})
    if (!lsd::test::have_program(program, "apt-get install slurm-wlm")) return;
  const lsd::test::TempDir dir;
  const std::string table = dir.write("sweep.csv", kTable);
  const SlurmNode slurm(dir.path("slurm"));
  INFO(slurm.log());
  REQUIRE(slurm.up());
  // submit(OUT, OPTIONS): an array of sweep-slurm.sh writing into dir/OUT; its job id
  const auto submit = [&](const std::string& out, const std::string& options) {
    const auto r = slurm.run_in(dir.path(""), "sbatch --parsable " + options + " " + script("sweep-slurm.sh") + " " +
                                                  table + " " + dir.path(out) + " " + herb() + kRunOptions);
    INFO(r.out);
    REQUIRE(r.status == 0);
    return job_id(r.out);
  };
  // gather(OUT, JOBS): the gather of dir/OUT, submitted to start once JOBS
  // (a:b) have ended, waited for (sbatch --wait: its exit status is the job's)
  const auto gather = [&](const std::string& out, const std::string& jobs) {
    const std::string o = dir.path(out);
    const auto r = slurm.run_in(dir.path(""), "timeout 600 sbatch --wait --dependency=afterany:" + jobs +
                                                  " --output=" + o + "/gather.log --wrap '" + script("sweep-gather.sh") +
                                                  " " + table + " " + o + " > " + o + "/results.csv'");
    std::string log;
    for (const std::string& line : lsd::test::read_lines(o + "/gather.log")) log += line + "\n";
    INFO(r.out << "gather.log:\n" << log);
    REQUIRE(r.status == 0);
    return lsd::test::read_lines(o + "/results.csv");
  };
  // as docs/scaling.md submits it: one task per row, at most 100 at once
  const auto slurm_csv = gather("array", submit("array", "--array=1-5%100"));
  // the same table in two parts of three rows to a task: rows 1-3, then rows 4-5
  // after an offset of 3 (the task's last row is past the table's end)
  const std::string parts = submit("parts", "--export=ALL,SWEEP_ROWS_PER_TASK=3 --array=1-1") + ":" +
                            submit("parts", "--export=ALL,SWEEP_ROWS_PER_TASK=3,SWEEP_ROW_OFFSET=3 --array=1-1");
  const auto parts_csv = gather("parts", parts);
  // the same table through GNU parallel on this machine
  REQUIRE(run(with_lsd(script("sweep.sh") + " " + table + " " + dir.path("local") + " " + herb() + kRunOptions))
              .status == 0);
  const auto local = lsd::test::read_lines(dir.path("local/results.csv"));
  REQUIRE(local.size() == 6);
  CHECK(slurm_csv == local);
  CHECK(parts_csv == local);
}

TEST_CASE("the Slurm array script outside an array task, and past the table's end, says so") {
  const lsd::test::TempDir dir;
  const std::string table = dir.write("sweep.csv", kTable);
  const std::string task = script("sweep-slurm.sh") + " " + table + " " + dir.path("slurm") + " " + herb() + kRunOptions;
  auto r = run(with_lsd("bash " + task));
  CHECK(r.status != 0);
  CHECK_THAT(r.out, Catch::Contains("SLURM_ARRAY_TASK_ID"));
  r = run(with_lsd("SLURM_ARRAY_TASK_ID=6 bash " + task));
  CHECK(r.status == 2);
  CHECK_THAT(r.out, Catch::Contains("has no row 6"));
}

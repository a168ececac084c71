// Tests of scripts/sweep*.sh (docs/scaling.md): a sweep run by GNU parallel,
// and the Slurm array script's body run by hand, gather their runs into one CSV.
#include <catch2/catch.hpp>
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
  CHECK(csv[0] == "run,status,seed,ANGLE,N," + std::string("t,step,modules,bodies,kinetic,potential,elastic,tip_x,tip_y,tip_z"));
  for (int k = 1; k <= 5; ++k) {
    const auto f = split(csv[std::size_t(k)]);
    REQUIRE(f.size() == 15);
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
  CHECK(csv[2] == "2,2,2,oops,,,,,,,,,,");  // lsd's usage error (2), no trace
  CHECK_THAT(lsd::test::read_lines(out + "/run_2.log").at(0), Catch::Contains("oops"));
  std::filesystem::remove(out + "/run_3.row");
  r = run(script("sweep-gather.sh") + " " + table + " " + out);
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("1 of 3 runs have no results") && Catch::Contains(": 3"));
}

TEST_CASE("the Slurm array script runs row SLURM_ARRAY_TASK_ID as one lsd run, the same run as on one machine") {
  const lsd::test::TempDir dir;
  const std::string table = dir.write("sweep.csv", kTable);
  const std::string task = script("sweep-slurm.sh") + " " + table + " " + dir.path("slurm") + " " + herb() + kRunOptions;
  // the five array tasks, in any order; task 1 with an offset of 3 is row 4
  for (const char* env : {"SLURM_ARRAY_TASK_ID=3", "SLURM_ARRAY_TASK_ID=1", "SLURM_ARRAY_TASK_ID=5",
                          "SLURM_ARRAY_TASK_ID=2", "SLURM_ARRAY_TASK_ID=1 SWEEP_ROW_OFFSET=3"}) {
    auto r = run(with_lsd(std::string(env) + " bash " + task));
    INFO(env << ": " << r.out);
    CHECK(r.status == 0);
  }
  auto gathered = run(script("sweep-gather.sh") + " " + table + " " + dir.path("slurm") + " > " + dir.path("slurm.csv"));
  INFO(gathered.out);
  REQUIRE(gathered.status == 0);
  // the same table through GNU parallel gives the same CSV
  REQUIRE(run(with_lsd(script("sweep.sh") + " " + table + " " + dir.path("local") + " " + herb() + kRunOptions))
              .status == 0);
  const auto slurm = lsd::test::read_lines(dir.path("slurm.csv"));
  CHECK(slurm.size() == 6);
  CHECK(slurm == lsd::test::read_lines(dir.path("local/results.csv")));
  // several rows to a task: tasks 1 and 2 of 3 rows each cover the table's 5
  for (const char* id : {"1", "2"}) {
    auto r = run(with_lsd("SWEEP_ROWS_PER_TASK=3 SLURM_ARRAY_TASK_ID=" + std::string(id) + " bash " +
                          script("sweep-slurm.sh") + " " + table + " " + dir.path("chunks") + " " + herb() + kRunOptions));
    INFO(r.out);
    CHECK(r.status == 0);
  }
  REQUIRE(run(script("sweep-gather.sh") + " " + table + " " + dir.path("chunks") + " > " + dir.path("chunks.csv"))
              .status == 0);
  CHECK(lsd::test::read_lines(dir.path("chunks.csv")) == slurm);
  // outside an array task, and past the table's end, it says so
  auto r = run(with_lsd("bash " + task));
  CHECK(r.status != 0);
  CHECK_THAT(r.out, Catch::Contains("SLURM_ARRAY_TASK_ID"));
  r = run(with_lsd("SLURM_ARRAY_TASK_ID=6 bash " + task));
  CHECK(r.status == 2);
  CHECK_THAT(r.out, Catch::Contains("has no row 6"));
}

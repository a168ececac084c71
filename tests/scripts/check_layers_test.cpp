// Tests of scripts/check_layers.py (the test `architecture`): on small trees
// of rooms declared as CMake declares them (lsd_room, lsd_layer), it passes
// an include down the order and fails, naming the file and the rule, on an
// include against it, a private header of another room, a cycle of rooms, a
// file in no room and a file too long.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "support/lsd_test.hpp"

using lsd::test::run;

namespace {

// Writes `text` to dir/rel, making its folders.
void put(const lsd::test::TempDir& dir, const std::string& rel, const std::string& text) {
  const std::filesystem::path p = dir.path(rel);
  std::filesystem::create_directories(p.parent_path());
  std::ofstream(p) << text;
}

lsd::test::Run check(const lsd::test::TempDir& dir) {
  return run("python3 " + std::string(LSD_SOURCE_DIR) + "/scripts/check_layers.py " + dir.path(""));
}

// Two rooms, high over low, and a layer over both; every include down the order.
void rooms(const lsd::test::TempDir& dir) {
  put(dir, "CMakeLists.txt", "# lsd_room(nothing USES here) is a comment\nadd_subdirectory(code)\n");
  put(dir, "code/CMakeLists.txt", "lsd_room(low)\nlsd_room(high\n  USES low)\nlsd_layer(tool FOLDER ../tool USES high)\n");
  put(dir, "code/low/low.hpp", "#pragma once\n");
  put(dir, "code/low/src/low.cpp", "#include \"code/low/low.hpp\"\n#include \"code/low/src/own.hpp\"\n");
  put(dir, "code/low/src/own.hpp", "#pragma once\n");
  put(dir, "code/high/high.hpp", "#pragma once\n#include \"code/low/low.hpp\"\n");
  put(dir, "code/high/src/high.cpp", "#include \"code/high/high.hpp\"\n#include <vector>\n#include \"local.hpp\"\n");
  put(dir, "tool/main.cpp", "#include \"code/high/high.hpp\"\n#include \"code/low/low.hpp\"\n");
  put(dir, "tests/code/low/low_test.cpp", "#include \"code/low/src/own.hpp\"\n#include \"tool/x.hpp\"\n");
}

}  // namespace

TEST_CASE("check_layers passes a tree whose includes follow the order of its rooms") {
  const lsd::test::TempDir dir;
  rooms(dir);
  const auto r = check(dir);
  INFO(r.out);
  CHECK(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("the 3 rooms' order"));
}

TEST_CASE("check_layers fails on an include against the order, and names the file and the rooms") {
  const lsd::test::TempDir dir;
  rooms(dir);
  put(dir, "code/low/src/up.cpp", "#include \"code/high/high.hpp\"\n");
  const auto r = check(dir);
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("code/low/src/up.cpp: includes code/high/high.hpp (low may not depend on high"));
  CHECK_THAT(r.out, Catch::Contains("check_layers: 1 problems"));
}

TEST_CASE("check_layers fails on a private header of another room, a cycle, a file in no room, a long file") {
  const lsd::test::TempDir dir;
  rooms(dir);
  put(dir, "code/high/src/peek.cpp", "#include \"code/low/src/own.hpp\"\n");
  put(dir, "code/CMakeLists.txt", "lsd_room(low USES high)\nlsd_room(high USES low)\nlsd_layer(tool FOLDER ../tool USES high)\n");
  put(dir, "stray/stray.cpp", "int x;\n");
  put(dir, "tool/long.cpp", std::string(601, '\n'));
  const auto r = check(dir);
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("code/high/src/peek.cpp: includes code/low/src/own.hpp, a private header of the room low"));
  CHECK_THAT(r.out, Catch::Contains("the room high uses itself"));
  CHECK_THAT(r.out, Catch::Contains("stray/stray.cpp: in no room"));
  CHECK_THAT(r.out, Catch::Contains("tool/long.cpp: 601 lines"));
}

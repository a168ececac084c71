// Test cases that cannot run on this machine, reported as skipped (not passed).
#pragma once
#include <catch2/catch.hpp>
#include <string>

namespace lsd::test {

// A test case that cannot run here (a tool or a processor feature is missing)
// says so and returns: `if (!have_it) return lsd::test::skip("why");`. Such a
// test case carries the tag of what it needs ([blender], [strace], [avx2],
// [slurm]): tests/CMakeLists.txt gives it a ctest entry of its own, which ctest
// reports as skipped when this line is in its output.
inline void skip(const std::string& why) { WARN("lsd test skipped: " << why); }

}  // namespace lsd::test

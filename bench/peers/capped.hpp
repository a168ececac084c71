// Work with a wall-time cap: run in a forked child that is killed when the
// cap passes (MuJoCo 2.2.2 takes seconds to minutes per step on the long
// chains and has no way to stop a step), so that the benchmark prints "> X s"
// instead of waiting. A MuJoCo error in the child (mju_error, which would
// exit the process) comes back as text.
#pragma once

#include <functional>
#include <string>

namespace lsd::peers {

struct CappedResult {
  bool finished = false;  // the child returned a value within the cap
  double value = 0;       // what it returned
  std::string error;      // MuJoCo's error text, or why the child died
};

// Runs fn() in a child process for at most `seconds` of wall time.
CappedResult run_capped(double seconds, const std::function<double()>& fn);

}  // namespace lsd::peers

// One function per command; each returns the process exit status.
#pragma once
#include "args.hpp"
#include "interpreter/simulate.hpp"

namespace lsd::cli {
int cmd_check(const Args& a);
int cmd_derive(const Args& a);
int cmd_segments(const Args& a);
int cmd_export(const Args& a);
int cmd_run(const Args& a);
int cmd_render(const Args& a);
int cmd_view(const Args& a);

// Loads a.file and derives -n N steps (default: the rest of the derivation length).
bool load_and_derive(const Args& a, interp::Lsystem& ls);

// The options of `lsd run` (--time, --dt, --grow-every, --integrator, --trace-every);
// false after printing a usage error.
bool sim_options(const Args& a, interp::SimOptions& so);
}  // namespace lsd::cli

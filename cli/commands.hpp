// The commands of `lsd`. Each add_* function adds its subcommand to the
// application, with exactly the options that command reads, and returns
// what runs it once the command line is parsed (its exit status).
#pragma once
#include <functional>

#include "options.hpp"
#include "progress.hpp"

namespace lsd::cli {

using Runner = std::function<int()>;

Runner add_check(CLI::App& app);
Runner add_derive(CLI::App& app);
Runner add_segments(CLI::App& app);
Runner add_export(CLI::App& app);
Runner add_run(CLI::App& app);
Runner add_render(CLI::App& app);
Runner add_view(CLI::App& app);

// Loads the file and derives -n N steps (default: the rest of the derivation
// length), with the progress line.
bool load_and_derive(const InputOptions& in, std::optional<long> n, interp::Lsystem& ls, Progress& progress);

}  // namespace lsd::cli

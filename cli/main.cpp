// lsd: the command-line front end (docs/language.md section 8), on CLI11.
// Exit status: 0 ok, 1 input error, 2 usage error (an unknown command or
// option, a malformed value: the message suggests the closest option).
#include <cstdlib>
#include <cstring>
#include <iostream>

#include "commands.hpp"
#include "dynamics/aba.hpp"

#ifndef LSD_VERSION
#define LSD_VERSION "unknown"
#endif

namespace {

using namespace lsd::cli;

// The long and short names of a command's options, with their dashes.
std::vector<std::string> option_names(const CLI::App& cmd) {
  std::vector<std::string> out;
  for (const CLI::Option* o : cmd.get_options()) {
    for (const std::string& n : o->get_lnames()) out.push_back("--" + n);
    for (const std::string& n : o->get_snames()) out.push_back("-" + n);
  }
  return out;
}

std::vector<std::string> command_names(const CLI::App& app) {
  std::vector<std::string> out;
  for (const CLI::App* c : app.get_subcommands({})) out.push_back(c->get_name());
  return out;
}

int usage_error(const CLI::App& cmd, const std::string& what) {
  const std::string name = cmd.get_parent() ? "lsd " + cmd.get_name() : "lsd";
  std::cerr << name << ": " << what << "\n"
            << "Run '" << name << " --help' for " << (cmd.get_parent() ? "its options" : "the commands") << ".\n";
  return kExitUsage;
}

// An argument nobody took: an unknown option or command, or a second file.
int unexpected(const CLI::App& cmd, const std::string& arg, const std::vector<std::string>& names, bool command) {
  const bool option = !arg.empty() && arg[0] == '-';
  std::string what = option    ? "unknown option '" + arg + "'"
                     : command ? "unknown command '" + arg + "'"
                               : "unexpected argument '" + arg + "'";
  const std::string key = option ? arg.substr(0, arg.find('=')) : arg;
  if (option || command) {
    const std::string near = closest(key, names);
    if (!near.empty()) what += " (did you mean '" + near + "'?)";
  }
  return usage_error(cmd, what);
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  // The step's kernel is a process-wide choice, so the program makes it:
  // LSD_KERNEL=baseline runs the baseline build (same bits, for comparison).
  if (const char* k = std::getenv("LSD_KERNEL"); k && std::strcmp(k, "baseline") == 0)
    lsd::dyn::set_kernel(lsd::dyn::Kernel::kBaseline);
  CLI::App app{"lsd: L-systems that grow and move (cpfg's language, plants as articulated bodies)", "lsd"};
  app.set_version_flag("--version", "lsd " LSD_VERSION);
  app.allow_extras();
  app.footer("Run 'lsd COMMAND --help' for the options of a command.");
  std::vector<std::pair<CLI::App*, Runner>> commands;
  for (auto add : {add_check, add_derive, add_segments, add_export, add_run, add_render, add_view}) {
    Runner r = add(app);
    CLI::App* cmd = app.get_subcommands({}).back();
    cmd->allow_extras();
    commands.push_back({cmd, std::move(r)});
  }
  app.add_subcommand("help", "lists the commands, or shows a command's options: lsd help COMMAND");
  if (argc >= 2 && std::string(argv[1]) == "help") {  // what follows is a topic, not a command to run
    if (argc == 2) {
      std::cout << app.help();
      return kExitOk;
    }
    for (const auto& c : commands)
      if (c.first->get_name() == argv[2]) {
        std::cout << c.first->help("lsd");
        return kExitOk;
      }
    return unexpected(app, argv[2], command_names(app), true);
  }

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    // The command being parsed when it failed, for the message.
    const CLI::App* cmd = &app;
    for (const auto& c : commands)
      if (c.first->parsed()) cmd = c.first;
    return usage_error(*cmd, e.what());
  }

  for (const auto& [cmd, runner] : commands) {
    if (!cmd->parsed()) continue;
    const std::vector<std::string> rest = cmd->remaining();
    if (!rest.empty()) return unexpected(*cmd, rest.front(), option_names(*cmd), false);
    try {
      return runner();
    } catch (const std::bad_alloc&) {
      std::cerr << "lsd: error: out of memory (lower the derivation length or use --max-modules)\n";
      return kExitInput;
    }
  }
  const std::vector<std::string> rest = app.remaining();
  if (!rest.empty()) return unexpected(app, rest.front(), command_names(app), true);
  std::cerr << app.help();
  return usage_error(app, "no command given");
}

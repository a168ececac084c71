// A model's environment file (.e) and the program it names (environment_file.hpp):
// which program lsd may start, by the user's trust (docs/language.md 9.4
// and 9.7).
#include <unistd.h>

#include <cctype>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <sstream>

#include "common/limits.hpp"
#include "common/numbers.hpp"
#include "common/text.hpp"
#include "interpreter/cpfg/environment_file.hpp"

namespace lsd::interp {

namespace fs = std::filesystem;

namespace {

using text::trim;

bool runnable(const fs::path& p) {
  std::error_code ec;
  return ::access(p.c_str(), X_OK) == 0 && fs::is_regular_file(p, ec);
}

}  // namespace

std::vector<std::string> environment_words(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> w;
  for (std::string x; in >> x;) w.push_back(x);
  if (!w.empty() && w.back() == "&") w.pop_back();
  return w;
}

double environment_timeout() {
  if (const char* t = std::getenv("LSD_ENVIRONMENT_TIMEOUT")) {
    while (std::isspace(static_cast<unsigned char>(*t))) ++t;  // as strtod skips them
    double v = 0;
    if (read_c_number(t, t + std::strlen(t), v).ec != std::errc::invalid_argument && v > 0) return v;
  }
  return limits::kEnvironmentTimeout;
}

bool read_environment_file(const std::string& path, EnvironmentFile& out, std::string& error) {
  std::string text;
  if (!read_model_file(path, limits::kModelFileBytes, limits::kModelFileBytesText, text, error)) {
    error = "cannot read the environment file: " + error;
    return false;
  }
  return parse_environment_file(text, path, out, error);
}

bool parse_environment_file(const std::string& text, const std::string& path, EnvironmentFile& out,
                            std::string& error) {
  out = EnvironmentFile{};
  out.path = path;
  std::istringstream in(text);
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    const auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    const std::string key = trim(line.substr(0, colon));
    std::string value = line.substr(colon + 1);  // a format keeps its spaces: the program skips them
    if (!value.empty() && value.back() == '\r') value.pop_back();
    const std::vector<std::string> w = environment_words(value);
    if (key == "communication type" && !w.empty()) {
      if (w[0] == "files") out.channel = EnvironmentFile::Channel::kFiles;
      else if (w[0] == "memory") out.channel = EnvironmentFile::Channel::kMemory;
      else if (w[0] == "sockets") out.channel = EnvironmentFile::Channel::kSockets;
      else out.channel = EnvironmentFile::Channel::kPipes;
    } else if (key == "executable") {
      out.executable = trim(value);
      out.executable_line = number;
    } else if (key == "turtle position") out.position = value;
    else if (key == "turtle heading") out.heading = value;
    else if (key == "turtle left") out.left = value;
    else if (key == "turtle up") out.up = value;
    else if (key == "turtle line width") out.line_width = value;
    else if (key == "turtle scale factor") out.scale_factor = value;
    else if (key == "following module" && !w.empty()) out.following_module = w[0] != "no";
    else if (key == "interpreted modules" || key == "when interpret") out.interpreted_modules = true;
  }
  if (environment_words(out.executable).empty()) {
    error = "the environment file names no executable";
    return false;
  }
  return true;
}

bool find_environment_program(const EnvironmentFile& file, const Trust& trust, std::string& program,
                              std::string& error) {
  program.clear();
  const std::vector<std::string> args = environment_words(file.executable);
  if (args.empty()) {
    error = "the environment file names no executable";
    return false;
  }
  std::error_code ec;
  const fs::path folder = fs::absolute(fs::path(file.path), ec).parent_path();
  const std::string& name = args[0];
  auto in_user_dir = [&](const fs::path& p) {
    for (const std::string& d : trust.program_dirs)
      if (inside_folder(p.string(), d)) return true;
    return false;
  };
  if (name.find('/') != std::string::npos) {  // a path: in the model's folder or a --program-dir
    const fs::path p = fs::path(name).is_absolute() ? fs::path(name) : folder / name;
    if (!inside_folder(p.string(), folder.string()) && !in_user_dir(p)) {
      error = "program '" + name + "' is outside the model's folder " + folder.string() +
              " and every --program-dir: not run";
      return false;
    }
    if (!runnable(p)) {
      error = "program '" + name + "' not found (or not executable) at " + p.string();
      return false;
    }
    program = fs::absolute(p, ec).lexically_normal().string();
    return true;
  }
  for (const std::string& d : trust.program_dirs)  // the folders the user gave, first
    if (runnable(fs::path(d) / name)) {
      program = fs::absolute(fs::path(d) / name, ec).lexically_normal().string();
      return true;
    }
  if (runnable(folder / name)) {
    if (!inside_folder((folder / name).string(), folder.string())) {
      error = "program '" + name + "' in the model's folder leads outside it (a symbolic link): not run";
      return false;
    }
    program = (folder / name).lexically_normal().string();
    return true;
  }
  if (trust.allow_path_programs) {
    if (const char* path = std::getenv("PATH")) {
      std::istringstream dirs(path);
      for (std::string d; std::getline(dirs, d, ':');)
        if (runnable(fs::path(d.empty() ? "." : d) / name)) {
          program = fs::absolute(fs::path(d.empty() ? "." : d) / name, ec).lexically_normal().string();
          return true;
        }
    }
    error = "program '" + name + "' not found (in the model's folder " + folder.string() + ", --program-dir or on PATH)";
    return false;
  }
  error = "program '" + name + "' is not in the model's folder " + folder.string() +
          (trust.program_dirs.empty() ? "" : " or a --program-dir") +
          ": lsd looks a model's program up on PATH only with --allow-path-programs (or give its folder with "
          "--program-dir DIR)" +
          (trust.allow_programs ? "" : ", and runs it only with --allow-programs");
  return false;
}

}  // namespace lsd::interp

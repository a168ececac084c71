#include "draw_module.hpp"

#ifdef LSD_HAVE_VIEWER
#include <dlfcn.h>
#include <unistd.h>

#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

namespace lsd::cli {
namespace {

constexpr const char* kModuleFile = "liblsd_draw.so";

// The folders the module may be in: the executable's own (build/), then the
// install location relative to it (LSD_DRAW_MODULE_DIR, e.g. ../lib/lsd).
std::vector<std::string> module_paths() {
  namespace fs = std::filesystem;
  char buf[4096];
  const ssize_t n = ::readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n <= 0) return {kModuleFile};
  const fs::path dir = fs::path(std::string(buf, std::size_t(n))).parent_path();
  return {(dir / kModuleFile).string(), (dir / LSD_DRAW_MODULE_DIR / kModuleFile).lexically_normal().string()};
}

const view::DrawModule* load(std::string* why) {
  for (const std::string& path : module_paths()) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) {
      *why += "\n  " + path + ": no such file";
      continue;
    }
    // RTLD_LOCAL: the module's own symbols stay its own; it resolves the
    // core's from the executable, which exports them.
    void* handle = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
      *why += "\n  " + path + ": " + ::dlerror();
      continue;
    }
    using Entry = const view::DrawModule* (*)();
    const auto entry = reinterpret_cast<Entry>(::dlsym(handle, kLsdDrawModuleEntry));
    const view::DrawModule* table = entry ? entry() : nullptr;
    if (!table) {
      *why += "\n  " + path + ": not lsd's drawing module (no " + kLsdDrawModuleEntry + ")";
    } else if (!(table->stamp == view::kDrawModuleStamp)) {
      *why += "\n  " + path + ": built from other sources than this lsd (reinstall both)";
    } else {
      return table;  // never unloaded: the viewer's objects live until exit
    }
    ::dlclose(handle);
  }
  return nullptr;
}

}  // namespace

const view::DrawModule* draw_module() {
  static std::string why;
  static const view::DrawModule* table = load(&why);
  if (!table)
    std::cerr << "lsd: error: this lsd was installed without its drawing module (" << kModuleFile << "):" << why
              << "\n";
  return table;
}

}  // namespace lsd::cli
#endif

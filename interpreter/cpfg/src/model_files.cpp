// A cpfg model's files (view.hpp): finding them in a vlab object folder as
// vlab does, keeping them inside it (docs/language.md 9.7), and the colour
// files, colour maps and materials.
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <sstream>

#include "common/limits.hpp"
#include "common/text.hpp"
#include "interpreter/cpfg/src/model_paths.hpp"
#include "interpreter/cpfg/trust.hpp"
#include "interpreter/cpfg/view.hpp"

namespace lsd::interp {

namespace fs = std::filesystem;

std::string folder_of(const std::string& path) {
  const fs::path p(path);
  return p.has_parent_path() ? p.parent_path().string() : std::string(".");
}

std::string in_folder(const std::string& folder, const std::string& name) {
  if (name.empty() || name[0] == '/') return name;
  const fs::path exact = fs::path(folder) / name;
  std::error_code ec;
  if (fs::exists(exact, ec) || name.find('/') != std::string::npos) return exact.string();
  const std::string want = text::lower(name);
  for (const auto& e : fs::directory_iterator(folder, ec))
    if (text::lower(e.path().filename().string()) == want) return e.path().string();
  return exact.string();
}

namespace {

// The cpfg command line of a folder's specifications file that names
// `lfile`, or its first one when lfile is empty.
bool specification_line(const std::string& folder, const std::string& lfile, std::vector<std::string>& words,
                        int& number) {
  std::string text, err;
  if (!read_model_file((fs::path(folder) / "specifications").string(), limits::kModelFileBytes,
                       limits::kModelFileBytesText, text, err))
    return false;
  std::istringstream in(text);
  std::string line;
  number = 0;
  while (std::getline(in, line)) {
    ++number;
    std::istringstream ls(line);
    std::vector<std::string> w;
    std::string x;
    while (ls >> x) w.push_back(x);
    if (w.empty() || w[0] != "cpfg") continue;
    if (lfile.empty() || std::find(w.begin(), w.end(), lfile) != w.end()) {
      words = std::move(w);
      return true;
    }
  }
  return false;
}

// The folder's only file with this extension, or the one named stem + ext.
std::string companion(const std::string& folder, const std::string& stem, const std::string& ext) {
  const fs::path named = fs::path(folder) / (stem + ext);
  if (fs::exists(named)) return named.string();
  std::string only;
  int count = 0;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(folder, ec))
    if (e.is_regular_file() && e.path().extension() == ext) {
      only = e.path().string();
      ++count;
    }
  return count == 1 ? only : std::string();
}

}  // namespace

bool find_cpfg_model(const std::string& path, CpfgModelFiles& out, std::string& error, bool allow_outside) {
  out = CpfgModelFiles{};
  std::error_code ec;
  const bool dir = fs::is_directory(path, ec);
  const std::string folder = dir ? path : folder_of(path);
  out.folder = folder;
  const ModelFolder model{folder, allow_outside};
  std::string lfile = dir ? "" : fs::path(path).filename().string();
  std::vector<std::string> words;
  int spec_line = 0;
  const std::string spec = (fs::path(folder) / "specifications").string();
  // A name of the specifications line that leaves the folder: a warning, and the name is dropped.
  auto keep = [&](std::string& name) {
    if (name.empty() || model.allows(name)) return;
    out.warnings.push_back({spec, {spec_line, 1}, model.refusal(name), true});
    name.clear();
  };
  if (specification_line(folder, lfile, words, spec_line)) {
    // cpfg [options] file.l file.v [file.a]: -m/-mN colour maps, -M materials, -e environment
    for (std::size_t k = 1; k < words.size(); ++k) {
      const std::string& w = words[k];
      auto next = [&]() { return k + 1 < words.size() ? words[++k] : std::string(); };
      if (w == "-M") out.materials.push_back(in_folder(folder, next()));
      else if (w.rfind("-m", 0) == 0 && (w.size() == 2 || std::isdigit(static_cast<unsigned char>(w[2]))))
        out.colourmaps.push_back(in_folder(folder, next()));
      else if (w == "-e") out.environment = in_folder(folder, next());
      else if (w == "-w" || w == "-wp" || w == "-wr" || w == "-wpr") k += 2;
      else if (w == "-wt" || w == "-rgb" || w == "-ps" || w == "-ray" || w == "-str" || w == "-strb" ||
               w == "-gls" || w == "-vv" || w == "-P" || w == "-C" || w == "-rmode")
        next();
      else if (w[0] == '-') continue;
      else if (w.size() > 2 && w.compare(w.size() - 2, 2, ".l") == 0 && out.lsystem.empty())
        out.lsystem = in_folder(folder, w);
      else if (w.size() > 2 && w.compare(w.size() - 2, 2, ".v") == 0 && out.view.empty())
        out.view = in_folder(folder, w);
      else if (w.size() > 2 && w.compare(w.size() - 2, 2, ".a") == 0)
        out.animation = in_folder(folder, w);
    }
  }
  for (auto* list : {&out.materials, &out.colourmaps}) {
    for (auto& f : *list) keep(f);
    list->erase(std::remove(list->begin(), list->end(), std::string()), list->end());
  }
  keep(out.environment);
  keep(out.lsystem);
  keep(out.view);
  keep(out.animation);
  if (out.lsystem.empty()) {
    if (!dir) {
      out.lsystem = path;
    } else {
      out.lsystem = companion(folder, "", ".l");
      if (out.lsystem.empty()) {
        error = "'" + path + "' holds no cpfg model: no specifications line 'cpfg ... file.l file.v', and not "
                "exactly one .l file";
        return false;
      }
    }
  }
  if (!dir && fs::path(out.lsystem).filename() != fs::path(path).filename()) out.lsystem = path;
  const std::string stem = fs::path(out.lsystem).stem().string();
  if (out.view.empty()) out.view = companion(folder, stem, ".v");
  if (out.colourmaps.empty() && out.materials.empty()) {
    const std::string map = companion(folder, stem, ".map"), mat = companion(folder, stem, ".mat");
    if (!map.empty()) out.colourmaps.push_back(map);
    else if (!mat.empty()) out.materials.push_back(mat);
  }
  // the folder's own files, when one is a symbolic link that leaves it
  auto keep_found = [&](std::string& name) {
    if (name.empty() || model.allows(name)) return;
    out.warnings.push_back({name, {}, model.refusal(name), true});
    name.clear();
  };
  if (dir) keep_found(out.lsystem);
  keep_found(out.view);
  for (auto* list : {&out.materials, &out.colourmaps}) {
    for (auto& f : *list) keep_found(f);
    list->erase(std::remove(list->begin(), list->end(), std::string()), list->end());
  }
  if (out.lsystem.empty()) {
    error = "'" + path + "' holds no cpfg model whose files are inside its folder";
    return false;
  }
  return true;
}

namespace {

// The bytes of a colour file of at least min_bytes, with the palette grown
// to hold 256 colours from `first` on (`fill` where the file says nothing).
bool read_palette_file(const std::string& path, std::size_t min_bytes, const std::string& not_one, int first,
                       std::array<float, 3> fill, std::vector<std::array<float, 3>>& palette, std::string& bytes,
                       std::string& error) {
  if (!read_model_file(path, limits::kModelFileBytes, limits::kModelFileBytesText, bytes, error)) return false;
  if (bytes.size() < min_bytes) {
    error = "'" + path + "' " + not_one;
    return false;
  }
  if (palette.size() < std::size_t(first + 256)) palette.resize(std::size_t(first + 256), fill);
  return true;
}

float byte_value(const std::string& bytes, std::size_t i) { return float(static_cast<unsigned char>(bytes[i])) / 255.f; }

}  // namespace

bool read_colour_map(const std::string& path, int first, std::vector<std::array<float, 3>>& palette,
                     std::string& error) {
  std::string bytes;
  if (!read_palette_file(path, 768, "is not a colour map (256 RGB colours, 768 bytes)", first, {0.5f, 0.5f, 0.5f},
                         palette, bytes, error))
    return false;
  for (int i = 0; i < 256; ++i)
    for (int c = 0; c < 3; ++c) palette[std::size_t(first + i)][std::size_t(c)] = byte_value(bytes, std::size_t(3 * i + c));
  return true;
}

bool read_materials(const std::string& path, int first, std::vector<std::array<float, 3>>& palette,
                    std::string& error) {
  std::string bytes;
  if (!read_palette_file(path, 15, "holds no material (records of 15 bytes)", first, {1.f, 1.f, 1.f}, palette, bytes,
                         error))
    return false;
  // index, transparency, ambient rgb, diffuse rgb, emissive rgb, specular rgb, shininess (cpfg's irisGL.c)
  for (std::size_t k = 0; k + 15 <= bytes.size(); k += 15) {
    const int index = static_cast<unsigned char>(bytes[k]);
    for (std::size_t c = 0; c < 3; ++c)
      palette[std::size_t(first + index)][c] = std::min(1.f, byte_value(bytes, k + 5 + c) + byte_value(bytes, k + 8 + c));
  }
  return true;
}

}  // namespace lsd::interp

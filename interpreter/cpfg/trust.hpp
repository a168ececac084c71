// A model folder is data, not a program (docs/language.md 9.7): what a cpfg
// model may make lsd read and run. lsd starts a model's environment program
// only when the user allows it for the run, and then only from the model's
// folder or a folder the user gave; the files a model names are read from
// inside its folder. The command line's --allow-programs, --program-dir,
// --allow-path-programs and --allow-outside-files (and the viewer's
// confirmation) widen that.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

namespace lsd::interp {

// What the user allows for this run.
struct Trust {
  bool allow_programs = false;             // --allow-programs: start the model's environment program
  bool allow_path_programs = false;        // --allow-path-programs: also look a program's name up on PATH
  std::vector<std::string> program_dirs;   // --program-dir DIR: folders a program may also come from
  bool allow_outside_files = false;        // --allow-outside-files: read files the model names outside its folder
  std::string allowed_program;             // the viewer's confirmation: this program (as found) may start
  bool allows_program(const std::string& program) const {
    return allow_programs || (!program.empty() && program == allowed_program);
  }
};

// The folder a model's files must stay in, and whether the user lets them leave it.
struct ModelFolder {
  std::string root;            // the model's folder (a reader given "" takes its own file's folder)
  bool allow_outside = false;  // --allow-outside-files

  // True when `path` (a file the model names, found already) may be read:
  // it lies inside root once `..` and symbolic links are followed, or the
  // user allows files outside.
  bool allows(const std::string& path) const;
  // The warning for a file that may not be read: it names the path, the
  // folder and the flag that reads it.
  std::string refusal(const std::string& path) const;
};

// True when `path` lies inside the folder `root` (both made absolute, `..`
// and symbolic links followed as far as they exist).
bool inside_folder(const std::string& path, const std::string& root);

// Reads a file of a model (view, surface, contour, function, colour,
// material, environment, image or included file): a regular file (not a
// pipe or a device, which could block forever) of at most max_bytes
// (max_text says it in words). False with a message naming the file.
bool read_model_file(const std::string& path, std::size_t max_bytes, const char* max_text, std::string& content,
                     std::string& error);

// How lsd tells the user to allow programs (the one warning of a model
// whose program is not started).
extern const char* const kAllowProgramsHint;

}  // namespace lsd::interp

// The commands of a cpfg view file (docs/language.md 9.2, 9.5) as one key
// table (view_commands.cpp): a row per command, with the handler that reads
// its line. read_view_text (view.cpp) splits a file into lines and calls the
// row of each; an unknown command gets "did you mean" from the same table.
// view_test checks that every command of the table is known to it.
#pragma once
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "interpreter/cpfg/view.hpp"

namespace lsd::interp::detail {

// One `command: value` line.
struct ViewLine {
  int number = 0;            // its line in the file
  std::string key;           // the command, lower case, its blanks folded
  std::string value;         // after the colon, trimmed
  std::vector<double> nums;  // the value's numbers, up to the first word that is not one
};

// What the handlers read into, and what a view file keeps from line to line.
struct ViewReader {
  ViewReader(const std::string& file, const ModelFolder& folder_rules, CpfgView& v, FunctionSet& f,
             std::vector<grammar::Diagnostic>& d);
  const std::string& path;
  std::string folder;        // the view file's folder
  ModelFolder model;         // the folder the files it names must stay in
  CpfgView& view;
  FunctionSet& functions;
  std::vector<grammar::Diagnostic>& diags;
  std::shared_ptr<std::vector<Texture>> textures = std::make_shared<std::vector<Texture>>();
  std::set<std::string> framing;  // commands of the camera and lights, which lsd chooses itself
  int framing_line = 0;
  int names = 0;             // files named so far
  TableBudget tables;        // the samples of function tables left for the files still to come (section 9.7)

  void warn(int line, const std::string& message) { diags.push_back({path, {line, 1}, message, true}); }
  // The line has at least n numbers; else a warning.
  bool need(const ViewLine& l, std::size_t n);
  // A warning about a file the line names: the line is ignored.
  void file_warning(const ViewLine& l, const std::string& error) {
    warn(l.number, error + ": '" + l.key + ":' is ignored");
  }
  // A file the line names: found in the folder, inside the model's folder,
  // and not beyond the number of files a view file may name. "" after a warning.
  std::string named(const ViewLine& l, const std::string& file);
};

// Reads one line with its command's row; false when no row has the command.
bool read_view_command(ViewReader& r, const ViewLine& l);

// The commands of the table, for "did you mean" after an unknown one.
const std::vector<std::string>& view_command_names();

}  // namespace lsd::interp::detail

// The names of a cpfg model's files (model_files.cpp), shared by the readers
// of its view file (view.cpp).
#pragma once
#include <string>

namespace lsd::interp {

// The folder of a path ("." for a bare name).
std::string folder_of(const std::string& path);
// A file named in a view file or a specifications line: relative to the
// folder (an absolute name as it is). A name that differs from the file's
// only in case finds it, as on the case-insensitive disks vlab models were
// written on (SEPAL.con for sepal.con). Whether it may be read is the
// caller's question (ModelFolder::allows).
std::string in_folder(const std::string& folder, const std::string& name);

}  // namespace lsd::interp

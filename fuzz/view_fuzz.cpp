// libFuzzer target: arbitrary bytes as a cpfg view file (interpreter/cpfg/
// view.hpp) in a model folder that holds one file of each kind it may name
// (a contour, a function, a function set, a surface, an SGI texture), with
// a secret file beside the folder; and the same bytes as a .l file whose
// #include directives lsd checks before the C preprocessor sees them
// (preprocess.hpp's prepare_for_cpp; cpp itself is not run here). Must never
// crash or hang, and never point cpp at a file outside the folder.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "interpreter/cpfg/preprocess.hpp"
#include "interpreter/cpfg/view.hpp"

namespace {

namespace fs = std::filesystem;
using namespace lsd;

struct Folder {
  std::string outer, model, work;
  Folder() {
    const char* tmp = std::getenv("TMPDIR");
    std::string t = std::string(tmp && *tmp ? tmp : "/tmp") + "/lsd_view_fuzz_XXXXXX";
    if (!::mkdtemp(t.data())) __builtin_trap();
    outer = t;
    model = outer + "/model";
    work = outer + "/work";
    fs::create_directories(model + "/sub");
    fs::create_directories(work);
    auto write = [](const std::string& p, const std::string& s) { std::ofstream(p, std::ios::binary) << s; };
    write(outer + "/secret.h", "#define SECRET 1\n");
    write(model + "/c.con", "cver 1 3\nname: c\npoints: 4\ntype: closed\n1 0 0 1\n0 1 0 1\n-1 0 0 1\n0 -1 0 1\n");
    write(model + "/f.func", "fver 1 1\nname: f\nsamples: 5\npoints: 4\n0 0\n0.3 1\n0.6 1\n1 0\n");
    write(model + "/g.fset", "funcgalleryver 1 1\nitems: 1\nfver 1 1\nname: g\npoints: 4\n0 0\n0.3 1\n0.6 1\n1 0\n");
    write(model + "/p.s", "CONTACT POINT X: 0 Y: 0 Z: 0\nEND POINT X: 0 Y: 1 Z: 0\nHEADING X: 0 Y: 1 Z: 0\n"
                          "UP X: 0 Y: 0 Z: 1\nSIZE: 1\np\nTOP COLOR: 1\nAL: ~\nBL: ~\n" +
                              std::string(16, ' ') + "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n"
                              "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n");
    std::string sgi(512 + 4, '\0');
    sgi[0] = char(0x01), sgi[1] = char(0xda), sgi[3] = 1, sgi[5] = 2, sgi[7] = 2, sgi[9] = 2;
    write(model + "/t.rgb", sgi);
    write(model + "/sub/a.h", "#include \"../c.con\"\nA\n");
  }
  ~Folder() {
    std::error_code ec;
    fs::remove_all(outer, ec);
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const Folder folder;
  std::string text(reinterpret_cast<const char*>(data), size);
  // the #include directives, checked and pointed at copies
  {
    interp::PreprocessOptions opts;
    opts.root = folder.model;
    std::string out;
    std::vector<std::pair<std::string, std::string>> copies;
    std::vector<grammar::Diagnostic> diags;
    interp::prepare_for_cpp(text, folder.model + "/plant.l", opts, folder.work, out, copies, diags);
    for (const auto& [copy, real] : copies) {
      if (real.find("secret") != std::string::npos) __builtin_trap();  // a file outside the folder was copied
      fs::remove(copy);
    }
  }
  // the view file's commands (no '#' line: cpp is not run)
  for (char& c : text)
    if (c == '#') c = ' ';
  interp::CpfgView view;
  interp::FunctionSet functions;
  std::vector<grammar::Diagnostic> diags;
  interp::read_view_text(text, folder.model + "/plant.v", view, functions, diags, {folder.model, false});
  return 0;
}

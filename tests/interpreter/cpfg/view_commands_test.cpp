// Tests of interpreter/cpfg/src/view_commands.hpp: every name offered as
// "did you mean" is a command read_view_file knows.
#include "interpreter/cpfg/src/view_commands.hpp"

#include <catch2/catch.hpp>

#include "interpreter/cpfg/view.hpp"
#include "support/lsd_test.hpp"

TEST_CASE("every suggested view command is one read_view_file knows") {
  lsd::test::TempDir dir;
  for (const std::string& name : lsd::interp::detail::view_command_names()) {
    lsd::interp::CpfgView view;
    lsd::interp::FunctionSet fs;
    std::vector<lsd::grammar::Diagnostic> diags;
    lsd::interp::read_view_file(dir.write("v.v", name + ": 1\n"), view, fs, diags);
    for (const auto& d : diags) {
      INFO(name << ": " << d.message);
      CHECK(d.message.find("unknown view command") == std::string::npos);
    }
  }
}

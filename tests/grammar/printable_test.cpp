// Tests of grammar::printable and the caret of print_diagnostic
// (grammar/src/diagnostic.cpp): bytes a terminal would misread are written
// \xNN, valid UTF-8 is kept, and the caret stays under its column.
#include <catch2/catch.hpp>

#include <sstream>

#include "grammar/diagnostic.hpp"

using lsd::grammar::printable;

TEST_CASE("printable escapes control bytes, DEL and invalid UTF-8, and keeps tabs and UTF-8") {
  CHECK(printable("plain text") == "plain text");
  CHECK(printable(std::string("a\0b", 3)) == "a\\x00b");
  CHECK(printable("\x1b[31mred\x7f") == "\\x1b[31mred\\x7f");
  CHECK(printable("tab\there") == "tab\there");
  CHECK(printable("caf\xc3\xa9") == "caf\xc3\xa9");        // é
  CHECK(printable("\xe2\x82\xac") == "\xe2\x82\xac");      // €
  CHECK(printable("\xc3") == "\\xc3");                     // a cut sequence
  CHECK(printable("\xff\xfe") == "\\xff\\xfe");
  CHECK(printable("\xc3(") == "\\xc3(");                   // a lead byte without its continuation
  std::vector<int> w;
  printable("\x01\xc3\xa9x", &w);
  CHECK(w == std::vector<int>{4, 1, 0, 1});
}

TEST_CASE("the caret stands under its column after escaped bytes and UTF-8 characters") {
  lsd::grammar::Source src{"f.ls", "\x01\xc3\xa9 x\n"};
  std::ostringstream out;
  lsd::grammar::print_diagnostic(out, {"f.ls", {1, 5}, "here\x02", false}, &src);  // column 5: the x
  CHECK(out.str() ==
        "f.ls:1:5: error: here\\x02\n"
        "  \\x01\xc3\xa9 x\n"
        "        ^\n");  // 2 + 4 (\\x01) + 1 (é) + 1 (blank)
}

// docs/language.md: every fenced ```ls example is a complete file that
// `lsd check` accepts. A failure names the line of the doc where the block
// starts.
#include <catch2/catch.hpp>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "support/lsd_test.hpp"

namespace {

struct Block {
  int line = 0;  // line of the doc where the block's text starts (after the fence)
  std::string text;
};

// The fence's info string is "ls" (its first word), as in ```ls.
bool is_ls_fence(const std::string& l) {
  std::size_t k = 0;
  while (k < l.size() && l[k] == ' ') ++k;
  if (l.compare(k, 3, "```") != 0) return false;
  std::string info = l.substr(k + 3);
  const std::size_t e = info.find_first_of(" \t");
  if (e != std::string::npos) info.resize(e);
  return info == "ls";
}

bool is_fence(const std::string& l) {
  std::size_t k = 0;
  while (k < l.size() && l[k] == ' ') ++k;
  return l.compare(k, 3, "```") == 0;
}

std::vector<Block> ls_blocks(const std::string& path) {
  std::ifstream in(path);
  std::vector<Block> out;
  std::string l;
  int n = 0;
  Block* open = nullptr;
  while (std::getline(in, l)) {
    ++n;
    if (open) {
      if (is_fence(l)) {
        open = nullptr;
      } else {
        open->text += l + "\n";
      }
    } else if (is_ls_fence(l)) {
      out.push_back({n + 1, ""});
      open = &out.back();
    } else if (is_fence(l)) {  // another kind of block: skip to its end
      while (std::getline(in, l)) {
        ++n;
        if (is_fence(l)) break;
      }
    }
  }
  if (open) out.push_back({-1, "unterminated ```ls block"});  // fails below
  return out;
}

// Writes the block to a unique temporary .ls file and runs `lsd check` on it.
lsd::test::Run check_block(const Block& b) {
  char path[] = "/tmp/lsd_language_doc_XXXXXX.ls";
  const int fd = ::mkstemps(path, 3);
  if (fd < 0) return {};
  {
    std::FILE* f = ::fdopen(fd, "w");
    std::fwrite(b.text.data(), 1, b.text.size(), f);
    std::fclose(f);
  }
  lsd::test::Run r = lsd::test::run(lsd::test::lsd_exe() + " check " + path);
  std::remove(path);
  return r;
}

std::string doc_path() { return std::string(LSD_SOURCE_DIR) + "/docs/language.md"; }

}  // namespace

TEST_CASE("every ```ls example of docs/language.md passes lsd check", "[language-doc]") {
  const std::vector<Block> blocks = ls_blocks(doc_path());
  INFO("docs/language.md has " << blocks.size() << " ```ls blocks");
  REQUIRE(blocks.size() >= 30);  // a broken extractor must not pass
  int checked = 0;
  for (const Block& b : blocks) {
    INFO("the ```ls block at docs/language.md:" << b.line << ":\n" << b.text);
    const lsd::test::Run r = check_block(b);
    INFO("lsd check said:\n" << r.out);
    CHECK(r.status == 0);
    ++checked;
  }
  CHECK(checked >= 30);
}

TEST_CASE("the README links the language reference of the project", "[language-doc]") {
  std::ifstream in(std::string(LSD_SOURCE_DIR) + "/README.md");
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string readme = ss.str();
  CHECK(readme.find("(docs/language.md)") != std::string::npos);
  CHECK(readme.find("../shared/LANGUAGE.md") == std::string::npos);
}

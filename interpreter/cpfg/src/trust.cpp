#include "interpreter/cpfg/trust.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

namespace lsd::interp {

namespace fs = std::filesystem;

const char* const kAllowProgramsHint =
    "lsd runs a model's program only when you allow it: --allow-programs (with --program-dir DIR "
    "for a program kept elsewhere), or the viewer's confirmation";

bool inside_folder(const std::string& path, const std::string& root) {
  std::error_code ec;
  const fs::path r = fs::weakly_canonical(fs::absolute(root.empty() ? fs::path(".") : fs::path(root), ec), ec);
  if (ec) return false;
  const fs::path p = fs::weakly_canonical(fs::absolute(fs::path(path), ec), ec);
  if (ec) return false;
  // component by component: /a/bc is not inside /a/b
  auto pi = p.begin();
  for (auto ri = r.begin(); ri != r.end(); ++ri, ++pi) {
    if (ri->empty()) continue;  // a trailing separator
    if (pi == p.end() || *pi != *ri) return false;
  }
  return true;
}

bool ModelFolder::allows(const std::string& path) const {
  return allow_outside || inside_folder(path, root);
}

std::string ModelFolder::refusal(const std::string& path) const {
  std::error_code ec;
  const std::string folder = fs::weakly_canonical(fs::absolute(fs::path(root), ec), ec).string();
  return "'" + path + "' is outside the model's folder " + folder +
         ": not read (--allow-outside-files reads files outside it)";
}

bool read_model_file(const std::string& path, std::size_t max_bytes, const char* max_text, std::string& content,
                     std::string& error) {
  content.clear();
  // O_NONBLOCK: opening a pipe does not wait for a writer; fstat then refuses it
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    error = "cannot open '" + path + "': " + std::strerror(errno);
    return false;
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    error = "'" + path + "' is not a regular file";
    return false;
  }
  if (std::size_t(st.st_size) > max_bytes) {
    ::close(fd);
    error = "'" + path + "' is larger than " + max_text;
    return false;
  }
  char buf[1 << 16];
  for (;;) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n == 0) break;
    if (n < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      ::close(fd);
      error = "cannot read '" + path + "': " + std::strerror(errno);
      content.clear();
      return false;
    }
    if (content.size() + std::size_t(n) > max_bytes) {  // (it grew since fstat)
      ::close(fd);
      error = "'" + path + "' is larger than " + max_text;
      content.clear();
      return false;
    }
    content.append(buf, std::size_t(n));
  }
  ::close(fd);
  return true;
}

}  // namespace lsd::interp

#include "interpreter/lsystem/files.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

namespace lsd::interp {

namespace {

constexpr std::size_t kBuffer = std::size_t(1) << 16;  // bytes gathered before a write(2)

// What `path` names now: nothing yet, a regular file, a directory, or
// something else (a device such as /dev/null, a pipe, a socket), following
// symbolic links. `real` is where a regular file really is, so that its
// replacement goes beside it and a link to it stays a link.
enum class Target { kNew, kRegular, kDirectory, kOther };
Target output_target(const std::string& path, std::string& real) {
  real = path;
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return Target::kNew;
  if (S_ISDIR(st.st_mode)) return Target::kDirectory;
  if (!S_ISREG(st.st_mode)) return Target::kOther;
  std::error_code ec;
  const std::filesystem::path canonical = std::filesystem::canonical(path, ec);
  if (!ec) real = canonical.string();
  return Target::kRegular;
}

// What failed and why: "cannot write 'x': No such file or directory".
std::string failure(const char* what, const std::string& path, int err, const char* after = "") {
  return std::string(what) + " '" + path + "'" + after + (err ? std::string(": ") + std::strerror(err) : std::string());
}

}  // namespace

bool write_all(int fd, const char* p, std::size_t n) {
  while (n > 0) {
    const ssize_t k = ::write(fd, p, n);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) return false;
    p += k;
    n -= std::size_t(k);
  }
  return true;
}

bool StagedFile::open(const std::string& path, std::string* error, Durability durability) {
  discard();
  path_ = path;
  sync_ = durability == Durability::kSynced;
  error_ = 0;
  const Target target = output_target(path, real_);
  if (target == Target::kDirectory) {
    if (error) *error = failure("cannot write", path, EISDIR);
    return false;
  }
  direct_ = target == Target::kOther;
  tmp_ = direct_ ? path : real_ + ".tmp." + std::to_string(::getpid());
  fd_ = ::open(tmp_.c_str(), direct_ ? O_WRONLY | O_CLOEXEC : O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd_ < 0) {
    if (error) *error = failure("cannot write", path, errno);
    return false;
  }
  return true;
}

bool StagedFile::flush() {
  if (error_ == 0 && !buffer_.empty() && !write_all(fd_, buffer_.data(), buffer_.size())) error_ = errno ? errno : EIO;
  buffer_.clear();
  return error_ == 0;
}

bool StagedFile::write(std::string_view text) {
  if (fd_ < 0 || error_) return false;
  if (buffer_.size() + text.size() > kBuffer && !flush()) return false;
  if (text.size() >= kBuffer) {
    if (!write_all(fd_, text.data(), text.size())) error_ = errno ? errno : EIO;
    return error_ == 0;
  }
  buffer_.append(text);
  return true;
}

bool StagedFile::commit(std::string* error) {
  if (fd_ < 0) {
    if (error) *error = failure("cannot write", path_, EBADF);
    return false;
  }
  bool ok = flush();
  int err = error_;
  if (ok && !direct_ && sync_ && ::fsync(fd_) != 0) ok = false, err = errno;  // the data is on disk before the rename
  if (::close(fd_) != 0 && ok) ok = false, err = errno;
  fd_ = -1;
  if (!ok) {
    if (!direct_) std::remove(tmp_.c_str());
    if (error) *error = failure("writing", path_, err, " failed");
    return false;
  }
  if (!direct_ && std::rename(tmp_.c_str(), real_.c_str()) != 0) {
    err = errno;
    std::remove(tmp_.c_str());
    if (error) *error = failure("cannot replace", path_, err);
    return false;
  }
  return true;
}

void StagedFile::discard() {
  if (fd_ < 0) return;
  ::close(fd_);
  fd_ = -1;
  buffer_.clear();
  if (!direct_) std::remove(tmp_.c_str());
}

bool write_file_atomic(const std::string& path, std::string_view content, std::string* error,
                       Durability durability) {
  StagedFile f;
  if (!f.open(path, error, durability)) return false;
  f.write(content);
  return f.commit(error);
}

bool read_file(const std::string& path, std::string& content, std::string* error, std::size_t max_bytes) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) {
    if (error) *error = "cannot open '" + path + "'";
    return false;
  }
  content.clear();
  char buf[1 << 16];
  std::size_t k;
  bool ok = true;
  while ((k = std::fread(buf, 1, sizeof buf, f)) > 0) {
    if (content.size() + k > max_bytes) {
      if (error) *error = "'" + path + "' is larger than the limit of " + std::to_string(max_bytes) + " bytes";
      ok = false;
      break;
    }
    content.append(buf, k);
  }
  if (ok && std::ferror(f)) {
    if (error) *error = "cannot read '" + path + "'";
    ok = false;
  }
  std::fclose(f);
  if (!ok) content.clear();
  return ok;
}

}  // namespace lsd::interp

// Files written whole or not at all, and files read within a size limit: the
// one way lsd writes an output (string files, traces, pictures, videos,
// exports) and reads an input whole.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>

#include "common/limits.hpp"

namespace lsd::interp {

// What a StagedFile's commit() promises beyond "whole or not at all"
// (docs/language.md 8.5). Either way an interrupted or failed lsd leaves the
// old file (or none), never a truncated one; only a crash of the whole system
// (or a power cut) in the seconds after the commit tells them apart.
enum class Durability {
  kSynced,    // fsync before the rename: the new file survives a system crash once commit() returns
  kReplaced,  // no fsync (ms to 0.1 s less per file): after a system crash the file may be missing or empty
};

// A file written in pieces and put in place whole. open() starts a temporary
// file beside PATH (beside the file a symbolic link names, so the link stays
// a link); write() appends; commit() puts it on disk (fsync, unless opened
// with Durability::kReplaced) and renames it over PATH, so an interrupted write never leaves a truncated file. A device
// or a pipe (/dev/stdout) cannot be replaced: it is written directly. PATH
// naming a directory is an error. A StagedFile destroyed (or discarded)
// before its commit removes its temporary file and leaves PATH as it was.
// Every failure comes with a message that says why (the system's reason).
class StagedFile {
 public:
  StagedFile() = default;
  StagedFile(const StagedFile&) = delete;
  StagedFile& operator=(const StagedFile&) = delete;
  ~StagedFile() { discard(); }

  bool open(const std::string& path, std::string* error, Durability durability = Durability::kSynced);
  bool is_open() const { return fd_ >= 0; }
  // Appends (buffered); false once a write has failed (commit says why).
  bool write(std::string_view text);
  // The file being written, for a writer that opens it by name itself (FFmpeg):
  // the temporary file, or PATH itself for a device.
  const std::string& staging_path() const { return tmp_; }
  // Writes what is buffered now, so the staged file can be watched as it grows.
  bool flush();
  bool commit(std::string* error);
  void discard();

 private:
  std::string path_, real_, tmp_, buffer_;
  int fd_ = -1;
  int error_ = 0;  // errno of the first failed write
  bool direct_ = false;
  bool sync_ = true;
};

// write(2) of all n bytes, retried after EINTR; false after an error (errno says which).
bool write_all(int fd, const char* p, std::size_t n);

// A whole file written as a StagedFile. On failure returns false with a message.
bool write_file_atomic(const std::string& path, std::string_view content, std::string* error,
                       Durability durability = Durability::kSynced);

// Reads a whole file; a file larger than max_bytes (by default a string
// file's limit, common/limits.hpp) is an error.
bool read_file(const std::string& path, std::string& content, std::string* error,
               std::size_t max_bytes = limits::kStringFileBytes);

}  // namespace lsd::interp

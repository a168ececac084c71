// The master side of vlab's communication library (see environment.hpp).
// What goes over the channel, learnt from vlab's libs/comm (GPL, no code
// copied): for every ?E a text item
//   <place> E(p1,...,pn)X(q1,...)\n      the ?E and the module after it
//   <turtle lines>                       one per format of the .e file
// then "Control: <flags> <step>\n" (flags 1 first chunk, 4 last chunk, 8 exit).
// The program answers "<place> E(v1,,v3)\n" lines (an empty value leaves
// that parameter alone) and its own "Control: <flags>\n". Pipes: the
// program's stdin and stdout, confirmed with a byte 1. Files and shared
// memory: a pair of System V semaphores (key given with -k): the master
// raises 0 when its data are written, the program 1 when its answers are;
// files .to_field<ext> and .from_field<ext> (-ext <ext>) in the program's
// folder, or a shared segment (key - 1) of 50000 bytes to it and 10000 back.
#include "interpreter/growth/environment.hpp"

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <sys/ipc.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "common/limits.hpp"
#include "interpreter/cpfg/printf.hpp"

namespace lsd::interp {

namespace fs = std::filesystem;

namespace {

constexpr int kFirstChunk = 1, kLastChunk = 4, kExit = 8;
constexpr std::size_t kToField = 50000, kFromField = 10000;  // libcomm's shared memory
struct SharedMemory {
  char to_field[kToField];
  char from_field[kFromField];
};

// write(2) to a program's pipe with SIGPIPE blocked for this thread and a
// pending one taken back: a dead program is told by EPIPE, and the library
// changes no process-wide signal setting.
ssize_t write_to_program(int fd, const char* data, std::size_t size) {
  sigset_t pipe_signal, old, pending;
  sigemptyset(&pipe_signal);
  sigaddset(&pipe_signal, SIGPIPE);
  ::pthread_sigmask(SIG_BLOCK, &pipe_signal, &old);
  const bool was_pending = sigpending(&pending) == 0 && sigismember(&pending, SIGPIPE) == 1;
  const ssize_t n = ::write(fd, data, size);
  const int err = errno;
  const timespec none{0, 0};
  if (n < 0 && err == EPIPE && !was_pending) sigtimedwait(&pipe_signal, nullptr, &none);
  ::pthread_sigmask(SIG_SETMASK, &old, nullptr);
  errno = err;
  return n;
}

using Clock = std::chrono::steady_clock;

std::string seconds(double s) {
  std::ostringstream o;
  o << s << " s";
  return o.str();
}

}  // namespace

struct EnvironmentProgram::Impl {
  EnvironmentFile file;
  std::string folder;
  double timeout = 60;
  pid_t pid = -1;
  int to_fd = -1, from_fd = -1;  // pipes
  int semid = -1, shmid = -1;
  SharedMemory* shm = nullptr;
  std::string to_name, from_name;  // files
  std::string from_buffer;         // pipes: what was read and not yet used

  bool alive() {
    if (pid <= 0) return false;
    int status = 0;
    if (::waitpid(pid, &status, WNOHANG) == pid) {
      pid = -1;
      return false;
    }
    return true;
  }

  // Semaphore `n` up by one, or waits until it can take one down.
  void raise(int n) {
    sembuf op{static_cast<unsigned short>(n), 1, 0};
    ::semop(semid, &op, 1);
  }
  bool lower(int n, std::string& error) {
    const auto end = Clock::now() + std::chrono::duration<double>(timeout);
    for (;;) {
      sembuf op{static_cast<unsigned short>(n), -1, 0};
      timespec slice{0, 50 * 1000 * 1000};
      if (::semtimedop(semid, &op, 1, &slice) == 0) return true;
      if (errno != EAGAIN && errno != EINTR) {
        error = std::string("semaphore: ") + std::strerror(errno);
        return false;
      }
      if (!still_waiting(end, "the program ended", "the program did not answer within ", error)) return false;
    }
  }

  // While waiting for the program until `end`: false with a message when
  // it has ended or the time is up.
  template <class TimePoint>
  bool still_waiting(TimePoint end, const char* ended, const char* late, std::string& error) {
    if (!alive()) {
      error = ended;
      return false;
    }
    if (Clock::now() > end) {
      error = late + seconds(timeout);
      return false;
    }
    return true;
  }

  // Pipes: writes `out` while reading answers until a Control line with the
  // last-chunk flag (the program sends its answers in chunks of its own).
  bool pipe_exchange(const std::string& out, std::vector<std::string>& lines, std::string& error) {
    std::size_t written = 0;
    AnswerReader answers;
    const auto end = Clock::now() + std::chrono::duration<double>(timeout);
    for (;;) {
      pollfd p[2] = {{from_fd, POLLIN, 0}, {to_fd, POLLOUT, 0}};
      const int np = written < out.size() ? 2 : 1;
      const int r = ::poll(p, nfds_t(np), 50);
      if (r < 0 && errno != EINTR) {
        error = std::string("poll: ") + std::strerror(errno);
        return false;
      }
      if (np == 2 && (p[1].revents & (POLLERR | POLLHUP))) {
        error = "the program ended (it closed its input)";
        return false;
      }
      if (np == 2 && (p[1].revents & POLLOUT)) {
        const ssize_t n = write_to_program(to_fd, out.data() + written, out.size() - written);
        if (n > 0) written += std::size_t(n);
        else if (n < 0 && errno != EAGAIN && errno != EINTR) {
          error = "the program ended (it closed its input)";
          return false;
        }
      }
      if (p[0].revents & (POLLIN | POLLHUP | POLLERR)) {
        char buf[4096];
        const ssize_t n = ::read(from_fd, buf, sizeof buf);
        if (n == 0) {
          error = "the program ended";
          return false;
        }
        if (n > 0 && !answers.feed(buf, std::size_t(n), error)) return false;
        if (answers.done()) {
          lines.insert(lines.end(), answers.lines.begin(), answers.lines.end());
          return true;
        }
      }
      if (Clock::now() > end) {
        error = "the program did not answer within " + seconds(timeout);
        return false;
      }
    }
  }

  // Files and memory: one chunk of the master's (files: all of it), then the
  // program's answers, chunk by chunk, until its last.
  bool semaphore_exchange(const std::string& chunk, std::vector<std::string>& lines, std::string& error) {
    if (shm) {
      std::memcpy(shm->to_field, chunk.data(), chunk.size());
      shm->to_field[chunk.size()] = '\0';
    } else {
      std::ofstream o(to_name, std::ios::binary | std::ios::trunc);
      o << chunk;
      if (!o.flush()) {
        error = "cannot write " + to_name;
        return false;
      }
    }
    AnswerReader answers;
    const auto end = Clock::now() + std::chrono::duration<double>(timeout);
    while (!answers.done()) {
      raise(0);
      if (!lower(1, error)) return false;
      std::string in;
      if (shm) {
        in.assign(shm->from_field, strnlen(shm->from_field, kFromField));
      } else if (!read_model_file(from_name, limits::kEnvironmentAnswerBytes, limits::kEnvironmentAnswerBytesText, in,
                                  error)) {
        return false;
      }
      if (!answers.feed(in.data(), in.size(), error) || !answers.end_chunk(error)) return false;
      if (!answers.done() && Clock::now() > end) {  // a program that sends chunks without end
        error = "the program did not finish its answers within " + seconds(timeout);
        return false;
      }
    }
    lines.insert(lines.end(), answers.lines.begin(), answers.lines.end());
    return true;
  }

  bool send(const std::vector<std::string>& items, int step, std::vector<std::string>& lines, std::string& error) {
    if (file.channel == EnvironmentFile::Channel::kPipes) {
      std::string out;
      for (const auto& it : items) out += it;
      out += "Control: " + std::to_string(kFirstChunk | kLastChunk) + " " + std::to_string(step) + "\n";
      return pipe_exchange(out, lines, error);
    }
    // Files take everything at once; shared memory in chunks that fit.
    const std::size_t room = shm ? kToField - 64 : std::string::npos;
    std::size_t k = 0;
    int flags = kFirstChunk;
    do {
      std::string chunk;
      while (k < items.size() && (chunk.empty() || chunk.size() + items[k].size() < room)) chunk += items[k++];
      if (chunk.size() >= room) {
        error = "a query does not fit in the shared memory";
        return false;
      }
      if (k == items.size()) flags |= kLastChunk;
      chunk += "Control: " + std::to_string(flags) + " " + std::to_string(step) + "\n";
      if (!semaphore_exchange(chunk, lines, error)) return false;
      flags = 0;
    } while (k < items.size());
    return true;
  }

  bool open_channel(int instance, std::vector<std::string>& argv, std::string& error);
  bool spawn(const std::string& program, std::vector<std::string>& argv, std::string& error);
  bool await_start(std::string& error);

  void stop() {
    if (alive()) {
      // Exit: a last control line; the program confirms (pipes: a byte) and ends.
      std::vector<std::string> ignored;
      std::string err;
      const double t = timeout;
      timeout = std::min(timeout, 5.0);
      const std::string exit_line = "Control: " + std::to_string(kExit) + " 0\n";
      if (file.channel == EnvironmentFile::Channel::kPipes) {
        if (write_to_program(to_fd, exit_line.data(), exit_line.size()) < 0) {}
      } else if (semid >= 0) {
        semaphore_exchange(exit_line, ignored, err);
      }
      timeout = t;
      const auto end = Clock::now() + std::chrono::seconds(2);
      while (alive() && Clock::now() < end) std::this_thread::sleep_for(std::chrono::milliseconds(10));
      if (alive()) {
        ::kill(pid, SIGKILL);
        ::waitpid(pid, nullptr, 0);
        pid = -1;
      }
    }
    if (to_fd >= 0) ::close(to_fd);
    if (from_fd >= 0) ::close(from_fd);
    to_fd = from_fd = -1;
    if (shm) ::shmdt(shm);
    shm = nullptr;
    if (shmid >= 0) ::shmctl(shmid, IPC_RMID, nullptr);
    if (semid >= 0) ::semctl(semid, 0, IPC_RMID);
    shmid = semid = -1;
    std::error_code ec;
    if (!to_name.empty()) fs::remove(to_name, ec);
    if (!from_name.empty()) fs::remove(from_name, ec);
  }
};

// Files and shared memory (CPFG manual's environment protocol): the
// semaphores (and the shared block) of a key of this process, and cpfg's
// switches that name them to the program: -k <key> [-ext <ext>].
bool EnvironmentProgram::Impl::open_channel(int instance, std::vector<std::string>& argv, std::string& error) {
  using Channel = EnvironmentFile::Channel;
  key_t key = 0;
  for (int attempt = 0; attempt < 64 && semid < 0; ++attempt) {
    key = key_t(((::getpid() & 0xffff) << 12) + (instance * 64 + attempt) * 4 + 2);
    semid = ::semget(key, 2, IPC_CREAT | IPC_EXCL | 0600);
    if (semid < 0) continue;
    if (file.channel == Channel::kMemory) {
      shmid = ::shmget(key - 1, sizeof(SharedMemory), IPC_CREAT | IPC_EXCL | 0600);
      if (shmid < 0) {
        ::semctl(semid, 0, IPC_RMID);
        semid = -1;
      }
    }
  }
  if (semid < 0) {
    error = std::string("cannot make semaphores: ") + std::strerror(errno);
    return false;
  }
  if (shmid >= 0) {
    void* a = ::shmat(shmid, nullptr, 0);
    if (a == reinterpret_cast<void*>(-1)) {
      error = "cannot attach shared memory";
      return false;
    }
    shm = static_cast<SharedMemory*>(a);
    std::memset(shm, 0, sizeof(SharedMemory));
  }
  ::semctl(semid, 0, SETVAL, 0);
  ::semctl(semid, 1, SETVAL, 1);  // the program sets it to 0: it has started
  argv.push_back("-k");
  argv.push_back(std::to_string(key));
  if (file.channel == Channel::kFiles) {
    const std::string ext = std::to_string(::getpid()) + "." + std::to_string(instance);
    argv.push_back("-ext");
    argv.push_back(ext);
    to_name = (fs::path(folder) / (".to_field" + ext)).string();
    from_name = (fs::path(folder) / (".from_field" + ext)).string();
  }
  return true;
}

// Starts the program in its folder, its standard input and output the
// pipes (or, for the other channels, its output lsd's standard error).
bool EnvironmentProgram::Impl::spawn(const std::string& program, std::vector<std::string>& argv, std::string& error) {
  const bool pipes = file.channel == EnvironmentFile::Channel::kPipes;
  int to_child[2] = {-1, -1}, from_child[2] = {-1, -1};
  if (pipes && (::pipe2(to_child, O_CLOEXEC) || ::pipe2(from_child, O_CLOEXEC))) {
    error = "cannot make pipes";
    return false;
  }
  std::vector<char*> cargv;
  for (auto& a : argv) cargv.push_back(a.data());
  cargv.push_back(nullptr);
  std::fflush(nullptr);
  const pid_t child = ::fork();
  if (child < 0) {
    for (int fd : {to_child[0], to_child[1], from_child[0], from_child[1]})
      if (fd >= 0) ::close(fd);
    error = "cannot start a process";
    return false;
  }
  if (child == 0) {  // the program: in its folder; its stdout is the pipe, else lsd's stderr
    if (pipes) {
      ::dup2(to_child[0], 0);
      ::dup2(from_child[1], 1);
    } else {
      ::dup2(2, 1);
    }
    if (::chdir(folder.c_str()) != 0) ::_exit(127);
    ::execv(program.c_str(), cargv.data());
    ::_exit(127);
  }
  pid = child;
  if (pipes) {
    ::close(to_child[0]);
    ::close(from_child[1]);
    to_fd = to_child[1];
    from_fd = from_child[0];
    ::fcntl(to_fd, F_SETFL, O_NONBLOCK);
  }
  return true;
}

// The program confirms it has started: a byte 1 on the pipe, or semaphore 1 at 0.
bool EnvironmentProgram::Impl::await_start(std::string& error) {
  const auto end = Clock::now() + std::chrono::duration<double>(timeout);
  for (;;) {
    if (file.channel == EnvironmentFile::Channel::kPipes) {
      pollfd pf{from_fd, POLLIN, 0};
      if (::poll(&pf, 1, 50) > 0) {
        char c = 0;
        if (::read(from_fd, &c, 1) == 1 && c == 1) return true;
        error = "the program did not confirm its start (it did not write the byte 1 that vlab's library writes)";
        return false;
      }
    } else if (::semctl(semid, 1, GETVAL) == 0) {
      return true;
    } else {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    if (!still_waiting(end, "the program ended at its start", "the program did not confirm its start within ", error))
      return false;
  }
}

std::unique_ptr<EnvironmentProgram> EnvironmentProgram::start(const EnvironmentFile& file, const std::string& program,
                                                              double timeout_s, std::string& error) {
  if (file.channel == EnvironmentFile::Channel::kSockets) {
    error = "communication type sockets is not supported (pipes, files and memory are)";
    return nullptr;
  }
  std::unique_ptr<EnvironmentProgram> p(new EnvironmentProgram);
  p->impl_ = std::make_unique<Impl>();
  Impl& m = *p->impl_;
  m.file = file;
  m.timeout = timeout_s;
  m.folder = fs::absolute(fs::path(file.path)).parent_path().string();
  const std::vector<std::string> args = environment_words(file.executable);
  if (args.empty() || program.empty()) {
    error = "the environment file names no executable";
    return nullptr;
  }
  // cpfg's switches: -e <the .e file> unless given, then the channel's
  std::vector<std::string> argv = {args[0]};
  if (args.size() < 2 || args[1].rfind("-e", 0) != 0) {
    argv.push_back("-e");
    argv.push_back(fs::absolute(fs::path(file.path)).string());
  }
  static int instances = 0;
  const int instance = instances++;
  if (file.channel != EnvironmentFile::Channel::kPipes && !m.open_channel(instance, argv, error)) return nullptr;
  argv.insert(argv.end(), args.begin() + 1, args.end());
  // (on failure ~EnvironmentProgram cleans up)
  if (!m.spawn(program, argv, error) || !m.await_start(error)) return nullptr;
  return p;
}

EnvironmentProgram::~EnvironmentProgram() {
  if (impl_) impl_->stop();
}

namespace {

void write_module(std::string& out, const std::string& name, const double* p, int np) {
  out += name;
  if (np == 0) return;
  out += '(';
  char buf[64];
  for (int k = 0; k < np; ++k) {
    std::snprintf(buf, sizeof buf, "%g", p[k]);
    if (k) out += ',';
    out += buf;
  }
  out += ')';
}

}  // namespace

bool EnvironmentProgram::exchange(ModuleString& s, const SymbolTable& symbols, const std::vector<Query>& queries,
                                  int step, std::string& error) {
  Impl& m = *impl_;
  if (m.pid <= 0) {
    error = "the program is not running";
    return false;
  }
  const EnvironmentFile& f = m.file;
  std::vector<std::string> items;
  items.reserve(queries.size());
  for (const Query& q : queries) {
    std::string it = std::to_string(q.module) + " ";
    write_module(it, "E", s.param(q.module), s.nparams(q.module));
    if (f.following_module && q.module + 1 < s.size())
      write_module(it, symbols.name(s.sym[q.module + 1]), s.param(q.module + 1), s.nparams(q.module + 1));
    it += '\n';
    const TurtleState& t = q.turtle;
    auto line = [&](const std::string& fmt, const double* v, int n) {
      if (!fmt.empty()) it += cpfg_format(fmt, v, n) + "\n";
    };
    line(f.position, t.pos.data(), 3);
    line(f.heading, t.H.data(), 3);
    line(f.left, t.L.data(), 3);
    line(f.up, t.U.data(), 3);
    line(f.line_width, &t.width, 1);
    line(f.scale_factor, &t.scale, 1);
    items.push_back(std::move(it));
  }
  std::vector<std::string> lines;
  if (!m.send(items, step, lines, error)) {
    m.stop();
    return false;
  }
  if (!apply_environment_answers(lines, s, error)) {
    m.stop();
    return false;
  }
  return true;
}

}  // namespace lsd::interp

#include "bench/peers/capped.hpp"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstring>

#include <mujoco/mujoco.h>

namespace lsd::peers {

namespace {

int g_pipe = -1;  // the child's end of the pipe

// The child's message: 'v' and a double, or 'e' and text.
void child_error(const char* message) {
  const std::size_t n = std::strlen(message);
  char tag = 'e';
  if (write(g_pipe, &tag, 1) < 0 || write(g_pipe, message, n) < 0) {
    // Nothing more the child can say.
  }
  _exit(3);
}

}  // namespace

CappedResult run_capped(double seconds, const std::function<double()>& fn) {
  CappedResult result;
  int fds[2];
  if (pipe(fds) != 0) {
    result.error = "pipe failed";
    return result;
  }
  std::fflush(stdout);
  const pid_t pid = fork();
  if (pid < 0) {
    result.error = "fork failed";
    close(fds[0]);
    close(fds[1]);
    return result;
  }
  if (pid == 0) {
    close(fds[0]);
    g_pipe = fds[1];
    mju_user_error = child_error;
    const double v = fn();
    char buf[1 + sizeof(double)];
    buf[0] = 'v';
    std::memcpy(buf + 1, &v, sizeof v);
    if (write(g_pipe, buf, sizeof buf) < 0) _exit(4);
    _exit(0);
  }
  close(fds[1]);
  // Read everything the child writes until it closes the pipe or the cap passes.
  std::string got;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  bool timed_out = false;
  for (;;) {
    const double left = std::chrono::duration<double>(deadline - std::chrono::steady_clock::now()).count();
    if (left <= 0) {
      timed_out = true;
      break;
    }
    pollfd p{fds[0], POLLIN, 0};
    const int r = poll(&p, 1, static_cast<int>(left * 1000) + 1);
    if (r < 0) continue;
    if (r == 0) continue;  // the loop checks the deadline
    char buf[4096];
    const ssize_t n = read(fds[0], buf, sizeof buf);
    if (n <= 0) break;
    got.append(buf, static_cast<std::size_t>(n));
  }
  close(fds[0]);
  if (timed_out) kill(pid, SIGKILL);
  int status = 0;
  waitpid(pid, &status, 0);
  if (timed_out) return result;
  if (!got.empty() && got[0] == 'v' && got.size() == 1 + sizeof(double)) {
    result.finished = true;
    std::memcpy(&result.value, got.data() + 1, sizeof(double));
  } else if (!got.empty() && got[0] == 'e') {
    result.error = got.substr(1);
  } else {
    result.error = WIFSIGNALED(status) ? "killed by signal " + std::to_string(WTERMSIG(status))
                                       : "exited with status " + std::to_string(WEXITSTATUS(status));
  }
  return result;
}

}  // namespace lsd::peers

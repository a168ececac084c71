// A small environment program for the tests: the slave side of the protocol
// of vlab's communication library (interpreter/growth/src/environment.cpp), written for
// lsd's tests. It answers every ?E(a,b,c) with E(x + 1000, 2 y,) where (x, y)
// is the turtle position it was sent: the third parameter is left alone.
//   env_answer -e file.e [-k key] [-ext ext] [answer|die|garbage|hang|flood]
// die: ends when the first queries come; garbage: answers a line that is not
// an answer; hang: never answers; flood: answers without end (pipes: lines
// that are answers, never a Control line; files and memory: chunks that are
// never the last).
#include <sys/ipc.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

namespace {

struct Shared {
  char to_field[50000];
  char from_field[10000];
};

std::string mode = "answer", channel = "pipes", position_format;

// Answers the items of one chunk; returns the control flags of the chunk.
int answer(const std::string& in, std::string& out) {
  std::istringstream is(in);
  std::string line;
  const std::size_t skip = position_format.find('%');
  while (std::getline(is, line)) {
    if (line.rfind("Control", 0) == 0) return std::atoi(line.c_str() + 8);
    if (mode == "die") std::exit(3);
    if (mode == "hang") for (;;) pause();
    if (mode == "flood" && channel == "pipes") {
      const std::string a = std::to_string(std::strtoul(line.c_str(), nullptr, 10)) + " E(1,2,3)\n";
      std::string block;
      while (block.size() < 65536) block += a;
      for (;;)
        if (std::fwrite(block.data(), 1, block.size(), stdout) != block.size()) std::exit(4);
    }
    unsigned long place = std::strtoul(line.c_str(), nullptr, 10);
    double x = 0, y = 0, z = 0;
    if (!position_format.empty()) {
      std::string p;
      std::getline(is, p);
      std::sscanf(p.c_str() + (skip == std::string::npos ? 0 : skip), "%lf %lf %lf", &x, &y, &z);
    }
    if (mode == "garbage") {
      out += "what?\n";
      continue;
    }
    char buf[200];
    std::snprintf(buf, sizeof buf, "%lu E(%g,%g,)\n", place, x + 1000, 2 * y);
    out += buf;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::string efile, ext;
  int key = 0;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "-e" && i + 1 < argc) efile = argv[++i];
    else if (a == "-k" && i + 1 < argc) key = std::atoi(argv[++i]);
    else if (a == "-ext" && i + 1 < argc) ext = argv[++i];
    else mode = a;
  }
  std::ifstream e(efile);
  for (std::string line; std::getline(e, line);) {
    const auto c = line.find(':');
    if (c == std::string::npos) continue;
    const std::string k = line.substr(0, c), v = line.substr(c + 1);
    if (k == "communication type") channel = v.substr(v.find_first_not_of(' '));
    if (k == "turtle position") position_format = v;
  }
  while (!channel.empty() && std::isspace(static_cast<unsigned char>(channel.back()))) channel.pop_back();
  if (channel == "pipes") {
    std::fputc(1, stdout);
    std::fflush(stdout);
    std::string chunk, line;
    while (std::getline(std::cin, line)) {
      chunk += line + "\n";
      if (line.rfind("Control", 0) != 0) continue;
      std::string out;
      const int flags = answer(chunk, out);
      chunk.clear();
      std::fputs(out.c_str(), stdout);
      std::fputs("Control: 5\n", stdout);
      std::fflush(stdout);
      if (flags & 8) return 0;
    }
    return 0;
  }
  const int sem = semget(key, 2, 0600);
  if (sem < 0) return 2;
  semctl(sem, 1, SETVAL, 0);  // started
  Shared* shm = nullptr;
  if (channel == "memory") {
    const int id = shmget(key - 1, sizeof(Shared), 0600);
    if (id < 0) return 2;
    shm = static_cast<Shared*>(shmat(id, nullptr, 0));
  }
  for (;;) {
    sembuf down{0, -1, 0};
    semop(sem, &down, 1);
    std::string in, out;
    if (shm) in.assign(shm->to_field, strnlen(shm->to_field, sizeof shm->to_field));
    else {
      std::ifstream f(".to_field" + ext);
      std::stringstream ss;
      ss << f.rdbuf();
      in = ss.str();
    }
    const int flags = answer(in, out);
    out += mode == "flood" ? "Control: 0\n" : "Control: 5\n";  // flood: never the last chunk
    if (shm) std::snprintf(shm->from_field, sizeof shm->from_field, "%s", out.c_str());
    else std::ofstream(".from_field" + ext) << out;
    sembuf up{1, 1, 0};
    semop(sem, &up, 1);
    if (flags & 8) return 0;
  }
}

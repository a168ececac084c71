// What an environment program sends back (environment.hpp): its answer
// lines, up to its Control line, bounded; and the answers written into the
// ?E modules of the string.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>

#include "common/limits.hpp"
#include "common/numbers.hpp"
#include "common/text.hpp"
#include "interpreter/growth/environment.hpp"

namespace lsd::interp {

namespace {

constexpr int kLastChunk = 4, kExit = 8;  // libcomm's control flags

using text::trim;

// "<place> E(v1,,v3)": false if it is not such a line.
bool parse_answer(const std::string& line, unsigned long& place, std::vector<std::pair<bool, double>>& values) {
  char* end = nullptr;
  place = std::strtoul(line.c_str(), &end, 10);
  if (end == line.c_str()) return false;
  const char* e = std::strchr(end, 'E');
  if (!e) return false;
  values.clear();
  if (e[1] != '(') return true;
  const char* close = std::strchr(e, ')');
  if (!close) return false;
  const std::string inside(e + 2, close);
  std::size_t b = 0;
  for (;;) {
    std::size_t c = inside.find(',', b);
    const std::string v = trim(inside.substr(b, c == std::string::npos ? std::string::npos : c - b));
    if (v.empty()) values.push_back({false, 0.0});
    else {
      double x = 0;
      const auto r = read_c_number(v.data(), v.data() + v.size(), x);
      if (r.ec == std::errc::invalid_argument || r.ptr != v.data() + v.size() || !std::isfinite(x))
        return false;  // (a parameter is a finite number)
      values.push_back({true, x});
    }
    if (c == std::string::npos) break;
    b = c + 1;
  }
  return true;
}

}  // namespace

bool AnswerReader::take_line(std::string line) {
  if (!line.empty() && line.back() == '\r') line.pop_back();
  if (line.rfind("Control", 0) == 0) {
    const int flags = std::atoi(line.c_str() + std::min<std::size_t>(8, line.size()));
    control_ = true;
    done_ = (flags & (kLastChunk | kExit)) != 0;
    return done_;
  }
  lines.push_back(std::move(line));
  return false;
}

bool AnswerReader::feed(const char* data, std::size_t n, std::string& error) {
  if (done_) return true;
  bytes_ += n;
  if (bytes_ > limits::kEnvironmentAnswerBytes) {
    error = std::string("the program sent more than ") + limits::kEnvironmentAnswerBytesText + " for one step";
    return false;
  }
  partial_.append(data, n);
  std::size_t start = 0, nl;
  while ((nl = partial_.find('\n', start)) != std::string::npos) {
    const bool last = take_line(partial_.substr(start, nl - start));
    start = nl + 1;
    if (last) {
      partial_.clear();
      return true;
    }
  }
  partial_.erase(0, start);
  return true;
}

bool AnswerReader::end_chunk(std::string& error) {
  if (!done_ && !partial_.empty()) take_line(std::move(partial_));
  partial_.clear();
  if (done_) return true;
  if (!control_) {
    error = "its answers end without a Control line";
    return false;
  }
  control_ = false;  // more chunks follow
  return true;
}

bool apply_environment_answers(const std::vector<std::string>& lines, ModuleString& s, std::string& error) {
  std::vector<std::pair<bool, double>> values;
  for (const std::string& line : lines) {
    if (trim(line).empty()) continue;
    unsigned long place = 0;
    if (!parse_answer(line, place, values) || place >= s.size() || s.sym[place] != kSymQueryE) {
      error = "an answer lsd cannot read: '" + line.substr(0, 80) + "'";
      return false;
    }
    double* p = s.param(place);
    const std::size_t n = std::min(values.size(), std::size_t(s.nparams(place)));
    for (std::size_t k = 0; k < n; ++k)
      if (values[k].first) p[k] = values[k].second;
  }
  return true;
}

}  // namespace lsd::interp

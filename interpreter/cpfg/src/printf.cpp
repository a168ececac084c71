#include "interpreter/cpfg/printf.hpp"

#include <cmath>
#include <cstdio>
#include <cstring>

namespace lsd::interp {

// A cpfg printf: %d %i %x %c print the integer part, %e %f %g the number, %s
// a placeholder; the format is checked here so that no argument is read
// that was not given.
std::string cpfg_format(const std::string& fmt, const double* args, int n) {
  std::string out;
  int used = 0;
  for (std::size_t i = 0; i < fmt.size(); ++i) {
    if (fmt[i] != '%') {
      out += fmt[i];
      continue;
    }
    if (i + 1 < fmt.size() && fmt[i + 1] == '%') {
      out += '%';
      ++i;
      continue;
    }
    std::size_t j = i + 1;
    while (j < fmt.size() && std::strchr("-+ #0123456789.lh", fmt[j])) ++j;
    if (j >= fmt.size()) {
      out += fmt.substr(i);
      break;
    }
    std::string spec = "%";
    for (std::size_t k = i + 1; k < j; ++k)
      if (fmt[k] != 'l' && fmt[k] != 'h') spec += fmt[k];
    const char conv = fmt[j];
    const double v = used < n ? args[used] : 0.0;
    char buf[128];
    if (std::strchr("diouxXc", conv)) {
      ++used;
      const double c = std::isfinite(v) ? std::fmax(std::fmin(v, 9e18), -9e18) : 0.0;
      if (conv == 'c') std::snprintf(buf, sizeof buf, (spec + 'c').c_str(), int(long(c) & 0xff));
      else std::snprintf(buf, sizeof buf, (spec + "ll" + (conv == 'i' ? 'd' : conv)).c_str(), (long long)c);
      out += buf;
    } else if (std::strchr("eEfFgGaA", conv)) {
      ++used;
      std::snprintf(buf, sizeof buf, (spec + conv).c_str(), v);
      out += buf;
    } else if (conv == 's') {
      ++used;
      out += "(string)";
    } else {
      out += fmt.substr(i, j - i + 1);
    }
    i = j;
  }
  return out;
}

}  // namespace lsd::interp

// What the Python module's files share (docs/python.md): lsd's diagnostics
// as Python's exceptions and warnings, the GIL released around long calls
// with Ctrl-C still heard, and NumPy arrays made in one copy per field.
#pragma once
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "grammar/diagnostic.hpp"
#include "interpreter/growth/lsystem.hpp"

namespace lsd::py {

namespace pyb = pybind11;

// A user error of lsd as a C++ exception; the module translates it into
// lsd.Error (python/lsd/_errors.py) with its path, line and column.
struct UserError {
  std::string message, path;
  int line = 0, column = 0;
};

// Raises the diagnostics' errors as one lsd.Error (placed at the first of
// them) after passing their warnings to Python's warnings module; with no
// error, the warnings only. `ls` gives the source text under each message.
// Needs the GIL.
void report(const std::vector<grammar::Diagnostic>& diags, const interp::Lsystem* ls, bool failed);
[[noreturn]] void fail(const std::string& message, const std::string& path = {});

// Ctrl-C during a call that released the GIL: ask() takes the GIL back
// every 50 ms of wall time and asks Python whether a signal came (a
// KeyboardInterrupt then waits in Python's error state); the caller stops at
// the next point where its state is whole and raises it (raise_if_stopped).
class Interrupts {
 public:
  bool ask();  // false once interrupted
  bool stopped() const { return stopped_; }
  void raise_if_stopped() const;  // with the GIL
 private:
  std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
  bool stopped_ = false;
};

// A new NumPy array of shape `shape` (float64) filled by fill(double* out).
template <class Fill>
pyb::array_t<double> new_array(std::vector<pyb::ssize_t> shape, Fill fill) {
  pyb::array_t<double> a(shape);
  fill(a.mutable_data());
  return a;
}

}  // namespace lsd::py

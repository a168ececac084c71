#include "py_common.hpp"

#include <Python.h>

namespace lsd::py {

void report(const std::vector<grammar::Diagnostic>& diags, const interp::Lsystem* ls, bool failed) {
  const auto source = [&](const grammar::Diagnostic& d) {
    return ls && d.file == ls->source.path ? &ls->source : nullptr;
  };
  pyb::object warn = pyb::module_::import("warnings").attr("warn");
  pyb::object category = pyb::module_::import("lsd._errors").attr("LsdWarning");
  const grammar::Diagnostic* first = nullptr;
  std::string text;
  for (const grammar::Diagnostic& d : diags) {
    if (d.warning) {
      warn(grammar::format_diagnostic(d, source(d)), category, 2);
      continue;
    }
    if (!first) first = &d;
    if (!text.empty()) text += "\n";
    text += grammar::format_diagnostic(d, source(d));
  }
  if (!failed) return;
  if (!first) throw UserError{"lsd failed without a message", {}, 0, 0};
  while (!text.empty() && text.back() == '\n') text.pop_back();
  throw UserError{text, first->file, first->pos.line, first->pos.col};
}

void fail(const std::string& message, const std::string& path) { throw UserError{message, path, 0, 0}; }

bool Interrupts::ask() {
  if (stopped_) return false;
  const auto now = std::chrono::steady_clock::now();
  if (now - last_ < std::chrono::milliseconds(50)) return true;
  last_ = now;
  pyb::gil_scoped_acquire gil;
  stopped_ = PyErr_CheckSignals() != 0;  // the KeyboardInterrupt stays set
  return !stopped_;
}

void Interrupts::raise_if_stopped() const {
  if (stopped_) throw pyb::error_already_set();
}

}  // namespace lsd::py

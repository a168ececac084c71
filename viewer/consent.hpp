// The viewer's confirmation before a model's environment program runs
// (docs/language.md 9.7): what the modal shows and what its two buttons do
// to the load options, without ImGui, so that a test can check them.
#pragma once
#include <string>

#include "interpreter/cpfg/trust.hpp"

namespace lsd::interp {
struct Lsystem;
}

namespace lsd::view {

// The question for one loaded model.
struct ConsentQuestion {
  bool needed = false;  // the model names a program the user has not allowed
  std::string program;  // the program as found (what "Run it" allows)
  std::string folder;   // the model's folder (of its environment file), absolute
  std::string key;      // the model and the program: asked once per key

  // The lines the modal shows: the program and the folder, named.
  std::string heading() const { return "This model asks to run a program on your computer:"; }
  std::string folder_line() const { return "in the model's folder " + folder; }
  // The same on one line, for the standard error when the modal opens.
  std::string message() const {
    return heading() + " " + program + ", " + folder_line() + " (the window asks: Run it / Don't run it)";
  }
};

// The question a model loaded from `model_path` asks (needed is false when it names no program or the
// program is allowed already).
ConsentQuestion consent_question(const std::string& model_path, const interp::Lsystem& ls);

// Whether the modal opens now: a question that is needed and not asked
// already (`asked` remembers the last key: another model, or another
// program, asks again).
bool consent_opens(const ConsentQuestion& q, std::string& asked);

// "Run it": the trust of the next load allows exactly this program, nothing
// else (not all programs, not PATH, not files outside the folder).
void consent_run(const ConsentQuestion& q, interp::Trust& trust);
// "Don't run it" changes nothing: the model stays as it is, grown as if the
// environment never answered.
inline void consent_cancel(const ConsentQuestion&, interp::Trust&) {}

}  // namespace lsd::view

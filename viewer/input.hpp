// Input of the viewer: keys, the mouse (camera and pulling a body) and the
// scripted pull that stands in for a person in the scripted mode.
#pragma once
#include "viewer/app.hpp"

struct GLFWwindow;

namespace lsd::view {

// Space, G, R, F, C, S/F12 and the arrow keys (which push the pot), unless ImGui has the keyboard.
void handle_keys(App& app, GLFWwindow* window);
// Orbit, pan, zoom, and pulling the body under the mouse; nothing while ImGui wants the mouse.
void handle_mouse(App& app);
// --pull: on during the first --pull-time seconds of simulated time.
void scripted_pull(App& app);

}  // namespace lsd::view

// The Dear ImGui panels of the viewer: file, growth, motion, energy plot and
// help, built every frame from the App's state (widgets edit it directly and
// their "changed" triggers rebuilds), plus the overlays drawn over the plant.
#pragma once
#include "viewer/app.hpp"

namespace lsd::view {

// The control panel, docked on the left at full height.
void draw_panels(App& app);
// Over the plant: the pull line, the frame rate and the falling-behind warning.
void draw_overlays(App& app);
// Appends the current energies to the plot ring.
void record_energies(EnergyPlot& plot, const interp::TraceRow& row);

}  // namespace lsd::view

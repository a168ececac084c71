#include "viewer/panels.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "viewer/consent.hpp"

namespace lsd::view {
namespace {

constexpr std::size_t kStringChars = 60000;  // the string panel shows at most this much text
const ImVec4 kErrorColour(1.0f, 0.45f, 0.40f, 1.0f);
const ImVec4 kWarnColour(1.0f, 0.75f, 0.30f, 1.0f);
const ImVec4 kDimColour(0.65f, 0.68f, 0.72f, 1.0f);

std::string base_name(const std::string& path) {
  const auto slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// A slider on a logarithmic scale for a double.
bool slider_log(const char* label, double* v, double lo, double hi, const char* fmt) {
  float f = float(*v);
  const bool changed = ImGui::SliderFloat(label, &f, float(lo), float(hi), fmt, ImGuiSliderFlags_Logarithmic);
  if (changed) *v = f;
  return changed;
}

bool slider(const char* label, double* v, double lo, double hi, const char* fmt) {
  float f = float(*v);
  const bool changed = ImGui::SliderFloat(label, &f, float(lo), float(hi), fmt);
  if (changed) *v = f;
  return changed;
}

void help_marker(const char* text) {
  ImGui::SameLine();
  ImGui::TextDisabled("(?)");
  if (ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28);
    ImGui::TextUnformatted(text);
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
}

void file_section(App& app) {
  Session& s = app.session;
  ImGui::TextUnformatted(s.path.empty() ? "no file open" : base_name(s.path).c_str());
  if (!s.path.empty() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s\n(reloaded when it changes on disk)", s.path.c_str());
  // --sway (docs/language.md 7.8): a model without a dynamics: section sways, loaded again
  if (sway_switch_shown(s)) {
    bool sway = s.load.compile.sway;
    if (ImGui::Checkbox("sway", &sway)) {
      set_sway(s, sway);
      app.auto_frame = true;
    }
    help_marker("--sway: the drawn segments F become bodies with a joint before each (dynamics: body: F, "
                "joints: auto, with the defaults of docs/language.md 7.8); the model is loaded again");
  }
  if (!app.examples.empty()) {
    ImGui::SameLine(ImGui::GetContentRegionAvail().x - 110);
    ImGui::SetNextItemWidth(110);
    if (ImGui::BeginCombo("##open", "open...", ImGuiComboFlags_HeightLarge)) {
      for (const std::string& f : app.examples) {
        std::string shown = f;
        if (shown.rfind(app.opts.examples_dir, 0) == 0) shown = shown.substr(app.opts.examples_dir.size());
        while (!shown.empty() && shown[0] == '/') shown.erase(0, 1);
        if (ImGui::Selectable(shown.c_str(), f == s.path)) {
          open_file(s, f);
          app.auto_frame = true;
          app.framed_structure = -1;
        }
      }
      ImGui::EndCombo();
    }
  }
  if (!s.loaded && !app.examples.empty()) {  // nothing open yet: the examples to choose from
    ImGui::TextColored(kDimColour, "choose a file:");
    ImGui::BeginChild("files", ImVec2(0, 260), true);
    for (const std::string& f : app.examples) {
      std::string shown = f.rfind(app.opts.examples_dir, 0) == 0 ? f.substr(app.opts.examples_dir.size()) : f;
      while (!shown.empty() && shown[0] == '/') shown.erase(0, 1);
      if (ImGui::Selectable(shown.c_str())) {
        open_file(s, f);
        app.auto_frame = true;
        app.framed_structure = -1;
      }
    }
    ImGui::EndChild();
  }
  if (!s.error.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, kErrorColour);
    ImGui::BeginChild("errors", ImVec2(0, std::min(160.0f, ImGui::GetTextLineHeightWithSpacing() * 8)), true,
                      ImGuiWindowFlags_HorizontalScrollbar);
    ImGui::TextUnformatted(s.error.c_str());
    ImGui::EndChild();
    ImGui::PopStyleColor();
    if (s.loaded) ImGui::TextColored(kDimColour, "showing the last good plant");
  }
}

void growth_section(App& app) {
  Session& s = app.session;
  if (!ImGui::CollapsingHeader("Growth", ImGuiTreeNodeFlags_DefaultOpen)) return;
  const bool can_grow = s.loaded && s.sim.lsystem().steps_done < s.sim.lsystem().derivation_length;
  if (!can_grow) ImGui::BeginDisabled();
  if (ImGui::Button("Step")) grow_one(s);
  if (!can_grow) ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button("Reset")) {
    reset(s);
    app.framed_structure = -1;
  }
  ImGui::SameLine();
  bool auto_grow = s.loaded && s.sim.automatic_growth();
  if (ImGui::Checkbox("grow every", &auto_grow)) set_automatic_growth(s, auto_grow);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-1);
  interp::RunSettings rs = s.sim.settings();
  float g = float(rs.grow_every);
  if (ImGui::SliderFloat("##grow", &g, 0.05f, 10.0f, "%.2f s", ImGuiSliderFlags_Logarithmic)) {
    rs.grow_every = g;  // the next step comes that long from now
    apply_settings(s, rs);
  }
  if (s.loaded) {
    ImGui::Text("step %d / %d    modules %zu    bodies %d", s.sim.lsystem().steps_done,
                s.sim.lsystem().derivation_length, module_count(s), body_count(s));
  }

  if (ImGui::TreeNode("String")) {
    const double now = ImGui::GetTime();
    if (app.string_structure != s.structure_version || now - app.string_refreshed > 0.5) {
      app.string_text = string_excerpt(s, kStringChars, &app.string_left_out);
      if (app.string_left_out > 0)
        app.string_text += "\n... and " + std::to_string(app.string_left_out) + " more modules (export to see all)";
      app.string_refreshed = now;
      app.string_structure = s.structure_version;
    }
    ImGui::BeginChild("string", ImVec2(0, 110), true);
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(app.string_text.c_str(), app.string_text.c_str() + app.string_text.size());
    ImGui::PopTextWrapPos();
    ImGui::EndChild();
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - 70);
    ImGui::InputText("##export", &app.export_path);
    ImGui::SameLine();
    if (ImGui::Button("Export") && s.loaded) {
      std::string err;
      if (interp::write_file_atomic(app.export_path, s.sim.saved_text(), &err))
        app.status = "string written to " + app.export_path;
      else
        app.status = "export failed: " + err;
    }
    ImGui::TreePop();
  }
}

void motion_section(App& app) {
  Session& s = app.session;
  ViewerMotion& m = s.motion;
  interp::RunSettings rs = s.sim.settings();  // edited here, handed back at the end (apply_settings)
  if (!ImGui::CollapsingHeader("Motion", ImGuiTreeNodeFlags_DefaultOpen)) return;
  if (ImGui::Button(m.playing ? "Pause" : "Play", ImVec2(60, 0))) {
    m.playing = !m.playing;
    if (m.playing && s.diverged) reset(s);
  }
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-1);
  slider_log("##speed", &m.speed, 0.02, 4.0, "speed %.2fx");
  ImGui::SetNextItemWidth(150);
  float dt_ms = float(rs.dt * 1000);
  if (ImGui::SliderFloat("##dt", &dt_ms, 0.05f, 20.0f, "dt %.3f ms", ImGuiSliderFlags_Logarithmic)) rs.dt = dt_ms / 1000;
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-1);
  ImGui::SliderInt("##sub", &m.max_substeps, 1, 5000, "substeps <= %d", ImGuiSliderFlags_Logarithmic);
  ImGui::TextUnformatted("integrator");
  for (const interp::IntegratorName& n : interp::kIntegratorNames) {
    ImGui::SameLine();
    if (ImGui::RadioButton(n.name, rs.integrator == n.integrator)) rs.integrator = n.integrator;
  }
  ImGui::Text("%d substeps/frame, t = %.2f s", app.substeps, sim_time(s));
  if (app.behind) {
    ImGui::SameLine();
    ImGui::TextColored(kWarnColour, "behind real time (%.0f%%)", 100 * app.sim_ratio);
  }

  // Gravity: its magnitude, along the file's direction (down when it is 0).
  double g = rs.gravity.norm();
  const interp::Vec3 down = g > 0 ? interp::Vec3(rs.gravity / g) : interp::Vec3(0, -1, 0);
  ImGui::SetNextItemWidth(-90);
  if (slider("gravity", &g, 0, 20, "%.2f m/s2")) rs.gravity = down * g;
  ImGui::SetNextItemWidth(-90);
  slider_log("Young x", &rs.young_scale, 0.01, 100, "%.3g");
  ImGui::SetNextItemWidth(-90);
  slider_log("damping x", &rs.damping_scale, 0.01, 100, "%.3g");
  ImGui::SetNextItemWidth(-90);
  slider("air drag", &rs.drag, 0, 50, "%.1f");
  help_marker("dynamics: drag, N s/m^3. Wind pushes the plant only through the drag.");
  double speed = wind_speed(rs.wind);
  if (speed > 0) m.wind_heading = wind_heading(rs.wind);
  ImGui::SetNextItemWidth(-90);
  if (slider("wind", &speed, 0, 20, "%.1f m/s")) set_wind(rs.wind, speed, m.wind_heading);
  ImGui::SetNextItemWidth(-90);
  if (slider("heading", &m.wind_heading, -180, 180, "%.0f deg")) set_wind(rs.wind, speed, m.wind_heading);
  ImGui::SetNextItemWidth(-90);
  slider("gusts", &m.gust, 0, 1, "%.2f");
  if (speed > 0 && rs.drag <= 0) ImGui::TextColored(kWarnColour, "no air drag: the wind has no effect");
  if (!rs.obstacles.empty() || rs.self_contact) {
    ImGui::SetNextItemWidth(-90);
    slider("friction", &rs.friction, 0, 2, "%.2f");
    help_marker("dynamics: friction, Coulomb's coefficient (0: frictionless).");
    ImGui::SetNextItemWidth(-90);
    slider_log("contact k", &rs.contact_stiffness, 1e3, 1e7, "%.3g N/m");
    help_marker("dynamics: contact stiffness, N/m per contact point.");
  }
  ImGui::Checkbox("movable pot", &rs.kinematic_base);
  help_marker("A kinematic base: hold the arrow keys to accelerate the pot; it springs back when released.");
  apply_settings(s, rs);  // what shapes the model rebuilds it (Simulation::set_settings)
}

void energy_section(App& app) {
  if (!ImGui::CollapsingHeader("Energy", ImGuiTreeNodeFlags_DefaultOpen)) return;
  const EnergyPlot& p = app.plot;
  const int start = p.count < kPlotSamples ? 0 : p.head;
  char label[96];
  const float w = ImGui::GetContentRegionAvail().x;
  struct Series {
    const char* name;
    const std::vector<float>* v;
    double now;
  } series[3] = {{"kinetic", &p.kinetic, app.last_row.kinetic},
                 {"potential", &p.potential, app.last_row.potential},
                 {"elastic", &p.elastic, app.last_row.elastic}};
  for (const Series& e : series) {
    std::snprintf(label, sizeof label, "%s %.3g J", e.name, e.now);
    if (e.v->empty()) continue;
    ImGui::PlotLines(("##" + std::string(e.name)).c_str(), e.v->data(), p.count, start, label, FLT_MAX, FLT_MAX,
                     ImVec2(w, 42));
  }
}

void view_section(App& app) {
  if (!ImGui::CollapsingHeader("View")) return;
  if (ImGui::Button("Frame")) app.frame_requested = true;
  ImGui::SameLine();
  if (ImGui::Button("Screenshot")) app.screenshot_requested = true;
  ImGui::SameLine();
  ImGui::Checkbox("follow growth", &app.auto_frame);
  if (ImGui::Checkbox("antialiasing", &app.antialias)) app.antialias_auto = false;
  ImGui::SameLine();
  ImGui::Checkbox("grid", &app.grid);
  if (ImGui::Checkbox("contacts", &app.session.show_contacts)) app.session.geometry_dirty = true;
  help_marker("Contact and tie points (red dots) and their forces (red lines, the largest a quarter of the plant).");
}

void help_section() {
  if (!ImGui::CollapsingHeader("Controls")) return;
  ImGui::TextUnformatted(
      "left drag        orbit (on a body: pull it)\n"
      "right/mid drag   pan\n"
      "wheel            zoom\n"
      "arrow keys       accelerate the pot\n"
      "space            play / pause\n"
      "G                one growth step\n"
      "R                reset\n"
      "F                frame the plant\n"
      "C                save the view (NAME_camera.txt,\n"
      "                 for lsd render --camera)\n"
      "S or F12         screenshot (PNG)\n"
      "the file reloads when it is saved");
}

// A model that names an environment program the user has not allowed
// (docs/language.md 9.7): a confirmation that names the program and the
// model's folder. Running it reloads the model with that program allowed
// (for this program only; another model's asks again); not running it keeps
// the model as it is, grown as if the environment never answered.
void consent_dialog(App& app) {
  constexpr const char* kTitle = "Run this model's program?";
  Session& s = app.session;
  if (!s.loaded) return;
  const ConsentQuestion q = consent_question(s.path, s.sim.lsystem());
  if (consent_opens(q, app.consent_asked)) {
    ImGui::OpenPopup(kTitle);
    std::fprintf(stderr, "lsd view: %s\n", q.message().c_str());
  }
  if (!ImGui::BeginPopupModal(kTitle, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
  ImGui::TextUnformatted(q.heading().c_str());
  ImGui::TextColored(kWarnColour, "%s", q.program.c_str());
  ImGui::TextUnformatted(q.folder_line().c_str());
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 32);
  ImGui::TextUnformatted("It is the model's environment program, which answers its ?E modules. A program can do "
                         "anything you can: run it only if you trust where the model came from. Without it the "
                         "model grows as if the environment never answered.");
  ImGui::PopTextWrapPos();
  if (ImGui::Button("Run it")) {
    consent_run(q, s.load.trust);
    reset(s);  // loads the model again, with the program
    app.framed_structure = -1;
    ImGui::CloseCurrentPopup();
  }
  ImGui::SameLine();
  if (ImGui::Button("Don't run it")) {
    consent_cancel(q, s.load.trust);
    ImGui::CloseCurrentPopup();
  }
  ImGui::EndPopup();
}

}  // namespace

void record_energies(EnergyPlot& plot, const interp::TraceRow& row) {
  if (plot.kinetic.empty()) {
    plot.kinetic.assign(kPlotSamples, 0);
    plot.potential.assign(kPlotSamples, 0);
    plot.elastic.assign(kPlotSamples, 0);
  }
  plot.kinetic[std::size_t(plot.head)] = float(row.kinetic);
  plot.potential[std::size_t(plot.head)] = float(row.potential);
  plot.elastic[std::size_t(plot.head)] = float(row.elastic);
  plot.head = (plot.head + 1) % kPlotSamples;
  plot.count = std::min(plot.count + 1, kPlotSamples);
}

void draw_panels(App& app) {
  const ImGuiIO& io = ImGui::GetIO();
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImVec2(app.panel_width, io.DisplaySize.y));
  ImGui::Begin("lsd", nullptr,
               ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                   ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoBringToFrontOnFocus);
  ImGui::TextColored(ImVec4(0.55f, 0.85f, 0.45f, 1), "lsd");
  ImGui::SameLine();
  ImGui::TextColored(kDimColour, "L-systems that grow and move");
  ImGui::Separator();
  file_section(app);
  if (app.session.loaded) {  // nothing to grow or move before a file is open
    growth_section(app);
    motion_section(app);
    energy_section(app);
  }
  view_section(app);
  help_section();
  ImGui::Separator();
  ImGui::TextColored(kDimColour, "%.1f ms/frame (%.0f fps)", app.frame_ms, app.frame_ms > 0 ? 1000 / app.frame_ms : 0);
  if (!app.status.empty()) ImGui::TextWrapped("%s", app.status.c_str());
  ImGui::End();
  consent_dialog(app);
}

void draw_overlays(App& app) {
  Session& s = app.session;
  ImDrawList* dl = ImGui::GetBackgroundDrawList();
  // The pull: a line from the grabbed point to the target.
  if (s.pull.active && s.loaded && s.pull.body > 0 && s.pull.body < body_count(s)) {
    const Vec3 p = pull_point_world(s);
    double x0, y0, x1, y1;
    if (project(app.camera, app.viewport, p, &x0, &y0) && project(app.camera, app.viewport, s.pull.target, &x1, &y1)) {
      const ImU32 c = IM_COL32(220, 60, 40, 255);
      dl->AddLine(ImVec2(float(x0), float(y0)), ImVec2(float(x1), float(y1)), c, 2.5f);
      dl->AddCircleFilled(ImVec2(float(x0), float(y0)), 4.5f, c);
      dl->AddCircle(ImVec2(float(x1), float(y1)), 7.0f, c, 0, 2.0f);
    }
  }
  // The frame rate and the simulation's pace, top right of the plant.
  char text[128];
  std::snprintf(text, sizeof text, "%.0f fps   t = %.2f s", app.frame_ms > 0 ? 1000 / app.frame_ms : 0.0,
                sim_time(s));
  const ImVec2 size = ImGui::CalcTextSize(text);
  const float x = float(app.viewport.x + app.viewport.w) - size.x - 12, y = float(app.viewport.y) + 10;
  dl->AddText(ImVec2(x, y), IM_COL32(70, 75, 85, 255), text);
  if (app.behind) {
    std::snprintf(text, sizeof text, "simulation behind real time: %.0f%% speed", 100 * app.sim_ratio);
    const ImVec2 sz = ImGui::CalcTextSize(text);
    dl->AddText(ImVec2(float(app.viewport.x + app.viewport.w) - sz.x - 12, y + size.y + 4), IM_COL32(200, 110, 0, 255),
                text);
  }
  if (s.diverged)
    dl->AddText(ImVec2(float(app.viewport.x) + 12, y), IM_COL32(200, 40, 30, 255),
                "the simulation diverged: see the panel");
}

}  // namespace lsd::view

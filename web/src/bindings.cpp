// The module's JavaScript interface (embind): `Plant`, the page's living
// plant (page.hpp), and `Derivation`, a string derived in chunks. The Web
// Worker (web/site/js/worker.js) is their only caller; typed arrays handed
// out view the module's memory and are read before the next call.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include "interpreter/cpfg/preprocess.hpp"
#include "web/src/cpp.hpp"
#include "web/src/page.hpp"

namespace lsd::web {
namespace {

using emscripten::val;

template <class T>
val bytes_of(const std::vector<T>& v) {
  return val(emscripten::typed_memory_view(v.size() * sizeof(T), reinterpret_cast<const std::uint8_t*>(v.data())));
}

val vec3(const interp::Vec3& v) {
  val a = val::array();
  for (int k = 0; k < 3; ++k) a.call<void>("push", v[k]);
  return a;
}

class Plant {
 public:
  // ---- Loading (page.hpp): start, derive in chunks, install.
  bool start(const std::string& path) { return start_model(p_, path); }
  bool derive(double k) { return continue_derivation(p_.pending, long(k)); }
  val progress() const {
    val o = val::object();
    o.set("done", double(p_.pending.done));
    o.set("total", double(p_.pending.total));
    o.set("modules", double(p_.pending.ls.current.size()));
    return o;
  }
  std::string load_error() const { return p_.pending.error; }
  bool install() { return install_model(p_); }
  std::string error() const { return p_.session.error; }
  bool loaded() const { return p_.session.loaded; }
  void set_viewport(double w, double h) { p_.viewport = {0, 0, std::max(w, 1.0), std::max(h, 1.0)}; }

  val frame(double seconds, double budget) {
    const FrameReport r = advance_frame(p_, seconds, budget);
    val o = val::object();
    o.set("steps", r.steps);
    o.set("behind", r.behind);
    o.set("geometry", r.geometry);
    o.set("camera", r.camera);
    return o;
  }
  bool refresh() { return refresh_lists(p_); }
  bool run_to(double t) { return web::run_to(p_, t); }

  // ---- The draw lists (draw_lists.hpp) and one picture's view.
  val cylinders() const { return bytes_of(p_.lists.cylinders); }
  val spheres() const { return bytes_of(p_.lists.spheres); }
  val polygons() const { return bytes_of(p_.lists.polygons); }
  val textured() const { return bytes_of(p_.lists.textured); }
  val grid() const { return val(emscripten::typed_memory_view(p_.lists.grid.size(), p_.lists.grid.data())); }
  val textured_ranges() const {
    val a = val::array();
    for (const view::TexturedRange& r : p_.lists.textured_ranges) {
      val o = val::object();
      o.set("texture", r.texture);
      o.set("first", double(r.first));
      o.set("count", double(r.count));
      a.call<void>("push", o);
    }
    return a;
  }
  // Which images the geometry's textures are (the same number: the same images).
  double textures_id() const { return double(reinterpret_cast<std::uintptr_t>(p_.session.geometry.textures.get())); }
  // The images of the model's textures (cpfg's view file), id 1 first.
  val textures() const {
    val a = val::array();
    const auto& t = p_.session.geometry.textures;
    for (std::size_t i = 0; t && i < t->size(); ++i) {
      const interp::Texture& x = (*t)[i];
      val o = val::object();
      o.set("width", x.width);
      o.set("height", x.height);
      o.set("rgba", val(emscripten::typed_memory_view(x.rgba.size(), x.rgba.data())));
      o.set("decal", x.decal);
      o.set("smoothMagnify", x.smooth_magnify);
      o.set("smoothMinify", x.smooth_minify);
      o.set("mipmap", x.mipmap);
      a.call<void>("push", o);
    }
    return a;
  }
  val view(int width, int height) {
    const view::DrawView f = view::draw_view(p_.camera, p_.lists, width, height);
    view::segment_widths(p_.lists, widths_);
    const view::SegmentLevels l = view::segment_levels(f, widths_);
    val o = val::object();
    val m = val::array();
    for (int k = 0; k < 16; ++k) m.call<void>("push", f.view_proj.data()[k]);
    o.set("viewProj", m);
    o.set("eye", vec3(f.basis.eye));
    o.set("key", vec3(f.key));
    o.set("fill", vec3(f.fill));
    o.set("gridRadius", view::grid_radius(p_.lists.lo, p_.lists.hi));
    o.set("round", double(l.round));
    o.set("prism", double(l.prism));
    o.set("quad", double(l.quad));
    o.set("all", double(l.all));
    return o;
  }

  // ---- The mouse and the camera.
  void pointer_down(double x, double y, int button) { web::pointer_down(p_, x, y, button); }
  void pointer_move(double x, double y) { web::pointer_move(p_, x, y); }
  void pointer_up() { web::pointer_up(p_); }
  void wheel(double steps) { web::wheel(p_, steps); }
  void frame_now() { web::frame_now(p_); }
  bool pulling() const { return p_.drag == Drag::kPull; }

  // ---- The controls (as the viewer's panels: viewer/panels.cpp).
  val controls() const {
    const view::Session& s = p_.session;
    val o = val::object();
    o.set("playing", s.motion.playing);
    o.set("speed", s.motion.speed);
    o.set("gust", s.motion.gust);
    o.set("autoGrow", s.loaded && s.sim.automatic_growth());
    o.set("swayShown", view::sway_switch_shown(s));
    o.set("sway", s.load.compile.sway);
    if (!s.loaded) return o;
    const interp::RunSettings& rs = s.sim.settings();
    o.set("growEvery", rs.grow_every);
    o.set("windSpeed", view::wind_speed(rs.wind));
    o.set("windHeading", view::wind_speed(rs.wind) > 0 ? view::wind_heading(rs.wind) : s.motion.wind_heading);
    o.set("drag", rs.drag);
    o.set("gravity", rs.gravity.norm());
    o.set("pot", rs.kinematic_base);
    o.set("dynamics", !s.sim.living().empty());
    return o;
  }
  void set_playing(bool on) {
    p_.session.motion.playing = on;
    if (on && p_.session.diverged) view::reset(p_.session);
  }
  void set_speed(double v) { p_.session.motion.speed = std::clamp(v, 0.01, 10.0); }
  void set_gust(double v) { p_.session.motion.gust = std::clamp(v, 0.0, 1.0); }
  bool grow_one() { return view::grow_one(p_.session); }
  bool reset() {
    p_.framed_structure = -1;
    return view::reset(p_.session);
  }
  void set_auto_grow(bool on) { view::set_automatic_growth(p_.session, on); }
  bool set_sway(bool on) {
    p_.framed_structure = -1;
    return view::set_sway(p_.session, on);
  }
  bool set_grow_every(double v) { return edit([&](interp::RunSettings& rs) { rs.grow_every = v; }); }
  bool set_wind(double speed, double heading) {
    p_.session.motion.wind_heading = heading;
    return edit([&](interp::RunSettings& rs) { view::set_wind(rs.wind, speed, heading); });
  }
  bool set_drag(double v) { return edit([&](interp::RunSettings& rs) { rs.drag = v; }); }
  // Gravity on (the file's, or 9.81 m/s^2 down when the file has none) or off.
  bool set_gravity(bool on) {
    const interp::RunSettings& file = p_.session.file_settings;
    const dyn::Vec3 g = file.gravity.norm() > 0 ? file.gravity : dyn::Vec3(0, -9.81, 0);
    return edit([&](interp::RunSettings& rs) { rs.gravity = on ? g : dyn::Vec3::Zero(); });
  }
  // The pot (a kinematic base) pushed along the camera's horizontal frame:
  // right and ahead in -1..1 (the viewer's arrow keys).
  void push_pot(double right, double ahead) {
    view::Session& s = p_.session;
    const interp::Vec3 r = p_.camera.basis().right, a = interp::Vec3(0, 1, 0).cross(r);
    const interp::Vec3 push = r * right + a * ahead;
    if (push.squaredNorm() > 0 && s.loaded && !s.sim.settings().kinematic_base)
      edit([](interp::RunSettings& rs) { rs.kinematic_base = true; });
    constexpr double kPotPush = 5.0;  // m/s^2, as the viewer's arrow keys
    s.pot_push = push.squaredNorm() > 0 ? interp::Vec3(push.normalized() * kPotPush) : interp::Vec3::Zero();
  }

  // ---- What the page shows and downloads.
  val status() {
    view::Session& s = p_.session;
    val o = val::object();
    o.set("loaded", s.loaded);
    o.set("diverged", s.diverged);
    if (!s.loaded) return o;
    const interp::TraceRow r = s.sim.trace_row();
    o.set("time", r.t);
    o.set("step", r.step);
    o.set("length", double(s.sim.lsystem().derivation_length));
    o.set("modules", double(r.modules));
    o.set("bodies", r.bodies);
    o.set("kinetic", r.kinetic);
    o.set("potential", r.potential);
    o.set("elastic", r.elastic);
    o.set("recording", bool(p_.recorder));
    o.set("pulling", p_.drag == Drag::kPull);
    o.set("recordedFrames", double(p_.recorded_frames));
    return o;
  }
  std::string string_excerpt(double max_chars) const {
    std::size_t left = 0;
    std::string s = view::string_excerpt(p_.session, std::size_t(max_chars), &left);
    if (left > 0) s += "\n... and " + std::to_string(left) + " more modules (download the string to see all)";
    return s;
  }
  std::string saved_text() const { return p_.session.loaded ? p_.session.sim.saved_text() : std::string(); }
  // Every body's pose: 12 numbers each, the translation then the rotation matrix row by row.
  val poses() {
    poses_.clear();
    if (p_.session.loaded)
      for (const dyn::SE3& X : p_.session.sim.pose().oMi) {
        for (int k = 0; k < 3; ++k) poses_.push_back(X.translation[k]);
        for (int i = 0; i < 3; ++i)
          for (int j = 0; j < 3; ++j) poses_.push_back(X.rotation(i, j));
      }
    return val(emscripten::typed_memory_view(poses_.size(), poses_.data()));
  }
  void start_recording() { web::start_recording(p_); }
  val finish_recording() {
    glb_ = web::finish_recording(p_);
    return val(emscripten::typed_memory_view(glb_.size(), reinterpret_cast<const std::uint8_t*>(glb_.data())));
  }

 private:
  // The run's settings edited as the viewer's sliders do (a copy handed back).
  template <class F>
  bool edit(F&& change) {
    if (!p_.session.loaded) return false;
    interp::RunSettings rs = p_.session.sim.settings();
    change(rs);
    return view::apply_settings(p_.session, rs);
  }

  Page p_;
  std::vector<float> widths_;
  std::vector<double> poses_;
  std::string glb_;
};

// The unit spheres instances place (draw_lists.hpp, as the native
// renderer's): "sphere" (14 x 24) and "low sphere" (5 x 8, for many).
val unit_mesh(const std::string& kind) {
  static const view::UnitMesh meshes[2] = {view::unit_sphere(14, 24), view::unit_sphere(5, 8)};
  const view::UnitMesh& m = meshes[kind == "sphere" ? 0 : 1];
  val o = val::object();
  o.set("vertices", bytes_of(m.vertices));
  o.set("indices", val(emscripten::typed_memory_view(m.indices.size(), m.indices.data())));
  return o;
}

class DerivationJs {
 public:
  bool start(const std::string& text, const std::string& path, double n) {
    return start_derivation(d_, text, path, long(n));
  }
  bool step(double k) { return continue_derivation(d_, long(k)); }
  double done() const { return double(d_.done); }
  double total() const { return double(d_.total); }
  double modules() const { return double(d_.ls.current.size()); }
  std::string error() const { return d_.error; }
  std::string text() const { return derived_text(d_); }

 private:
  Derivation d_;
};

}  // namespace
}  // namespace lsd::web

EMSCRIPTEN_BINDINGS(lsd_web) {
  using namespace emscripten;
  // cpfg files go through the page's own C preprocessor: a page starts no
  // process (docs/web.md).
  lsd::interp::set_cpp_runner(&lsd::web::run_page_cpp);
  using lsd::web::DerivationJs;
  using lsd::web::Plant;
  class_<Plant>("Plant")
      .constructor<>()
      .function("start", &Plant::start)
      .function("derive", &Plant::derive)
      .function("progress", &Plant::progress)
      .function("loadError", &Plant::load_error)
      .function("install", &Plant::install)
      .function("error", &Plant::error)
      .function("loaded", &Plant::loaded)
      .function("setViewport", &Plant::set_viewport)
      .function("frame", &Plant::frame)
      .function("refresh", &Plant::refresh)
      .function("runTo", &Plant::run_to)
      .function("cylinders", &Plant::cylinders)
      .function("spheres", &Plant::spheres)
      .function("polygons", &Plant::polygons)
      .function("textured", &Plant::textured)
      .function("grid", &Plant::grid)
      .function("texturedRanges", &Plant::textured_ranges)
      .function("textures", &Plant::textures)
      .function("texturesId", &Plant::textures_id)
      .function("view", &Plant::view)
      .function("pointerDown", &Plant::pointer_down)
      .function("pointerMove", &Plant::pointer_move)
      .function("pointerUp", &Plant::pointer_up)
      .function("wheel", &Plant::wheel)
      .function("frameNow", &Plant::frame_now)
      .function("pulling", &Plant::pulling)
      .function("controls", &Plant::controls)
      .function("setPlaying", &Plant::set_playing)
      .function("setSpeed", &Plant::set_speed)
      .function("setGust", &Plant::set_gust)
      .function("growOne", &Plant::grow_one)
      .function("reset", &Plant::reset)
      .function("setAutoGrow", &Plant::set_auto_grow)
      .function("setSway", &Plant::set_sway)
      .function("setGrowEvery", &Plant::set_grow_every)
      .function("setWind", &Plant::set_wind)
      .function("setDrag", &Plant::set_drag)
      .function("setGravity", &Plant::set_gravity)
      .function("pushPot", &Plant::push_pot)
      .function("status", &Plant::status)
      .function("stringExcerpt", &Plant::string_excerpt)
      .function("savedText", &Plant::saved_text)
      .function("poses", &Plant::poses)
      .function("startRecording", &Plant::start_recording)
      .function("finishRecording", &Plant::finish_recording);
  function("unitMesh", &lsd::web::unit_mesh);
  class_<DerivationJs>("Derivation")
      .constructor<>()
      .function("start", &DerivationJs::start)
      .function("step", &DerivationJs::step)
      .function("done", &DerivationJs::done)
      .function("total", &DerivationJs::total)
      .function("modules", &DerivationJs::modules)
      .function("error", &DerivationJs::error)
      .function("text", &DerivationJs::text);
}

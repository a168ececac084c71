// Commands that draw the plant: segments (CSV), export (OBJ), render (PNG).
#include <iostream>
#include <memory>
#include <sstream>

#include "commands.hpp"
#include "interpreter/obj_export.hpp"
#include "interpreter/simulate.hpp"
#include "interpreter/turtle.hpp"
#ifdef LSD_HAVE_VIEWER
#include "viewer/offscreen.hpp"
#endif

namespace lsd::cli {
namespace {

// What every drawing command reads: the file, -n, -o and the motion options.
struct DrawOptions {
  InputOptions in;
  MotionOptions motion;
  std::optional<long> n;
  std::string out;
};

void add_draw_options(CLI::App& cmd, DrawOptions& o, const char* out_help) {
  add_input_options(cmd, o.in);
  add_steps_option(cmd, o.n, "derivation steps (default: the rest of the derivation length)");
  add_motion_options(cmd, o.motion, "first grow and move the plant for T simulated seconds, as lsd run does");
  add_output_option(cmd, o.out, out_help);
}

// Loads, derives (or with --time, grows and moves) and interprets: the
// geometry of the plant as drawn (homomorphism applied, joints bent as their
// state says).
bool geometry(const DrawOptions& o, interp::Geometry& g) {
  interp::Lsystem loaded;
  const interp::Lsystem* ls = &loaded;
  interp::Simulation sim;
  if (o.motion.time) {
    if (!load(o.in, loaded)) return false;
    const interp::RunSettings settings = run_settings(loaded, o.motion, o.n, o.in.max_modules);
    std::vector<grammar::Diagnostic> diags;
    bool ok = interp::check_run_length(loaded, settings, *o.motion.time, diags);
    if (ok) {
      ok = sim.start(std::move(loaded), settings, diags) && interp::run_until(sim, *o.motion.time, 0, nullptr, diags);
      ls = &sim.lsystem();
    }
    print_diags(diags, ls);
    if (!ok) return false;
  } else if (!load_and_derive(o.in, o.n, loaded)) {
    return false;
  }
  interp::ModuleString drawn;
  interp::DeriveOptions opts;
  opts.max_modules = o.in.max_modules;
  interp::DeriveScratch scratch;
  auto res = interp::apply_homomorphism(ls->rules, ls->current, drawn, opts, scratch);
  if (!res.ok) {
    print_diags({res.error}, ls);
    return false;
  }
  g = interp::interpret(drawn, interp::turtle_options(ls->rules));
  interp::Vec3 lo, hi;
  if (!g.bounds(&lo, &hi))
    std::cerr << "lsd: warning: nothing is drawn: the string (after the homomorphism) has no module that draws\n";
  return true;
}

}  // namespace

Runner add_segments(CLI::App& app) {
  auto* cmd = app.add_subcommand("segments", "CSV x0,y0,z0,x1,y1,z1,width of every drawn segment");
  auto o = std::make_shared<DrawOptions>();
  add_draw_options(*cmd, *o, "write the CSV to OUT instead of standard output");
  return [o]() {
    interp::Geometry g;
    if (!geometry(*o, g)) return kExitInput;
    std::string out = "x0,y0,z0,x1,y1,z1,width\n";
    for (const auto& s : g.segments) {
      for (double v : {s.p0.x(), s.p0.y(), s.p0.z(), s.p1.x(), s.p1.y(), s.p1.z()})
        out += interp::format_double(v) + ",";
      out += interp::format_double(s.width) + "\n";
    }
    if (o->out.empty()) {
      std::cout << out;
      return kExitOk;
    }
    return save_file(o->out, out) ? kExitOk : kExitInput;
  };
}

Runner add_export(CLI::App& app) {
  auto* cmd = app.add_subcommand("export", "a Wavefront OBJ mesh of the plant (and its .mtl)");
  auto o = std::make_shared<DrawOptions>();
  add_draw_options(*cmd, *o, "the mesh file OUT.obj (OUT.mtl is written beside it)");
  cmd->get_option("-o")->required();
  return [o]() {
    interp::Geometry g;
    if (!geometry(*o, g)) return kExitInput;
    std::string mtl = o->out;
    const auto dot = mtl.rfind('.');
    const auto slash = mtl.rfind('/');
    if (dot != std::string::npos && (slash == std::string::npos || dot > slash)) mtl.resize(dot);
    mtl += ".mtl";
    std::ostringstream obj, mat;
    interp::ObjOptions oo;
    oo.mtllib = mtl.substr(slash == std::string::npos ? 0 : slash + 1);
    interp::write_obj(g, obj, oo);
    interp::write_mtl(g, mat);
    return save_file(mtl, mat.str()) && save_file(o->out, obj.str()) ? kExitOk : kExitInput;
  };
}

Runner add_render(CLI::App& app) {
  struct RenderOptions {
    DrawOptions draw;
    int width = 800, height = 800;
  };
  auto* cmd = app.add_subcommand("render", "a picture of the plant (PNG), without a display");
  auto o = std::make_shared<RenderOptions>();
  add_draw_options(*cmd, o->draw, "the picture OUT.png");
  cmd->get_option("-o")->required();
  cmd->add_option("--width", o->width, "picture width in pixels (default 800)")->type_name("W")->check(number_range(16, 16384));
  cmd->add_option("--height", o->height, "picture height in pixels (default 800)")->type_name("H")->check(number_range(16, 16384));
  return [o]() {
#ifdef LSD_HAVE_VIEWER
    interp::Geometry g;
    if (!geometry(o->draw, g)) return kExitInput;
    std::string err;
    if (!view::render_png(g, o->width, o->height, o->draw.out, &err)) {
      std::cerr << "lsd: error: " << err << "\n";
      return kExitInput;
    }
    return kExitOk;
#else
    std::cerr << "lsd: error: this lsd was built without the renderer (LSD_VIEWER=OFF)\n";
    return kExitUsage;
#endif
  };
}

}  // namespace lsd::cli

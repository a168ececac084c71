// Commands that draw the plant: segments (CSV), export (OBJ), render (PNG).
#include <iostream>
#include <sstream>

#include "commands.hpp"
#include "interpreter/obj_export.hpp"
#include "interpreter/turtle.hpp"
#ifdef LSD_HAVE_VIEWER
#include "viewer/offscreen.hpp"
#endif

namespace lsd::cli {
namespace {

// Loads, derives and interprets: the geometry of the plant as drawn
// (homomorphism applied, joints bent as their state says).
// With --time T, the plant is first grown and moved for T simulated seconds (as lsd run).
bool geometry(const Args& a, interp::Geometry& g) {
  interp::Lsystem ls;
  if (a.has("time")) {
    interp::SimOptions so;
    if (!sim_options(a, so) || !load(a, ls)) return false;
    std::vector<grammar::Diagnostic> diags;
    bool ok = interp::run_simulation(ls, so, nullptr, diags);
    print_diags(diags, &ls);
    if (!ok) return false;
  } else if (!load_and_derive(a, ls)) {
    return false;
  }
  interp::ModuleString drawn;
  interp::DeriveOptions opts;
  opts.max_modules = a.max_modules;
  auto res = interp::apply_homomorphism(ls.rules, ls.current, drawn, opts, ls.scratch);
  if (!res.ok) {
    print_diags({res.error}, &ls);
    return false;
  }
  g = interp::interpret(drawn, interp::turtle_options(ls.rules));
  return true;
}

}  // namespace

int cmd_segments(const Args& a) {
  interp::Geometry g;
  if (!geometry(a, g)) return kExitInput;
  std::string out = "x0,y0,z0,x1,y1,z1,width\n";
  for (const auto& s : g.segments) {
    for (double v : {s.p0.x(), s.p0.y(), s.p0.z(), s.p1.x(), s.p1.y(), s.p1.z()}) out += interp::format_double(v) + ",";
    out += interp::format_double(s.width) + "\n";
  }
  if (a.out.empty()) {
    std::cout << out;
    return kExitOk;
  }
  return save_file(a.out, out) ? kExitOk : kExitInput;
}

int cmd_export(const Args& a) {
  if (a.out.empty()) {
    usage("export needs -o OUT.obj");
    return kExitUsage;
  }
  interp::Geometry g;
  if (!geometry(a, g)) return kExitInput;
  std::string mtl = a.out;
  auto dot = mtl.rfind('.');
  auto slash = mtl.rfind('/');
  if (dot != std::string::npos && (slash == std::string::npos || dot > slash)) mtl.resize(dot);
  mtl += ".mtl";
  std::ostringstream obj, mat;
  interp::ObjOptions oo;
  oo.mtllib = mtl.substr(slash == std::string::npos ? 0 : slash + 1);
  interp::write_obj(g, obj, oo);
  interp::write_mtl(g, mat);
  return save_file(mtl, mat.str()) && save_file(a.out, obj.str()) ? kExitOk : kExitInput;
}

int cmd_render(const Args& a) {
  if (a.out.empty()) {
    usage("render needs -o OUT.png");
    return kExitUsage;
  }
  double w = 800, h = 800;
  if (!number_opt(a, "width", w, 16, 16384) || !number_opt(a, "height", h, 16, 16384)) return kExitUsage;
#ifdef LSD_HAVE_VIEWER
  interp::Geometry g;
  if (!geometry(a, g)) return kExitInput;
  std::string err;
  if (!view::render_png(g, int(w), int(h), a.out, &err)) {
    std::cerr << "lsd: error: " << err << "\n";
    return kExitInput;
  }
  return kExitOk;
#else
  std::cerr << "lsd: error: this lsd was built without the renderer (LSD_VIEWER=OFF)\n";
  return kExitUsage;
#endif
}

}  // namespace lsd::cli

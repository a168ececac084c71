// Commands that draw the plant: segments (CSV), export (OBJ, glTF), render
// (PNG, video, frames; the animations are in animate.cpp).
#include <algorithm>
#include <iostream>
#include <memory>
#include <sstream>

#include "common/text.hpp"
#include "draw.hpp"
#include "interpreter/export/obj.hpp"
#include "draw_module.hpp"

namespace lsd::cli {

void warn_if_empty(const interp::Scene& scene) {
  interp::Vec3 lo, hi;
  if (!scene.geometry.bounds(&lo, &hi))
    std::cerr << "lsd: warning: nothing is drawn: the string (after the homomorphism) has no module that draws\n";
}

OutputKind output_kind(const std::string& path) {
  const auto slash = path.rfind('/'), dot = path.rfind('.');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return OutputKind::kUnknown;
  const std::string ext = text::lower(path.substr(dot + 1));
  const bool numbered = path.find('%', slash == std::string::npos ? 0 : slash) != std::string::npos;
  if (ext == "png") return numbered ? OutputKind::kPngFrames : OutputKind::kPng;
  if (ext == "obj") return OutputKind::kObj;
  if (ext == "glb") return OutputKind::kGlb;
  if (ext == "gltf") return OutputKind::kGltf;
  if (ext == "mp4") return OutputKind::kMp4;
  return OutputKind::kUnknown;
}

int usage_error(const char* command, const std::string& what) {
  std::cerr << "lsd " << command << ": " << what << "\n";
  return kExitUsage;
}

namespace {

void add_draw_options(CLI::App& cmd, DrawOptions& o, const char* out_help) {
  add_input_options(cmd, o.in);
  add_steps_option(cmd, o.n, "derivation steps (default: the rest of the derivation length)");
  add_motion_options(cmd, o.motion, "first grow and move the plant for T simulated seconds, as lsd run does");
  add_output_option(cmd, o.out, out_help);
  add_quiet_option(cmd, o.quiet);
}

}  // namespace

bool plant_scene(const DrawOptions& o, const interp::SceneOptions& opts, interp::Scene& scene) {
  Progress progress(o.quiet);
  grammar::Diagnostic error;
  bool ok = false;
  if (o.motion.time) {  // grown and moved as lsd run does, drawn in its last pose
    interp::Lsystem loaded;
    if (!load(o.in, loaded)) return false;
    const interp::RunSettings settings = run_settings(loaded, o.motion, o.n, o.in.max_modules);
    std::vector<grammar::Diagnostic> diags;
    progress.span(loaded.time(), *o.motion.time);
    interp::Simulation sim;
    const bool ran = sim.start(std::move(loaded), settings, diags, *o.motion.time) &&
                     run_until(sim, *o.motion.time, 0, nullptr, diags, progress);
    progress.clear();
    print_diags(diags, &sim.lsystem());
    if (!ran) return false;
    ok = interp::build_scene(sim, opts, scene, error);
    if (!ok) print_diags({error}, &sim.lsystem());
  } else {
    interp::Lsystem ls;
    if (!load_and_derive(o.in, o.n, ls, progress)) return false;
    ok = interp::build_scene(ls, run_settings(ls, o.motion, {}, o.in.max_modules), opts, scene, error);
    if (!ok) print_diags({error}, &ls);
  }
  if (ok) warn_if_empty(scene);
  return ok;
}

// `lsd segments --primitives`: every drawn primitive, one a line, for
// comparing with another program's geometry (scripts/cpfg_tally.py):
// "segment x0 y0 z0 x1 y1 z1 width [end width]" (the end width of a cone),
// "sphere x y z diameter", "polygon n smooth x1 y1 z1 ... xn yn zn" (smooth:
// 1 when the polygon has vertex normals, as generalized cylinders do).
static std::string primitive_lines(const interp::Geometry& g) {
  std::string out;
  auto num = [&out](double v) {
    out += ' ';
    out += interp::format_double(v);
  };
  std::size_t tapered = 0;
  for (std::size_t i = 0; i < g.segments.size(); ++i) {
    const auto& s = g.segments[i];
    out += "segment";
    for (double v : {s.p0.x(), s.p0.y(), s.p0.z(), s.p1.x(), s.p1.y(), s.p1.z(), s.width}) num(v);
    if (const double w1 = g.end_width(i, tapered); w1 != s.width) num(w1);
    out += "\n";
  }
  for (const auto& s : g.spheres) {
    out += "sphere";
    for (double v : {s.centre.x(), s.centre.y(), s.centre.z(), s.diameter}) num(v);
    out += "\n";
  }
  for (const auto& p : g.polygons) {
    const bool smooth = p.first < g.polygon_normals.size();
    out += "polygon " + std::to_string(p.count) + (smooth ? " 1" : " 0");
    for (std::uint32_t k = 0; k < p.count; ++k)
      for (double v : g.polygon_vertices[p.first + k]) num(v);
    out += "\n";
  }
  return out;
}

Runner add_segments(CLI::App& app) {
  auto* cmd = app.add_subcommand("segments", "CSV x0,y0,z0,x1,y1,z1,width of every drawn segment");
  auto o = std::make_shared<DrawOptions>();
  add_draw_options(*cmd, *o, "write the CSV to OUT instead of standard output");
  auto primitives = std::make_shared<bool>(false);
  cmd->add_flag("--primitives", *primitives,
                "every drawn primitive instead, one a line: segment x0 y0 z0 x1 y1 z1 width [end width], sphere x y z "
                "diameter, polygon n smooth x1 y1 z1 ... (for comparing with cpfg, scripts/cpfg_tally.py)");
  return [o, primitives]() {
    interp::Scene scene;
    if (!plant_scene(*o, interp::plant_only(), scene)) return kExitInput;
    const interp::Geometry& g = scene.geometry;
    std::string out = *primitives ? primitive_lines(g) : "x0,y0,z0,x1,y1,z1,width\n";
    // (the rods' centreline pieces among them: their tubes are polygons, docs/language.md 7.9)
    for (const auto& s : *primitives ? std::vector<interp::Geometry::Segment>{} : interp::listed_segments(g)) {
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
  auto* cmd = app.add_subcommand(
      "export", "a mesh of the plant: Wavefront OBJ (and its .mtl), or glTF 2.0 (.glb, .gltf), animated with --time");
  auto o = std::make_shared<DrawOptions>();
  add_draw_options(*cmd, *o,
                   "OUT.obj (OUT.mtl is written beside it), or OUT.glb / OUT.gltf: with --time, the growth and "
                   "motion from the string's time to T as one animation");
  add_fps_option(*cmd, o->fps, "keyframes per second of a glTF animation (default 30)");
  cmd->get_option("-o")->required();
  return [o]() {
    const OutputKind kind = output_kind(o->out);
    if (kind == OutputKind::kGlb || kind == OutputKind::kGltf) {
      if (o->fps && !o->motion.time) return usage_error("export", "--fps needs --time T (the span to animate)");
      return export_gltf(*o, kind == OutputKind::kGlb);
    }
    if (kind != OutputKind::kObj) return usage_error("export", "'" + o->out + "': use an .obj, .glb or .gltf file");
    if (o->fps) return usage_error("export", "--fps needs an animated output (.glb or .gltf)");
    interp::Scene scene;
    if (!plant_scene(*o, interp::plant_only(), scene)) return kExitInput;
    const interp::Geometry& g = scene.geometry;
    std::string mtl = o->out;
    const auto dot = mtl.rfind('.');
    const auto slash = mtl.rfind('/');
    mtl.resize(dot);
    mtl += ".mtl";
    std::ostringstream obj, mat;
    interp::ObjOptions oo;
    oo.mtllib = mtl.substr(slash == std::string::npos ? 0 : slash + 1);
    interp::write_obj(g, obj, oo);
    // a cpfg model's textures: OUT_texture_<id>.png beside the .mtl that names them
    const std::string stem = o->out.substr(0, dot);
    const std::string stem_name = stem.substr(slash == std::string::npos ? 0 : slash + 1);
    interp::write_mtl(g, mat, stem_name);
    for (int t : interp::textures_used(g))
      if (!save_file(interp::texture_file(stem, t), interp::texture_png(*g.texture(t)))) return kExitInput;
    return save_file(mtl, mat.str()) && save_file(o->out, obj.str()) ? kExitOk : kExitInput;
  };
}

Runner add_render(CLI::App& app) {
  struct RenderOptions {
    DrawOptions draw;
    int width = 800, height = 800;
    CameraOptions camera;
  };
  auto* cmd = app.add_subcommand(
      "render", "a picture of the plant (PNG), or with --time a video (MP4) or numbered PNG frames, without a display");
  auto o = std::make_shared<RenderOptions>();
  add_draw_options(*cmd, o->draw,
                   "the picture OUT.png, or with --time the video OUT.mp4 (H.264) or the frames DIR/%04d.png "
                   "(numbered from 0) of the growth and motion up to T");
  add_fps_option(*cmd, o->draw.fps, "frames per second of a video or frame sequence (default 30)");
  cmd->get_option("-o")->required();
  cmd->add_option("--width", o->width, "picture width in pixels (default 800)")->type_name("W")->check(number_range(16, 16384));
  cmd->add_option("--height", o->height, "picture height in pixels (default 800)")->type_name("H")->check(number_range(16, 16384));
  add_camera_options(*cmd, o->camera, /*orbit=*/true);
  return [o]() {
    const OutputKind kind = output_kind(o->draw.out);
    if (kind != OutputKind::kPng && kind != OutputKind::kMp4 && kind != OutputKind::kPngFrames)
      return usage_error("render", "'" + o->draw.out + "': use a .png picture, an .mp4 video or numbered frames such as frames/%04d.png");
    if (kind == OutputKind::kPng && o->draw.fps)
      return usage_error("render", "--fps needs a video (.mp4) or numbered frames (frames/%04d.png)");
    if (kind == OutputKind::kPng && o->camera.orbit)
      return usage_error("render", "--orbit needs a video (.mp4) or numbered frames (frames/%04d.png)");
#ifdef LSD_HAVE_VIEWER
    if (kind != OutputKind::kPng) return render_animation(o->draw, o->width, o->height, o->camera, kind);
    view::CameraChoice choice;
    if (!camera_choice(o->camera, &choice)) return kExitInput;
    const view::DrawModule* drawing = draw_module();
    if (!drawing) return kExitInput;
    interp::Scene scene;
    if (!plant_scene(o->draw, {}, scene)) return kExitInput;
    // Framed on the plant, its poles and spheres; the ground lies under them.
    const view::Camera cam = view::frame_choice(scene.without_ground(), double(o->width) / o->height, choice);
    std::string err;
    if (!make_folder_for(o->draw.out)) return kExitInput;
    if (!drawing->render_png(scene.geometry, o->width, o->height, o->draw.out, &cam, {}, &err)) {
      std::cerr << "lsd: error: " << err << "\n";
      return kExitInput;
    }
    return kExitOk;
#else
    std::cerr << "lsd: error: this lsd was built without the renderer (LSD_VIEWER=OFF)\n";
    return kExitInput;  // no OpenGL here: as without the drawing module
#endif
  };
}

}  // namespace lsd::cli

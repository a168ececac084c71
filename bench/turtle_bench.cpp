// Benchmark of interpreter/turtle/src/turtle.cpp and viewer/ (renderer, offscreen): interpret a
// string of about a million segments (target >= 20 M modules/s) and render it
// to a PNG (target < 1 s). Prints figures; asserts nothing.
//
// The render needs no display: its context is headless (EGL).
// `turtle_bench --render` runs the render part alone.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "interpreter/turtle/turtle.hpp"
#ifdef LSD_HAVE_VIEWER
#include "viewer/camera.hpp"
#include "viewer/gl_context.hpp"
#include "viewer/offscreen.hpp"
#include "viewer/renderer.hpp"
#endif

using namespace lsd::interp;

namespace {

double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// A 3-D binary tree: F(l) [+(a) /(137.5) left] [-(a) /(137.5) right], with
// 2^(depth+1) - 1 segments, every module parametric.
void tree(ModuleString& s, int depth, double len) {
  s.push('!', {0.006 * (depth + 1)});
  s.push('F', {len});
  if (depth == 0) return;
  for (double turn : {32.0, -27.0}) {
    s.push('[');
    s.push('+', {turn});
    s.push('/', {137.5});
    tree(s, depth - 1, len * 0.82);
    s.push(']');
  }
}

// ABOP fig. 1.24a, F -> F[+F]F[-F]F, n steps: non-parametric modules.
ModuleString weed(int n) {
  std::string s = "F";
  for (int i = 0; i < n; ++i) {
    std::string t;
    t.reserve(s.size() * 5);
    for (char c : s) t += c == 'F' ? std::string("F[+F]F[-F]F") : std::string(1, c);
    s.swap(t);
  }
  ModuleString m;
  m.reserve(s.size(), 0);
  for (char c : s) m.push((unsigned char)c);
  return m;
}

// Best of a few runs, in seconds.
template <class F>
double best_of(int runs, F&& f) {
  double best = 1e300;
  for (int i = 0; i < runs; ++i) {
    const double t0 = now();
    f();
    best = std::min(best, now() - t0);
  }
  return best;
}

ModuleString big_tree() {
  ModuleString s;
  s.reserve(5'000'000, 10'000'000);
  tree(s, 19, 1.0);
  return s;
}

void bench_interpret() {
  const ModuleString tr = big_tree();
  TurtleOptions opt;
  opt.angle = 25.7;
  std::size_t segs = 0;
  double t = best_of(5, [&] { segs = interpret(tr, opt).segments.size(); });
  std::printf("interpret, parametric 3-D tree: %zu modules, %zu segments: %.1f ms, %.1f M modules/s (target >= 20)\n",
              tr.size(), segs, t * 1e3, tr.size() / t / 1e6);

  const ModuleString w = weed(8);
  t = best_of(5, [&] { segs = interpret(w, opt).segments.size(); });
  std::printf("interpret, fig. 1.24a n=8 (no parameters): %zu modules, %zu segments: %.1f ms, %.1f M modules/s\n",
              w.size(), segs, t * 1e3, w.size() / t / 1e6);

  opt.tropism = true;
  opt.tropism_e = 0.1;
  t = best_of(3, [&] { segs = interpret(tr, opt).segments.size(); });
  std::printf("interpret, same tree with tropism: %.1f ms, %.1f M modules/s\n", t * 1e3, tr.size() / t / 1e6);

  ModuleString q = tr;
  t = best_of(5, [&] { fill_queries(q); });
  std::printf("fill_queries (no query modules, a full walk): %.1f ms, %.1f M modules/s\n", t * 1e3,
              q.size() / t / 1e6);
}

#ifdef LSD_HAVE_VIEWER
void bench_render() {
  const ModuleString tr = big_tree();
  const Geometry g = interpret(tr);
  const std::string path =
      (std::filesystem::temp_directory_path() / ("lsd_bench_" + std::to_string(getpid()) + ".png")).string();
  for (int run = 0; run < 2; ++run) {
    std::string error;
    const double t0 = now();
    const bool ok = lsd::view::render_png(g, 1280, 800, path, &error);
    const double t = now() - t0;
    if (!ok) {
      std::printf("render_png failed: %s\n", error.c_str());
      return;
    }
    std::printf("render_png 1280x800 of %zu segments (context, upload, draw, PNG): %.0f ms (target < 1000)\n",
                g.segments.size(), t * 1e3);
  }

  // The same work in stages.
  const double t0 = now();
  lsd::view::GlWindow gl;
  std::string error;
  if (!gl.open({64, 64, "bench", false, true}, &error)) return;  // headless, as render_png
  const double t1 = now();
  std::vector<std::uint8_t> rgb;
  {
    lsd::view::Renderer r;
    r.init(&error);
    r.upload(g);
    const double t2 = now();
    const lsd::view::Camera cam = lsd::view::frame_geometry(g, 1280.0 / 800);
    const double t3 = now();
    lsd::view::render_offscreen(r, cam, 1280, 800, {}, &rgb, &error);
    const double t4 = now();
    lsd::view::write_png(path, 1280, 800, rgb, &error);
    const double t5 = now();
    std::printf("  stages: context %.0f ms, shaders + upload %.0f ms, framing %.0f ms, draw + read back %.0f ms, "
                "PNG %.0f ms\n",
                (t1 - t0) * 1e3, (t2 - t1) * 1e3, (t3 - t2) * 1e3, (t4 - t3) * 1e3, (t5 - t4) * 1e3);
    r.release();
  }
  gl.close();
  if (!std::getenv("LSD_KEEP_RENDER")) std::filesystem::remove(path);
  else std::printf("picture kept in %s\n", path.c_str());
}
#endif

}  // namespace

int main(int argc, char** argv) {
  if (!(argc > 1 && std::string(argv[1]) == "--render")) bench_interpret();
#ifdef LSD_HAVE_VIEWER
  bench_render();
#endif
  return 0;
}

// A cpfg model's companion files (CPFG manual section 8, vlab object
// folders): where they are, and the view file (.v) with what it names —
// colour maps (.map) or materials (.mat), functions (.func, .fset),
// contours (.con) and surfaces (.s).
#pragma once
#include <array>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <Eigen/Core>
#include <Eigen/Geometry>

#include "interpreter/cpfg/spline_functions.hpp"
#include "grammar/diagnostic.hpp"
#include "interpreter/cpfg/texture.hpp"
#include "interpreter/cpfg/trust.hpp"

namespace lsd::interp {

// A tropism of the view file (`tropism: T: x y z A: a I: i E: e S: s`):
// before each move the heading bends toward T (CPFG manual 8.1.8).
struct CpfgTropism {
  Eigen::Vector3d dir{0, -1, 0};  // T, scaled by the intensity I
  double angle = 0;               // A: degrees from T that the heading tends to (90: diatropism)
  double elasticity = 0;          // E: the starting elasticity
  double step = 0;                // S: the step of @Ti / @Td
  bool torque = false;            // `torque:` (a twist about the heading)
};

// A predefined surface (`surface: id file.s scale`): bicubic Bezier patches
// in the surface's own frame, placed at the turtle by ~id (CPFG manual 6.7.1).
struct CpfgSurface {
  std::vector<std::array<Eigen::Vector3d, 16>> patches;  // control points, row by row, in turtle axes (L, H, U)
  Eigen::Vector3d end{0, 0, 0};                          // where the turtle goes after it (the END POINT)
  // quads along s (a patch's rows) and t (its columns), cpfg's patches.c: the
  // view file's, else the surface file's PRECISION S: (for both), else 5; 1 to 10
  int s_precision = 5, t_precision = 5;
  int texture = -1;  // the surface line's texture: -1 the turtle's (@Tx), 0 none, else that texture id
};

// The view file's `background scene:` (cpfg's background.c): primitives in
// world coordinates, drawn after the plant as cpfg draws and writes them.
struct CpfgBackground {
  // cylinder r h and cone r0 r1 h: from p0 to p1 (the local y axis), with a
  // disc of its radius square to the axis at each end; a sphere has r1 = -1.
  struct Solid {
    Eigen::Vector3d p0, p1;
    double r0, r1;
    int material;  // index in materials, -1: the plant's first colour
  };
  struct Face {  // polygon, polygonuv, rectangle, mesh and prism faces
    std::vector<Eigen::Vector3d> points;
    int material;
  };
  std::vector<Solid> solids;
  std::vector<Face> faces;
  std::vector<std::array<float, 3>> materials;  // the `material` lines' diffuse colours
  bool empty() const { return solids.empty() && faces.empty(); }
};

// Reads a background scene file (after the C preprocessor, as cpfg runs
// it): polygon, polygonuv, rectangle, mesh, prism (box), cone, cylinder,
// sphere, material, pushmatrix, popmatrix, translate, rotate, scale,
// multmatrix. False with a message when the file cannot be read. Its
// #include stays inside the model's folder (docs/language.md 9.7).
bool read_background_scene(const std::string& path, const ModelFolder& model, CpfgBackground& out,
                           std::string& error, std::vector<grammar::Diagnostic>& diags);

// What a view file sets, with cpfg's defaults (InitializeParameters).
struct CpfgView {
  bool present = false;
  std::string path;
  double angle = 45;                     // angle increment, or 360 / angle factor
  int colour = 128, colour_back = 128;   // initial color
  int colour_increment = 1, colour_increment_back = 1;
  double width = 1;                      // initial line width
  double width_increment = 0;            // line width increment: # and ! without a parameter
  enum class LineStyle { kPixel, kPolygon, kCylinder } line_style = LineStyle::kPixel;
  double scale = 1, scale_multiplier = 1;  // initial scale, scale multiplier (@D @Di @Dd)
  // the old tropism: `tropism direction`, `initial elasticity`, `elasticity increment` (the _ module)
  Eigen::Vector3d old_tropism{0, 1, 0};
  double elasticity = 0, elasticity_increment = 0;
  std::vector<CpfgTropism> tropisms;
  int contour_sides = 8;
  double tangent = 1.2;                  // the Hermite tangent coefficient of generalized cylinders
  bool twist_cylinders = false;          // `twist of cylinders: on`: their sections turn with the turtle's up
  bool past_cut = true;                  // interpretation past %
  // cpfg finds the view volume by interpreting the string once before it
  // draws it, unless the view file gives it (`box:`)
  bool auto_volume = true;
  bool function_set = false;             // the functions came from a `function set:` (cpfg's gallery)
  std::map<char, CpfgSurface> surfaces;  // by id
  std::shared_ptr<const CpfgBackground> background;  // `background scene:`, or null
  std::vector<std::array<float, 3>> palette;  // colour index -> sRGB, from the colour map or materials
  // `texture:` lines, id 1 first; one that cannot be read keeps its place, empty (width 0).
  std::shared_ptr<const std::vector<Texture>> textures;
};

// The files of one cpfg model.
struct CpfgModelFiles {
  std::string folder;                  // the model's folder: its files stay inside it (docs/language.md 9.7)
  std::string lsystem;                 // the .l file
  std::string view;                    // the .v file ("" when there is none)
  std::vector<std::string> colourmaps; // .map files, 256 colours each, in order (-m, -m1, -m2)
  std::vector<std::string> materials;  // .mat files (-M)
  std::string animation;               // .a (not used)
  std::string environment;             // -e file.e: the environment file (environment.hpp)
  std::vector<grammar::Diagnostic> warnings;  // the files named that leave the folder, not used
};

// Finds a model's files as vlab does: from a folder or a .l file, the
// `cpfg ...` line of the folder's `specifications` that names the .l file,
// else the folder's only .l file, with the .v, .map or .mat of the same
// name (or the folder's only one). A file named outside the folder (`..`,
// an absolute path, a symbolic link that leaves it) is a warning in
// out.warnings and is not used, unless allow_outside. False with a message
// when no model is found.
bool find_cpfg_model(const std::string& path, CpfgModelFiles& out, std::string& error, bool allow_outside = false);

// Reads the view file and what it names. Every command lsd ignores, every
// file it cannot read and every file named outside `folder` (whose root ""
// is the view file's own folder) is a warning located in the view file.
void read_view_file(const std::string& path, CpfgView& view, FunctionSet& functions,
                    std::vector<grammar::Diagnostic>& diags, const ModelFolder& folder = {});
// The same from the view file's text (`path` names it and its folder finds the files it names).
void read_view_text(std::string text, const std::string& path, CpfgView& view, FunctionSet& functions,
                    std::vector<grammar::Diagnostic>& diags, const ModelFolder& folder = {});

// The colours of a colour map (.map: 256 RGB bytes) or of materials (.mat:
// records of an index and 14 bytes; the diffuse colour), appended to the
// palette from index `first` on.
bool read_colour_map(const std::string& path, int first, std::vector<std::array<float, 3>>& palette,
                     std::string& error);
bool read_materials(const std::string& path, int first, std::vector<std::array<float, 3>>& palette,
                    std::string& error);

// A surface file (.s): its patches, scaled so that its SIZE becomes `size`
// (surface.cpp). At most 10,000 patches (common/limits.hpp).
bool read_surface_file(const std::string& path, double size, CpfgSurface& out, std::string& error);
bool parse_surface_text(const std::string& text, const std::string& path, double size, CpfgSurface& out,
                        std::string& error);

}  // namespace lsd::interp

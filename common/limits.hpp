// Every limit a user can meet, with one value and one wording each. Limits
// stop hostile or runaway input (a file of nested parentheses, a grammar that
// doubles its string forever, a simulation that explodes) with a message that
// names the limit instead of a crash, a hang or an exhausted memory.
//
// Header-only and dependency-free: grammar/, interpreter/ and dynamics/ all
// read it.
#pragma once
#include <cstddef>
#include <cstdint>

namespace lsd::limits {

// ---- Input files.
inline constexpr std::size_t kLsFileBytes = std::size_t(64) << 20;   // a .ls file larger than 64 MiB is refused
inline constexpr const char* kLsFileBytesText = "64 MiB";
// a string file larger than 4 GiB is refused (in the page's 32-bit WebAssembly: larger than its address space)
inline constexpr std::size_t kStringFileBytes = sizeof(std::size_t) > 4 ? std::size_t(std::uint64_t(1) << 32) : SIZE_MAX;

// ---- Expressions. One depth counts parentheses, operators, function calls
// and unary signs alike: `((x))`, `- - x`, `1+1+1` and `sin(sin(x))` nest 3,
// 3, 3 and 3 deep. Parsing, compiling and evaluating stay within it.
inline constexpr int kExpressionDepth = 256;
inline constexpr const char* kExpressionDepthMessage = "expression nested deeper than 256 levels";
// The evaluation stack an expression of that depth can need (a call of three
// arguments keeps two values waiting at each level).
inline constexpr int kExpressionStack = 2 * kExpressionDepth + 2;

// ---- Derivation.
inline constexpr long kDerivationSteps = 1'000'000'000;        // steps of one string, in all (derivation length, -n)
inline constexpr const char* kDerivationStepsText = "10^9";
inline constexpr std::size_t kModules = 200'000'000;          // default of --max-modules (about 2.6 GB at peak)
inline constexpr std::size_t kParameters = 0xffffffffu;       // parameters of one string (32-bit offsets)
inline constexpr int kRewriteDepth = 100000;                  // maximum depth: of decomposition and homomorphism (real cpfg files use 15000)

// ---- cpfg statements.
inline constexpr long kLoopIterations = 10'000'000;   // while / do iterations of one run of a block (or one production's statements)
inline constexpr const char* kLoopIterationsText = "10^7";
inline constexpr std::size_t kArrayElements = std::size_t(1) << 26;  // elements of all define: arrays together

// ---- cpfg models (docs/language.md 9.7): the files of a vlab object folder
// and what an environment program sends back. Each limit is refused with a
// message naming the file (and the line, where there is one) and the limit.
inline constexpr std::size_t kModelFileBytes = std::size_t(16) << 20;  // a view, surface, contour, function, colour, material or environment file
inline constexpr const char* kModelFileBytesText = "16 MiB";
inline constexpr int kCurvePoints = 10000;        // the points of one function, contour or curve (its `points:`)
inline constexpr const char* kCurvePointsText = "10,000";
inline constexpr int kCurveSamples = 10000;       // the samples of one function's or curve's table (`samples:`, the view file's number)
inline constexpr const char* kCurveSamplesText = "10,000";
inline constexpr int kFunctionSetItems = 1000;    // the functions of one function set (`items:`)
inline constexpr const char* kFunctionSetItemsText = "1,000";
// The samples of all function tables everything one view file loads asks for (`samples:` summed over
// its function files and function set, and the samples it gives old function files). Each sample is
// found by bisection as cpfg finds it (up to 200 halvings), so a set of 1,000 functions of 10,000
// samples took 28 s, and 256 function files of 10,000 samples each would take as long; vlab's
// largest set asks for 1,000 in all.
inline constexpr long kFunctionTableSamples = 20000;
inline constexpr const char* kFunctionTableSamplesText = "20,000";
inline constexpr int kSurfacePatches = 10000;     // the patches of one surface file
inline constexpr const char* kSurfacePatchesText = "10,000";
inline constexpr int kViewFileNames = 256;        // the files one view file names (functions, curves, contours, surfaces, textures)
inline constexpr const char* kViewFileNamesText = "256";
inline constexpr std::size_t kImageFileBytes = std::size_t(256) << 20;  // a texture image file
inline constexpr const char* kImageFileBytesText = "256 MiB";
inline constexpr int kImageSide = 16384;          // pixels on a side of a texture
inline constexpr std::size_t kImagePixels = std::size_t(1) << 26;  // pixels of a texture (256 MiB as RGBA)
inline constexpr const char* kImageSizeText = "16384 pixels on a side or 67,108,864 pixels in all";
inline constexpr int kIncludedFiles = 256;        // distinct files #include brings into one .l or view file
inline constexpr const char* kIncludedFilesText = "256";
inline constexpr std::size_t kEnvironmentAnswerBytes = std::size_t(16) << 20;  // what an environment program sends back for one step
inline constexpr const char* kEnvironmentAnswerBytesText = "16 MiB";
inline constexpr double kEnvironmentTimeout = 60;  // s: the default wait for an environment program (LSD_ENVIRONMENT_TIMEOUT)

// ---- Simulation.
inline constexpr double kPhysicsSteps = 1e8;          // steps of dt one run may take
inline constexpr double kAngularVelocity = 1e4;       // rad/s: a joint spinning faster has diverged
inline constexpr int kSubsteps = 64;                  // substeps of one step, whatever max_turn asks
inline constexpr int kToleranceSubsteps = 4096;        // substeps of one step under a tolerance (dynamics: tolerance:)

// ---- Drawing.
inline constexpr int kCylinderStrips = 256;  // strips between two control points of a generalized cylinder
inline constexpr int kCylinderSides = 256;   // sides around a cylinder or a contour

// ---- Pictures and videos.
inline constexpr int kPictureSide = 16384;  // pixels a side of `lsd render` to PNG
inline constexpr int kVideoSide = 8192;     // pixels a side of a video (H.264's largest level holds 8192 x 4320)
inline constexpr std::size_t kAntialiasedPrimitives = 250000;  // more primitives are drawn without multisampling

// ---- Animations (lsd export --time to .glb/.gltf, lsd render --fps).
inline constexpr long kAnimationFrames = 100'000;           // frames of one animation (55 min at 30 fps)
inline constexpr std::size_t kAnimationPoses = 20'000'000;  // body poses kept for one glTF (bodies x frames, 28 B each)

}  // namespace lsd::limits

// Every limit a user can meet, with one value and one wording each. Limits
// stop hostile or runaway input (a file of nested parentheses, a grammar that
// doubles its string forever, a simulation that explodes) with a message that
// names the limit instead of a crash, a hang or an exhausted memory.
//
// Header-only and dependency-free: grammar/, interpreter/ and dynamics/ all
// read it.
#pragma once
#include <cstddef>

namespace lsd::limits {

// ---- Input files.
inline constexpr std::size_t kLsFileBytes = std::size_t(64) << 20;   // a .ls file larger than 64 MiB is refused
inline constexpr std::size_t kStringFileBytes = std::size_t(1) << 32;  // a string file larger than 4 GiB is refused

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

// ---- Simulation.
inline constexpr double kPhysicsSteps = 1e8;          // steps of dt one run may take
inline constexpr double kAngularVelocity = 1e4;       // rad/s: a joint spinning faster has diverged

// ---- Files a model names (textures).
inline constexpr int kImageSide = 16384;                          // pixels a side of a texture image
inline constexpr std::size_t kImageFileBytes = std::size_t(1) << 28;  // a texture file larger than 256 MiB is refused

// ---- Drawing.
inline constexpr int kCylinderStrips = 256;  // strips between two control points of a generalized cylinder
inline constexpr int kCylinderSides = 256;   // sides around a cylinder or a contour

// ---- Simulation steps.
inline constexpr int kSubsteps = 64;  // substeps of one step, whatever max_turn asks

// ---- Pictures and videos.
inline constexpr int kPictureSide = 16384;  // pixels a side of `lsd render` to PNG
inline constexpr int kVideoSide = 8192;     // pixels a side of a video (H.264's largest level holds 8192 x 4320)
inline constexpr std::size_t kAntialiasedPrimitives = 250000;  // more primitives are drawn without multisampling

// ---- Animations (lsd export --time to .glb/.gltf, lsd render --fps).
inline constexpr long kAnimationFrames = 100'000;           // frames of one animation (55 min at 30 fps)
inline constexpr std::size_t kAnimationPoses = 20'000'000;  // body poses kept for one glTF (bodies x frames, 28 B each)

}  // namespace lsd::limits

// The same plant in MuJoCo: an lsd_dynamics Model written as MJCF
// text in memory and compiled by mj_loadXML through MuJoCo's virtual file
// system. Body i of the lsd model becomes a MuJoCo body at joint_placement[i]
// in its parent with one ball joint at its origin, the same inertia (an
// <inertial> element: mass, centre of mass, the full 3x3 about it), a
// capsule of the segment's length and radius for the eye (it collides with
// nothing: these plants have no contact) and the same gravity.
//
// Joint springs: MuJoCo's ball joint has one stiffness k for all three axes,
// its torque -k r with r the rotation vector (2.2.2, mj_passive), while lsd's
// is -J_r(r)^-T K r with K per axis (docs/dynamics.md, "Physics"). With K =
// k I the two are the same torque exactly (J_r(r)^T r = r), so the plants
// compared here have K = k I: the bending constant of docs/language.md
// section 7.5 on every axis, twist included (docs/dynamics.md, "Peers",
// says what that changes).
// Damping is per axis in both (MuJoCo's dof_damping, set after compiling).
//
// MuJoCo 2.2.2 reads MJCF with tinyxml2, which refuses an element nested
// more than 100 deep: a chain of more than ~95 bodies is cut into pieces of
// 80 nested bodies, each a file of its own that the previous one includes
// (<include> inserts the parsed piece into the tree, so the depth limit
// applies per file only).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <mujoco/mujoco.h>

#include "dynamics/dynamics.hpp"

namespace lsd::peers {

// How the plant is stepped in MuJoCo.
struct MjSettings {
  double dt = 1e-4;         // s
  bool implicit = false;    // mjINT_IMPLICIT (implicit in velocity) instead of mjINT_EULER
  double segment = 0.1;     // m: capsule length (along body x)
  double radius = 0.01;     // m: capsule radius
  // mjData's stack in mjtNums; 0: enough for the integrator (stack_for).
  long long stack = 0;
};

// A compiled MuJoCo model and its data, with the map between body indices.
struct MjPlant {
  mjModel* m = nullptr;
  mjData* d = nullptr;
  std::vector<int> mj_body;   // (lsd nbody) the MuJoCo body of lsd body i (0: the world)
  std::vector<int> qpos_adr;  // (lsd nbody) joint i's quaternion in qpos (w, x, y, z); entry 0 unused
  std::vector<int> dof_adr;   // (lsd nbody) joint i's 3 velocities in qvel; entry 0 unused
  double compile_seconds = -1;  // what mj_loadXML took (when it was compiled for the cache, if known)
  bool from_cache = false;
  MjPlant() = default;
  MjPlant(const MjPlant&) = delete;
  MjPlant& operator=(const MjPlant&) = delete;
  ~MjPlant();
};

// The MJCF text of the model: a main file and the pieces it includes
// (name, text), the main file first.
std::vector<std::pair<std::string, std::string>> to_mjcf(const dyn::Model& model, const MjSettings& settings);

// The mjData stack (mjtNums) that one step of the model needs with the
// integrator: 2.2.2's default is 5 (njmax + nv)^2 (an int: it overflows past
// ~20,000 velocities), and its implicit integrator allocates the dense
// velocity derivatives of mjd_smooth_vel (nv^2 + 6 nv (3 nbody + nv)). -1
// when that does not fit mjData's int.
long long stack_for(const dyn::Model& model, bool implicit);

// Where compiled models are kept: MuJoCo 2.2.2's compiler takes minutes on
// a 10,000-body tree (mj_setConst solves with the mass matrix once per body
// and per joint), so each is compiled once, in a child process with a time
// cap, saved with mj_saveModel under a hash of its MJCF text and MuJoCo's
// version, and loaded from there. An empty cache: compile in-process, keep
// nothing.
struct LoadOptions {
  std::string cache;
  double compile_cap = 1800;  // s
};

// Compiles (or loads) the model; null with *error set when MuJoCo refuses
// it or its compiler passes the cap. The state is at rest (qpos0: every
// joint at its rest rotation).
std::unique_ptr<MjPlant> load_plant(const dyn::Model& model, const MjSettings& settings, const LoadOptions& load,
                                    std::string* error);

// Copies lsd's joint state (q, w) into qpos and qvel and runs mj_forward.
void set_state(const dyn::Model& model, const dyn::Data& data, MjPlant& plant);

// The world position of a point given in lsd body i's frame, at the pose
// of qpos (runs mj_kinematics).
dyn::Vec3 world_point(MjPlant& plant, int body, const dyn::Vec3& point);

// The fastest joint (rad/s, relative to its parent) in qvel; infinity if a
// number of qpos or qvel is not finite.
double largest_speed(const MjPlant& plant);

// Whether MuJoCo counted any warning (bad qacc, qpos or qvel: 2.2.2 then
// resets the state to rest, which would look stable), since load or reset.
bool warned(const MjPlant& plant);

}  // namespace lsd::peers

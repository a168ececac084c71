#include "bench/peers/mujoco_plant.hpp"

#include <algorithm>
#include <chrono>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <limits>

#include "bench/peers/capped.hpp"

namespace lsd::peers {

using dyn::Vec3;

namespace {

// Bodies nested per MJCF file (tinyxml2 refuses more than 100 levels;
// <mujoco><worldbody> and an <include> take three).
constexpr int kBodiesPerFile = 80;

std::string num(double x) {
  char b[32];
  std::snprintf(b, sizeof b, "%.17g", x);
  return b;
}

std::string vec(const Vec3& v) { return num(v.x()) + " " + num(v.y()) + " " + num(v.z()); }

// Depth of every body (joints from the world to it, itself included).
std::vector<int> depths(const dyn::Model& model) {
  std::vector<int> depth(model.nbody(), 0);
  for (int i = 1; i < model.nbody(); ++i) depth[i] = depth[model.parent[i]] + 1;
  return depth;
}

}  // namespace

MjPlant::~MjPlant() {
  if (d) mj_deleteData(d);
  if (m) mj_deleteModel(m);
}

std::vector<std::pair<std::string, std::string>> to_mjcf(const dyn::Model& model, const MjSettings& settings) {
  const int n = model.nbody();
  std::vector<std::vector<int>> children(n);
  for (int i = 1; i < n; ++i) children[model.parent[i]].push_back(i);
  const long long stack = settings.stack > 0 ? settings.stack : stack_for(model, settings.implicit);

  std::vector<std::pair<std::string, std::string>> files;
  files.push_back({"plant.xml", ""});
  files[0].second += "<mujoco model=\"lsd plant\">\n"
                     "<compiler angle=\"radian\" inertiafromgeom=\"false\"/>\n"
                     "<size nstack=\"" + std::to_string(std::max(1000LL, stack)) + "\"/>\n"
                     "<option timestep=\"" + num(settings.dt) + "\" gravity=\"" + vec(model.opt.gravity) +
                     "\" integrator=\"" + (settings.implicit ? "implicit" : "Euler") + "\">\n"
                     "  <flag contact=\"disable\"/>\n"
                     "</option>\n<worldbody>\n";
  // Depth-first, children in index order; a body whose depth in its file
  // would pass kBodiesPerFile opens a new file (a piece) that its parent's
  // file includes.
  struct Frame {
    int body, next_child, depth_in_file, file;
  };
  std::vector<Frame> frames{{0, 0, 0, 0}};
  while (!frames.empty()) {
    Frame& f = frames.back();
    if (f.next_child == static_cast<int>(children[f.body].size())) {
      const int file = f.file;
      if (f.body != 0) files[file].second += "</body>\n";
      frames.pop_back();
      // A piece's one top-level body closed: the piece ends.
      if (!frames.empty() && frames.back().file != file) files[file].second += "</mujocoinclude>\n";
      continue;
    }
    const int i = children[f.body][f.next_child++];
    int file = f.file;
    int depth = f.depth_in_file + 1;
    if (depth > kBodiesPerFile) {
      const std::string name = "piece" + std::to_string(files.size()) + ".xml";
      files[file].second += "<include file=\"" + name + "\"/>\n";
      files.push_back({name, "<mujocoinclude>\n"});
      file = static_cast<int>(files.size()) - 1;
      depth = 1;
    }
    const dyn::SE3& placement = model.joint_placement[i];
    const dyn::Quat rot(placement.rotation);
    const dyn::Inertia& in = model.inertia[i];
    std::string& out = files[file].second;
    out += "<body pos=\"" + vec(placement.translation) + "\" quat=\"" + num(rot.w()) + " " + num(rot.x()) + " " +
           num(rot.y()) + " " + num(rot.z()) + "\">\n";
    out += " <joint type=\"ball\" stiffness=\"" + num(model.stiffness[i].y()) + "\" damping=\"" +
           num(model.damping[i].y()) + "\"/>\n";
    out += " <inertial pos=\"" + vec(in.com) + "\" mass=\"" + num(in.mass) + "\" fullinertia=\"" + num(in.rot(0, 0)) +
           " " + num(in.rot(1, 1)) + " " + num(in.rot(2, 2)) + " " + num(in.rot(0, 1)) + " " + num(in.rot(0, 2)) + " " +
           num(in.rot(1, 2)) + "\"/>\n";
    out += " <geom type=\"capsule\" fromto=\"0 0 0 " + num(settings.segment) + " 0 0\" size=\"" +
           num(settings.radius) + "\" contype=\"0\" conaffinity=\"0\"/>\n";
    frames.push_back({i, 0, depth, file});
  }
  files[0].second += "</worldbody>\n</mujoco>\n";
  return files;
}

long long stack_for(const dyn::Model& model, bool implicit) {
  const std::vector<int> depth = depths(model);
  const long long nv = 3LL * (model.nbody() - 1), nbody = model.nbody();
  // Nonzeros of the mass matrix: each dof's row holds its ancestors' dofs.
  long long nM = 0;
  for (int i = 1; i < model.nbody(); ++i) nM += 9LL * (depth[i] - 1) + 6;
  long long need = 10 * (2 * nM + nv) + 100 * nbody + 100000;
  if (implicit) need += nv * nv + 6 * nv * (3 * nbody + nv);
  return need > INT_MAX ? -1 : need;
}

namespace {

// Compiles the MJCF files through MuJoCo's virtual file system.
mjModel* compile(const std::vector<std::pair<std::string, std::string>>& files, std::string* error) {
  auto vfs = std::make_unique<mjVFS>();
  mj_defaultVFS(vfs.get());
  for (const auto& [name, text] : files) {
    if (mj_makeEmptyFileVFS(vfs.get(), name.c_str(), static_cast<int>(text.size())) != 0) {
      *error = "the MuJoCo virtual file system refused " + name;
      mj_deleteVFS(vfs.get());
      return nullptr;
    }
    const int id = mj_findFileVFS(vfs.get(), name.c_str());
    std::memcpy(vfs->filedata[id], text.data(), text.size());
  }
  char err[1000] = "";
  mjModel* m = mj_loadXML(files[0].first.c_str(), vfs.get(), err, sizeof err);
  mj_deleteVFS(vfs.get());
  if (!m) *error = err;
  return m;
}

// FNV-1a of the MJCF text and MuJoCo's version: the cache's file name.
std::string cache_key(const std::vector<std::pair<std::string, std::string>>& files) {
  std::uint64_t h = 1469598103934665603ULL;
  auto add = [&](const std::string& s) {
    for (unsigned char c : s) h = (h ^ c) * 1099511628211ULL;
  };
  add(mj_versionString());
  for (const auto& [name, text] : files) add(name + "\n" + text);
  char b[32];
  std::snprintf(b, sizeof b, "%016llx", static_cast<unsigned long long>(h));
  return b;
}

double read_number(const std::string& path) {
  double v = -1;
  if (FILE* f = std::fopen(path.c_str(), "r")) {
    if (std::fscanf(f, "%lf", &v) != 1) v = -1;
    std::fclose(f);
  }
  return v;
}

}  // namespace

std::unique_ptr<MjPlant> load_plant(const dyn::Model& model, const MjSettings& settings, const LoadOptions& load,
                                    std::string* error) {
  if (stack_for(model, settings.implicit) < 0 && settings.stack <= 0) {
    *error = "mjData's stack would need more than 2^31 numbers (2.2.2's limit)";
    return nullptr;
  }
  const auto files = to_mjcf(model, settings);
  auto plant = std::make_unique<MjPlant>();
  if (load.cache.empty()) {
    const auto t0 = std::chrono::steady_clock::now();
    plant->m = compile(files, error);
    plant->compile_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  } else {
    // Compiled in a child with a time cap, saved to the cache, loaded from it.
    const std::string base = load.cache + "/" + cache_key(files);
    const std::string mjb = base + ".mjb", seconds = base + ".seconds";
    if (!std::filesystem::exists(mjb)) {
      std::error_code ec;
      std::filesystem::create_directories(load.cache, ec);
      const CappedResult r = run_capped(load.compile_cap, [&]() -> double {
        std::string err;
        const auto t0 = std::chrono::steady_clock::now();
        mjModel* m = compile(files, &err);
        if (!m) mju_error(err.c_str());
        const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        mj_saveModel(m, (mjb + ".tmp").c_str(), nullptr, 0);
        if (FILE* f = std::fopen((seconds).c_str(), "w")) {
          std::fprintf(f, "%.3f\n", s);
          std::fclose(f);
        }
        std::filesystem::rename(mjb + ".tmp", mjb);
        return s;
      });
      if (!r.finished) {
        *error = r.error.empty() ? "MuJoCo's compiler did not finish within " + num(load.compile_cap) + " s"
                                 : r.error;
        return nullptr;
      }
    } else {
      plant->from_cache = true;
    }
    plant->compile_seconds = read_number(seconds);
    plant->m = mj_loadModel(mjb.c_str(), nullptr);
    if (!plant->m) *error = "could not load " + mjb;
  }
  if (!plant->m) return nullptr;
  plant->d = mj_makeData(plant->m);
  if (!plant->d) {
    *error = "mj_makeData failed (stack of " + std::to_string(plant->m->nstack) + " numbers)";
    return nullptr;
  }
  // Bodies are numbered depth-first in the order written: walk the same
  // order to map lsd's indices.
  const int n = model.nbody();
  if (plant->m->nbody != n) {
    *error = "MuJoCo compiled " + std::to_string(plant->m->nbody) + " bodies for " + std::to_string(n);
    return nullptr;
  }
  std::vector<std::vector<int>> children(n);
  for (int i = 1; i < n; ++i) children[model.parent[i]].push_back(i);
  plant->mj_body.assign(n, 0);
  plant->qpos_adr.assign(n, -1);
  plant->dof_adr.assign(n, -1);
  std::vector<int> todo{0};
  int next = 0;
  while (!todo.empty()) {
    const int b = todo.back();
    todo.pop_back();
    plant->mj_body[b] = next++;
    for (auto c = children[b].rbegin(); c != children[b].rend(); ++c) todo.push_back(*c);
  }
  for (int i = 1; i < n; ++i) {
    const int j = plant->m->body_jntadr[plant->mj_body[i]];
    plant->qpos_adr[i] = plant->m->jnt_qposadr[j];
    plant->dof_adr[i] = plant->m->jnt_dofadr[j];
    for (int k = 0; k < 3; ++k) plant->m->dof_damping[plant->dof_adr[i] + k] = model.damping[i][k];
  }
  mj_forward(plant->m, plant->d);
  return plant;
}

void set_state(const dyn::Model& model, const dyn::Data& data, MjPlant& plant) {
  for (int i = 1; i < model.nbody(); ++i) {
    double* q = plant.d->qpos + plant.qpos_adr[i];
    q[0] = data.q[i].w();
    q[1] = data.q[i].x();
    q[2] = data.q[i].y();
    q[3] = data.q[i].z();
    for (int k = 0; k < 3; ++k) plant.d->qvel[plant.dof_adr[i] + k] = data.w[i][k];
  }
  mj_forward(plant.m, plant.d);
}

Vec3 world_point(MjPlant& plant, int body, const Vec3& point) {
  mj_kinematics(plant.m, plant.d);
  const int b = plant.mj_body[body];
  const double* x = plant.d->xpos + 3 * b;
  const double* r = plant.d->xmat + 9 * b;  // row-major
  Vec3 p;
  for (int k = 0; k < 3; ++k) p[k] = x[k] + r[3 * k] * point.x() + r[3 * k + 1] * point.y() + r[3 * k + 2] * point.z();
  return p;
}

double largest_speed(const MjPlant& plant) {
  double worst = 0;
  for (std::size_t i = 1; i < plant.dof_adr.size(); ++i) {
    const double* v = plant.d->qvel + plant.dof_adr[i];
    const double* q = plant.d->qpos + plant.qpos_adr[i];
    const double s = std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
    if (!std::isfinite(s) || !std::isfinite(q[0] + q[1] + q[2] + q[3])) return std::numeric_limits<double>::infinity();
    worst = std::max(worst, s);
  }
  return worst;
}

bool warned(const MjPlant& plant) {
  for (int k = 0; k < mjNWARNING; ++k)
    if (plant.d->warning[k].number > 0) return true;
  return false;
}

}  // namespace lsd::peers

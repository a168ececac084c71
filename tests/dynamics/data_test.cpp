// Tests of dynamics/src/data.cpp: a Data is sized for its model and at rest.
#include "dynamics/data.hpp"

#include <catch2/catch.hpp>
#include <cstdint>

using namespace lsd::dyn;

TEST_CASE("make_data sizes every array and starts at rest", "[data]") {
  Model m = make_model();
  for (int i = 0; i < 5; ++i) {
    BodyDef def = default_body_def();
    def.parent = i / 2;  // bodies 1..5 on 0, 0, 1, 1, 2
    add_body(m, def);
  }
  const Data d = make_data(m);
  const std::size_t n = 6;
  CHECK(d.q.size() == n);
  CHECK(d.w.size() == n);
  CHECK(d.tau.size() == n);
  CHECK(d.dw.size() == n);
  CHECK(d.oMi.size() == n);
  CHECK(d.v.size() == n);
  // The aba scratch: one packed record (3 cache lines) and one link per body,
  // one sum slot per branch point (a body with a child other than the next
  // body: 0, 1 and 2 above), records aligned.
  CHECK(d.aba_body.size() == n);
  CHECK(d.aba_link.size() == n);
  CHECK(d.aba_fext.size() == n);
  CHECK(d.aba_sum.size() == 3);
  CHECK(d.aba_free.size() == d.aba_sum.size());
  CHECK(sizeof(Data::AbaBody) == 192);
  CHECK(sizeof(Data::AbaSum) == 384);
  CHECK(reinterpret_cast<std::uintptr_t>(d.aba_body.data()) % 64 == 0);
  CHECK(reinterpret_cast<std::uintptr_t>(d.aba_sum.data()) % 64 == 0);
  CHECK(d.a.size() == n);
  CHECK(d.first_nonfinite_joint == -1);
  CHECK(d.body_forces.empty());
  for (std::size_t i = 0; i < n; ++i) {
    CHECK(d.q[i].coeffs() == Quat::Identity().coeffs());
    CHECK(d.w[i] == Vec3::Zero());
  }
}

// The exact coupling of pairs of bodies (contact_pairs.cpp), private to
// dynamics/src/: what the kernel (aba_pairs.inc) asks of it.
#pragma once

#include "dynamics/data.hpp"

namespace lsd::dyn {

// Solves the pairs of the pass (Data::pairs) through the tree factorised by
// sweep 2, given each side's acceleration before the pairs' forces
// (Data::pair_acc), adds their forces to the records' D^-1 u on the sides'
// paths to the base (Data::aba_body), writes each pair's solved force
// (PairRow::out_lin, out_ang) and returns the change of a floating base's
// gravity-shifted acceleration (angular; linear), zero for any other base.
Vec6 solve_pairs(const Model& model, Data& data);

}  // namespace lsd::dyn

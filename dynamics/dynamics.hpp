// The whole public API of lsd_dynamics.
#pragma once

#include "dynamics/aba.hpp"
#include "dynamics/contact.hpp"
#include "dynamics/data.hpp"
#include "dynamics/kinematics.hpp"
#include "dynamics/model.hpp"
#include "dynamics/rnea.hpp"
#include "dynamics/rotation.hpp"
#include "dynamics/spatial.hpp"
#include "dynamics/springs.hpp"
#include "dynamics/step.hpp"

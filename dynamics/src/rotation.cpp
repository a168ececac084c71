// The exp and log maps are inline in rotation.hpp (the integrators call them
// once per joint and step); this unit only anchors the header.
#include "dynamics/rotation.hpp"

// cpfg's printf with numbers only (CPFG manual 5.4): the statements'
// printf and the turtle lines sent to an environment program (environment.hpp).
#pragma once
#include <string>

namespace lsd::interp {

// %d %i %x %c print the integer part, %e %f %g the number, %s a
// placeholder; no argument is read that was not given (a missing one is 0).
std::string cpfg_format(const std::string& fmt, const double* args, int n);

}  // namespace lsd::interp

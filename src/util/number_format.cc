#include "util/number_format.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace lsmip {

std::string shortest(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  v += 0.0;  // no "-0"
  char buf[40];
  if (v == std::floor(v) && std::fabs(v) < 1e15) {  // integers in full: 1000000, not 1e+06
    std::snprintf(buf, sizeof buf, "%.0f", v);
    return buf;
  }
  for (int p = 1; p <= 17; ++p) {
    std::snprintf(buf, sizeof buf, "%.*g", p, v);
    if (std::strtod(buf, nullptr) == v) return buf;
  }
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

}  // namespace lsmip

#include "portfolio/crossover.h"

#include <algorithm>
#include <cmath>

namespace lsmip::portfolio {

std::vector<double> crossover(std::span<const double> a, std::span<const double> b,
                              std::span<const double> lb, std::span<const double> ub,
                              std::span<const std::uint8_t> is_int, Rng& rng) {
  const std::size_t n = lb.size();
  std::vector<double> child(n, 0.0);
  for (std::size_t j = 0; j < n; ++j) {
    // Integer domains are rounded inward, as the search does.
    const double lo = is_int[j] ? std::ceil(lb[j] - 1e-9) : lb[j];
    const double hi = is_int[j] ? std::floor(ub[j] + 1e-9) : ub[j];
    double v = j < a.size() ? a[j] : 0.0;
    if (j < b.size() && b[j] != v && rng.chance(0.5)) v = b[j];
    if (is_int[j]) v = std::round(v);
    if (!std::isfinite(v)) v = 0.0;
    if (v < lo) v = lo;
    if (v > hi) v = hi;
    child[j] = v;
  }
  return child;
}

}  // namespace lsmip::portfolio

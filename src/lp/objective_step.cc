#include "lp/objective_step.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <numeric>

namespace lsmip::lp {

double objective_step(std::span<const double> cost, std::span<const double> lower, std::span<const double> upper,
                      std::span<const char> integer) {
  const std::size_t n = cost.size();
  if (lower.size() != n || upper.size() != n || integer.size() != n) return 0;
  auto counts = [&](std::size_t j) { return cost[j] != 0 && upper[j] > lower[j] + 1e-8; };
  double largest = 0;
  for (std::size_t j = 0; j < n; ++j) {
    if (!counts(j)) continue;
    if (!integer[j] || !std::isfinite(cost[j])) return 0;
    largest = std::max(largest, std::fabs(cost[j]));
  }
  if (largest == 0) return 0;
  double multiplier = 2520;
  while (10 * multiplier * largest < 1e8) multiplier *= 10;
  std::int64_t g = 0;
  bool big = false;  // some cost too large to scale: an integer itself
  for (std::size_t j = 0; j < n; ++j) {
    if (!counts(j)) continue;
    const double v = std::fabs(cost[j]) * multiplier;
    if (v < 2.1e9) {
      const double nearest = std::floor(v + 0.5);
      if (std::fabs(v - nearest) > 1e-8) return 0;
      g = std::gcd(g, static_cast<std::int64_t>(nearest));
    } else {
      if (std::fabs(cost[j] - std::floor(cost[j] + 0.5)) > 1e-8) return 0;
      big = true;
    }
  }
  if (big) g = std::gcd(g, static_cast<std::int64_t>(multiplier));
  return static_cast<double>(g) / multiplier;
}

}  // namespace lsmip::lp

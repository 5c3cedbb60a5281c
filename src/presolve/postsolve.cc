#include "presolve/postsolve.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace lsmip::presolve {

Postsolve Postsolve::identity(Index num_cols) {
  return from_fixed_values(std::vector<double>(static_cast<std::size_t>(num_cols),
                                               std::numeric_limits<double>::quiet_NaN()));
}

Postsolve Postsolve::from_fixed_values(std::vector<double> fixed_values) {
  Postsolve p;
  p.original_to_reduced_.assign(fixed_values.size(), -1);
  for (std::size_t j = 0; j < fixed_values.size(); ++j) {
    if (!std::isnan(fixed_values[j])) continue;
    p.original_to_reduced_[j] = static_cast<Index>(p.reduced_to_original_.size());
    p.reduced_to_original_.push_back(static_cast<Index>(j));
  }
  p.fixed_value_ = std::move(fixed_values);
  return p;
}

std::vector<double> Postsolve::expand(std::span<const double> reduced_x) const {
  std::vector<double> x = fixed_value_;
  const std::size_t n = std::min(reduced_x.size(), reduced_to_original_.size());
  for (std::size_t r = 0; r < n; ++r) {
    x[static_cast<std::size_t>(reduced_to_original_[r])] = reduced_x[r];
  }
  return x;
}

std::vector<double> Postsolve::reduce(std::span<const double> original_x) const {
  std::vector<double> x(reduced_to_original_.size(), std::numeric_limits<double>::quiet_NaN());
  for (std::size_t r = 0; r < reduced_to_original_.size(); ++r) {
    const auto j = static_cast<std::size_t>(reduced_to_original_[r]);
    if (j < original_x.size()) x[r] = original_x[j];
  }
  return x;
}

}  // namespace lsmip::presolve

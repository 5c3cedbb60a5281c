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

void Postsolve::add_substitutions(const std::vector<char>& removed, std::vector<Substitution> subs) {
  for (Substitution& s : subs) {
    s.col = reduced_to_original_[static_cast<std::size_t>(s.col)];
    for (Index& j : s.cols) j = reduced_to_original_[static_cast<std::size_t>(j)];
  }
  std::vector<Index> kept;
  kept.reserve(reduced_to_original_.size());
  for (std::size_t r = 0; r < reduced_to_original_.size(); ++r) {
    const Index j = reduced_to_original_[r];
    if (r < removed.size() && removed[r]) {
      original_to_reduced_[static_cast<std::size_t>(j)] = -1;
    } else {
      original_to_reduced_[static_cast<std::size_t>(j)] = static_cast<Index>(kept.size());
      kept.push_back(j);
    }
  }
  reduced_to_original_ = std::move(kept);
  if (substituted_.empty()) substituted_.assign(original_to_reduced_.size(), 0);
  for (Substitution& s : subs) {
    substituted_[static_cast<std::size_t>(s.col)] = 1;
    subs_.push_back(std::move(s));
  }
}

std::vector<double> Postsolve::expand(std::span<const double> reduced_x, Clamp clamp) const {
  std::vector<double> x = fixed_value_;
  const std::size_t n = std::min(reduced_x.size(), reduced_to_original_.size());
  for (std::size_t r = 0; r < n; ++r) {
    x[static_cast<std::size_t>(reduced_to_original_[r])] = reduced_x[r];
  }
  // Later substitutions may feed earlier ones, never the reverse.
  for (auto it = subs_.rbegin(); it != subs_.rend(); ++it) {
    long double v = it->rhs;
    for (std::size_t t = 0; t < it->cols.size(); ++t) {
      v -= static_cast<long double>(it->vals[t]) * x[static_cast<std::size_t>(it->cols[t])];
    }
    const double value = static_cast<double>(v / it->coef);
    const bool keep = std::isnan(value) || clamp == Clamp::kNo;
    x[static_cast<std::size_t>(it->col)] = keep ? value : std::clamp(value, it->lb, it->ub);
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

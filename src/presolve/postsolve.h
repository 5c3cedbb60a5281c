// The map between the original model and the model that presolve produced.
//
// lsmip's light presolve removes only rows (which are then implied by the
// remaining bounds) and columns whose value is forced (fixed columns). So the
// postsolve is a column map: every column of the reduced model is a column of
// the original model, in the same order, and every removed column has one
// value that every feasible solution of the original model takes (up to the
// presolve tolerances). Invariants: reduced_to_original_ is strictly
// increasing; original_to_reduced_[j] is -1 exactly for removed columns, and
// fixed_value_[j] is finite exactly for them.
#pragma once

#include <span>
#include <vector>

#include "model/model.h"

namespace lsmip::presolve {

class Postsolve {
 public:
  Postsolve() = default;
  // The identity map on `num_cols` columns (presolve off). Cost O(num_cols).
  static Postsolve identity(Index num_cols);
  // A map that keeps the columns with NaN in `fixed_values` and fixes the others
  // to the value given there. Cost O(size).
  static Postsolve from_fixed_values(std::vector<double> fixed_values);

  // Maps a solution of the reduced model (size num_reduced_cols()) to the
  // original columns; removed columns get their fixed values. Cost O(original size).
  std::vector<double> expand(std::span<const double> reduced_x) const;
  // Maps an original-space assignment (size num_original_cols(), NaN = unset) to
  // the reduced space, for warm starts; values of removed columns are dropped.
  std::vector<double> reduce(std::span<const double> original_x) const;

  Index num_original_cols() const { return static_cast<Index>(original_to_reduced_.size()); }
  Index num_reduced_cols() const { return static_cast<Index>(reduced_to_original_.size()); }
  // Original index of reduced column `r`.
  Index original_col(Index r) const { return reduced_to_original_[static_cast<std::size_t>(r)]; }
  // Reduced index of original column `j`, or -1 if presolve removed it.
  Index reduced_col(Index j) const { return original_to_reduced_[static_cast<std::size_t>(j)]; }
  // Value of a removed original column `j` (NaN for a kept column).
  double fixed_value(Index j) const { return fixed_value_[static_cast<std::size_t>(j)]; }

 private:
  std::vector<Index> reduced_to_original_;  // kept columns, increasing
  std::vector<Index> original_to_reduced_;  // -1 for removed columns
  std::vector<double> fixed_value_;         // value of removed columns, NaN for kept ones
};

}  // namespace lsmip::presolve

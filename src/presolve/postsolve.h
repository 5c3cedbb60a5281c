// The map between the original model and the model that presolve produced.
//
// lsmip's presolve removes rows (which are then implied by the remaining bounds),
// columns whose value is forced (fixed columns), and continuous columns that
// aggregation expressed through an equality row (aggregate.h). So the postsolve
// is a column map: every column of the reduced model is a column of the
// original model, in the same order; every fixed column has one value that
// every feasible solution of the original model takes (up to the presolve
// tolerances); every aggregated column is computed from the others by its
// substitution. Invariants: reduced_to_original_ is strictly increasing;
// original_to_reduced_[j] is -1 exactly for removed columns; fixed_value_[j] is
// finite exactly for fixed ones, and each other removed column is the `col` of
// exactly one substitution, which refers only to columns kept or substituted later.
#pragma once

#include <span>
#include <vector>

#include "model/model.h"

namespace lsmip::presolve {

// x[col] = (rhs - sum_t vals[t]·x[cols[t]]) / coef, clamped to [lb, ub]: how postsolve
// recovers a column that aggregation eliminated through an equality row. The clamp
// matters when the search accepted the row that stands for the bounds within its
// tolerance, which is relative to that row's side: the excess then moves into the
// equality, whose tolerance scales with its side, instead of onto the column's bound,
// whose tolerance is absolute.
struct Substitution {
  Index col = -1;
  double coef = 1.0;
  double rhs = 0.0;
  double lb = -kInf;
  double ub = kInf;
  std::vector<Index> cols;
  std::vector<double> vals;
};

class Postsolve {
 public:
  Postsolve() = default;
  // The identity map on `num_cols` columns (presolve off). Cost O(num_cols).
  static Postsolve identity(Index num_cols);
  // A map that keeps the columns with NaN in `fixed_values` and fixes the others
  // to the value given there. Cost O(size).
  static Postsolve from_fixed_values(std::vector<double> fixed_values);

  // Removes the reduced columns flagged in `removed` (indexed by reduced column), each
  // computed by one of `subs` (whose indices are reduced columns too; they are stored as
  // original ones). expand() applies the substitutions in reverse order of addition.
  // Cost O(original size + substitution entries).
  void add_substitutions(const std::vector<char>& removed, std::vector<Substitution> subs);

  // Whether expand() clamps substituted columns to their bounds.
  enum class Clamp { kToBounds, kNo };
  // Maps a solution of the reduced model (size num_reduced_cols()) to the
  // original columns; removed columns get their fixed values, substituted ones their
  // substitution, clamped to the column's bounds unless `clamp` is kNo. Without the
  // clamp, the original objective equals the reduced one up to rounding (aggregation
  // moved the costs exactly); with it, the point is the one to check and write.
  // Cost O(original size + substitution entries).
  std::vector<double> expand(std::span<const double> reduced_x,
                             Clamp clamp = Clamp::kToBounds) const;
  // Maps an original-space assignment (size num_original_cols(), NaN = unset) to
  // the reduced space, for warm starts; values of removed columns are dropped.
  std::vector<double> reduce(std::span<const double> original_x) const;

  Index num_original_cols() const { return static_cast<Index>(original_to_reduced_.size()); }
  Index num_reduced_cols() const { return static_cast<Index>(reduced_to_original_.size()); }
  // Original index of reduced column `r`.
  Index original_col(Index r) const { return reduced_to_original_[static_cast<std::size_t>(r)]; }
  // Reduced index of original column `j`, or -1 if presolve removed it.
  Index reduced_col(Index j) const { return original_to_reduced_[static_cast<std::size_t>(j)]; }
  // Value of a fixed original column `j` (NaN for a kept or substituted column).
  double fixed_value(Index j) const { return fixed_value_[static_cast<std::size_t>(j)]; }
  // True when original column `j` is computed by a substitution (aggregation).
  bool is_substituted(Index j) const {
    return !substituted_.empty() && substituted_[static_cast<std::size_t>(j)] != 0;
  }
  std::size_t num_substitutions() const { return subs_.size(); }

 private:
  std::vector<Index> reduced_to_original_;  // kept columns, increasing
  std::vector<Index> original_to_reduced_;  // -1 for removed columns
  std::vector<double> fixed_value_;         // value of fixed columns, NaN for the others
  std::vector<Substitution> subs_;          // aggregated columns, in elimination order
  std::vector<char> substituted_;           // per original column: computed by subs_ (or empty)
};

}  // namespace lsmip::presolve

// A restriction of a model to a box of column bounds, as a model of its own: the columns the
// box fixes are removed, their activity moves into the row sides and their cost into the
// objective offset; rows left without a free column are dropped (after a check that the
// fixed activity satisfies them), and rows left with one become bounds on that column
// (rounded inwards for an integer column; for a continuous one widened by the row tolerance,
// so that no point the final check accepts is cut off). A sub-MIP over a few free columns of
// a wide model is then a small model for the MIP solver to load, preprocess and search,
// instead of the whole one: a random neighbourhood of supportcase10 (rows of at most 6
// entries) keeps 19,000 of its 165,000 rows instead of 76,000.
#pragma once

#include <optional>
#include <span>
#include <vector>

#include "model/model.h"

namespace lsmip {

// A local-branching row: the binary columns may differ from `center` (a 0/1 point of the
// model) in at most `max_distance` places.
struct DistanceRow {
  std::span<const double> center;
  double max_distance = 0;
};

class Restriction {
 public:
  // The restriction of `m` to lower <= x <= upper (one entry per column of m, within m's
  // bounds). Nullopt when a row with no free column is violated by more than
  // row_tolerance * max(1, |side|), or a row with one free column cannot be met within that
  // column's box by the same tolerance (the box holds no point of m), or when building fails.
  // The restricted model is in minimisation form with m's internal objective and offset, so
  // objective values agree: restricted.objective(restrict(x)) == m.objective(x) for x in the box.
  // With `distance`, the restricted model has one more row, last, for it (over the free
  // binary columns; a fixed one counts with its distance from the centre).
  static std::optional<Restriction> build(const Model& m, std::span<const double> lower,
                                          std::span<const double> upper, double row_tolerance,
                                          const DistanceRow* distance = nullptr);

  const Model& model() const { return model_; }
  // Columns of m that stay free, in the order of the restricted model's columns.
  const std::vector<Index>& free_columns() const { return free_; }
  // The point of m with the fixed values and `x` (a point of the restricted model).
  void lift(std::span<const double> x, std::vector<double>& out) const;
  // The restricted model's part of a point of m.
  std::vector<double> restrict(std::span<const double> x) const;

 private:
  Restriction(Model model, std::vector<Index> free, std::vector<double> fixed)
      : model_(std::move(model)), free_(std::move(free)), fixed_(std::move(fixed)) {}
  Model model_;
  std::vector<Index> free_;
  std::vector<double> fixed_;  // per column of m: its value in the box (free columns: unused)
};

}  // namespace lsmip

// The mutable state of one local-search worker: variable values, row
// activities, the violated-row set, constraint and objective weights, move
// ages and tabu horizons.
//
// Invariants (checked by check_against_scratch()):
//  * act[i] == sum_j a_ij x_j (exactly when the SearchModel is certified
//    exact, otherwise within act_err[i], a running bound on the rounding error;
//    a row whose bound exceeds 1e-3 of its tolerance is recomputed on the spot,
//    and recompute() clears all drift);
//  * violated contains exactly the rows with act < lo_tol or act > hi_tol;
//  * objective == c·x (without the offset);
//  * raised_weights contains exactly the rows with weight != 1 or weight_lo != 1;
//  * for every sign-uniform row i (SearchModel::row_sign), the list
//    above_items[row_start[i] .. + above_count[i]) holds the row offsets of
//    exactly its entries whose variable is not fixed and lies above its lower
//    bound (the entries that can lower x), so tight moves of long rows that
//    need such a decrease are drawn from them instead of the whole row.
// apply() keeps all of them in O(column length) and never allocates.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "search/search_model.h"
#include "util/indexed_set.h"

namespace lsmip::search {

using Real = long double;  // activity arithmetic (exact for integers below 2^64)

class SearchState {
 public:
  explicit SearchState(const SearchModel& sm);

  // Loads a full assignment (already within bounds and integral) and rebuilds
  // activities, the violated set and the objective from scratch. Cost O(nnz).
  void load(const std::vector<double>& values);
  // Recomputes activities, the violated set and the objective from the current
  // values (removes floating-point drift). Cost O(nnz).
  void recompute();
  // Sets x_j = value and updates activities, the violated set and the
  // objective incrementally. Cost O(column length of j); never allocates.
  void apply(Index j, double value);
  // Recomputes the activity of one row exactly. Cost O(row length).
  void recompute_row(Index i);
  // Activity of row i at `values` (one per column), from scratch, and the sum of its terms'
  // magnitudes in `magnitude` when given. The state is not touched. Cost O(row length).
  Real activity_at(Index i, const std::vector<double>& values, Real* magnitude = nullptr) const;
  // Rows that `values` would violate, counted from scratch; the state's values are not
  // touched, the O(nnz) cost is added to its work.
  std::size_t rows_violated_at(const std::vector<double>& values);

  // Amount by which activity `a` lies outside row i's sides, 0 when within tolerance.
  template <typename T>
  T excess(Index i, T a) const {
    const RowBounds& b = sm_.rows[i];
    if (a > b.hi_tol) return a - b.hi;
    if (a < b.lo_tol) return b.lo - a;
    return 0;
  }
  bool row_violated(Index i, Real a) const {
    const RowBounds& b = sm_.rows[i];
    return a > b.hi_tol || a < b.lo_tol;
  }

  // Resets all weights to 1. Cost O(|raised_weights|).
  void reset_weights();
  // Adds `delta` to the weight of row i (clamped to [0, limit]), keeping raised_weights.
  // With lo_side the lower side's own weight changes (used by per-side weighting).
  void add_weight(Index i, std::int64_t delta, std::int64_t limit, bool lo_side = false);

  // Compares the incremental state with a recomputation from scratch; returns
  // an empty string when they agree, else a description of the first difference.
  // Cost O(nnz).
  std::string check_against_scratch() const;

  const SearchModel& model() const { return sm_; }

  std::vector<double> x;                 // current values
  std::vector<Real> act;                 // row activities
  std::vector<double> act_d;             // act rounded to double, read by scoring (hot loop)
  std::vector<float> act_err;            // bound on the rounding error of act (non-exact models)
  IndexedSet violated;                   // rows outside their sides
  Real objective = 0;                    // c·x without the offset
  std::vector<std::int64_t> weight;      // row weights (start at 1); the upper side's with
                                         // per-side weights (ls_side_weights)
  std::vector<std::int64_t> weight_lo;   // the lower side's weight (per-side weights only)
  IndexedSet raised_weights;             // rows whose weight differs from 1
  std::vector<std::int32_t> above_items;  // per row (CSR layout): offsets of entries above lb
  std::vector<std::int32_t> above_count;  // size of each row's list
  std::vector<std::int32_t> above_slot;   // per CSR entry: its place in the list, -1 = absent
  std::uint64_t moves_since_recompute = 0;

  // ---- Move clock, tabu horizons, objective weight and work (written only here) ----
  // Moves applied so far (also the age clock).
  std::uint64_t step() const { return step_; }
  // Step of the last move of variable j (0 = never moved).
  const std::uint64_t& last_move(Index j) const { return last_move_[static_cast<std::size_t>(j)]; }
  // Counts one more move, made by variable j: advances the step and stamps j's age.
  void record_move(Index j) {
    ++step_;
    last_move_[static_cast<std::size_t>(j)] = step_;
  }
  // Tabu horizons: no increase (no decrease) of x_j before step no_inc_until(j) (no_dec_until(j)).
  const std::uint64_t& no_inc_until(Index j) const { return no_inc_until_[static_cast<std::size_t>(j)]; }
  const std::uint64_t& no_dec_until(Index j) const { return no_dec_until_[static_cast<std::size_t>(j)]; }
  // After a move of j upwards (moved_up) forbids decreasing it before step `until`, otherwise
  // forbids increasing it.
  void set_tabu(Index j, bool moved_up, std::uint64_t until) {
    (moved_up ? no_dec_until_ : no_inc_until_)[static_cast<std::size_t>(j)] = until;
  }
  // True when the tabu horizons allow moving x_j to `value` at the current step.
  bool tabu_allows(Index j, double value) const {
    return value > x[static_cast<std::size_t>(j)] ? step_ >= no_inc_until(j) : step_ >= no_dec_until(j);
  }
  // Lifts every tabu horizon. Cost O(n); the caller accounts the work.
  void clear_tabu();
  // Objective weight (starts at 1; reset_weights() resets it).
  std::int64_t obj_weight() const { return obj_weight_; }
  void add_obj_weight(std::int64_t delta) { obj_weight_ += delta; }
  // Work units (nonzeros touched) spent so far by this worker: apply/recompute count their
  // own, everything else is added by the code that spends it.
  double work() const { return work_; }
  void add_work(double w) { work_ += w; }

 private:
  // Adds (above = true) or removes variable j's entries in the above-lb lists.
  void set_above(Index j, bool above);
  // Relative rounding error of one long double operation, with a safety factor.
  static constexpr Real kUnitErr = 0x1.0p-60L;
  const SearchModel& sm_;
  std::vector<float> err_limit_;  // act_err above this triggers recompute_row
  std::int64_t obj_weight_ = 1;
  std::uint64_t step_ = 0;
  std::vector<std::uint64_t> last_move_;
  std::vector<std::uint64_t> no_inc_until_;
  std::vector<std::uint64_t> no_dec_until_;
  double work_ = 0;
};

}  // namespace lsmip::search

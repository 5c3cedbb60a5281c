// Lift moves of the feasible mode (Local-MIP's lift process): per objective variable, the
// furthest improving step that keeps every row satisfied, with a cache refreshed only around
// the moved variable.
//
// The cache holds, per lift variable, a lift value and gain that are never worse than the
// exact ones (optimistic): each variable watches the row that bounded its lift when it was
// computed (none when its own bound did), and is recomputed whenever that row's activity or
// its own value changes. A row that tightens elsewhere can only shrink the exact lift, so
// stale entries are validated lazily by best(). Hence: exact gain > 0 implies a cached gain
// >= it, and the best cached gain, once validated, is the best exact one. Frozen variables
// (FrozenVars) have no lift.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "search/frozen_vars.h"
#include "search/move_kind.h"
#include "search/search_model.h"
#include "search/search_state.h"

namespace lsmip::search {

class LiftCache {
 public:
  // `value_limit` (ls_value_limit) bounds every lift value in absolute value.
  LiftCache(const SearchModel& sm, SearchState& state, const FrozenVars& frozen, double value_limit);

  // True while the cache follows the point (from rebuild() until invalidate()).
  bool valid() const { return valid_; }
  // Marks the cache stale (after a load, a recompute or a change of the frozen set). O(1).
  void invalidate() { valid_ = false; }
  // Recomputes the lift of every objective variable and makes the cache valid.
  // Cost O(sum of their columns).
  void rebuild();
  // Refreshes the cached lifts of `moved` (whose value was `old_value`) and of
  // the variables watching a row of its column on the side that gained room (a
  // row whose activity rose frees its lower-side watchers, and vice versa; the
  // others can only lose room and are validated lazily). Call after every move
  // while the cache is valid. Cost O(sum of the refreshed columns + log n each).
  void refresh_after(Index moved, double old_value);
  // Best lift with a positive gain, validated against the current point; false if none.
  bool best(Candidate* best);
  // Lift of variable j from scratch: its new value and objective gain (0 = none),
  // and the row that bounds it with its coefficient there (-1 and 0: its own bound
  // or the value limit).
  void compute(Index j, double* value, double* gain, Index* bind = nullptr,
               double* bind_coef = nullptr) const;
  // Checks the cache invariants (optimism, positive set, watch lists); "" if they hold.
  std::string check() const;

 private:
  // Recomputes the lift of j, updating the cache, the heap and j's watch.
  void update(Index j);
  void watch(Index j, Index row, bool hi_side, double coef);
  // True when row i (whose j-entry is coef, on the watched side) still allows j
  // no larger improving step than the cached one: then j's cache stays exact.
  bool watch_still_binds(Index j, Index i, bool hi_side, double coef) const;
  // Max-heap of the variables with a positive cached gain, ordered by (gain,
  // older last move); heap_pos_[j] = position or -1.
  bool heap_before(Index a, Index b) const;
  void heap_fix(Index j);
  void heap_sift_up(Index k);
  void heap_sift_down(Index k);

  const SearchModel& sm_;
  SearchState& st_;
  const FrozenVars& frozen_;
  double value_limit_;
  bool valid_ = false;
  std::vector<double> value_;  // cached lift target per variable
  std::vector<double> gain_;   // cached objective decrease (> 0 iff in the heap)
  std::vector<Index> heap_;
  std::vector<Index> heap_pos_;
  std::vector<std::uint32_t> stamp_;
  std::uint32_t gen_ = 0;
  // Watch lists, two per row: list 2i+1 holds the lift variables whose cached
  // lift row i bounds by its upper side, list 2i those bound by its lower side.
  // List l is watch_items_[watch_start_[l] .. + watch_size_[l]); its capacity is
  // the number of lift entries of the row that side can bound.
  std::vector<NzIndex> watch_start_;
  std::vector<Index> watch_size_;
  std::vector<Index> watch_items_;
  std::vector<double> watch_coef_;  // the watcher's coefficient in the row
  std::vector<Index> watch_list_;   // list watched by each variable, -1 = none
  std::vector<Index> watch_pos_;    // its position in that list
};

}  // namespace lsmip::search

// Maintained flip scores (ls_flip_cache): for every binary variable the row part of the
// score of flipping it, summed over the "short" rows of its column (at most `row_limit`
// entries), as Feasibility Jump keeps its jump scores. Rows longer than that are scored when
// a candidate is, except that long rows whose binary entries share one coefficient magnitude
// c keep their two possible terms (a + c and a - c), so such an entry costs a lookup. The
// cached sum equals Scorer::score()'s row terms exactly (integers), so select() ranks the
// same way with or without the cache.
//
// Invariant: while valid(), the cache reflects the current point and row weights. It must
// see every change of them: moves go through apply_move(), weights through add_weight(), and
// invalidate() follows any other change (load, recompute, reset_weights); ensure_valid()
// rebuilds an invalid cache that is on.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "search/prefetch.h"
#include "search/scoring.h"
#include "search/search_model.h"
#include "search/search_state.h"

namespace lsmip::search {

class FlipCache {
 public:
  FlipCache(const SearchModel& sm, SearchState& state, const Scorer& scorer);

  // Turns the cache on (rows of at most `row_limit` entries kept) or off (the default), and
  // ends the counting of binary_scores(). Cost O(nnz) when the row limit changes.
  void enable(bool on, std::int64_t row_limit);
  bool enabled() const { return on_; }
  // True when the cached scores are current (implies enabled()).
  bool valid() const { return valid_; }
  // Marks the cache stale after a change it did not see. O(1).
  void invalidate() { valid_ = false; }
  // Rebuilds the cache when it is on and stale. Cost O(kept entries + rows).
  void ensure_valid() {
    if (on_ && !valid_) rebuild();
  }
  // Estimated cost of a cache keeping the rows of at most `row_limit` entries, uniform over
  // the binary columns: the upkeep per move (binary entries of a column's kept rows), the
  // row terms a cached score saves (kept entries of a column), and the entries of a column in
  // longer rows whose binary entries share one coefficient magnitude (those cost a lookup
  // instead of a row term). From the model only, O(nnz).
  void estimate(std::int64_t row_limit, double* upkeep, double* saving, double* uniform) const;

  // Sets x_j = value (SearchState::apply) and updates the cache. Cost O(column length of j)
  // plus, with the cache valid, the binary entries of the short rows of j's column.
  void apply_move(Index j, double value);
  // SearchState::add_weight plus the cache update of row i. Cost O(binary entries of row i).
  void add_weight(Index i, std::int64_t delta, std::int64_t limit, bool lo_side = false);

  // Score of flipping binary j, from a valid cache. Cost O(long rows of j's column).
  Score score(Index j) const {
    return scorer_.with_flags([&](auto robust, auto sides) { return score_impl<robust(), sides()>(j); });
  }
  // Work units score(j) counts.
  double score_work(Index j) const {
    return static_cast<double>(long_start_[j + 1] - long_start_[j] + uni_start_[j + 1] - uni_start_[j]) + 1.0;
  }
  // Prefetches the cached entry of j (no effect on results).
  void prefetch_entry(Index j) const {
    prefetch(&progress_[j]);
    prefetch(&uni_start_[j]);
    prefetch(&long_start_[j]);
    if (scorer_.robust()) prefetch(&bonus_[j]);
  }
  // Prefetches the kept long-row terms of j, once its entry has arrived (no effect on results).
  void prefetch_terms(Index j) const { prefetch(uni_.data() + uni_start_[j]); }

  // Counts a scored candidate of variable j towards binary_scores() until enable() decides.
  void count_scored(Index j) {
    if (count_binary_) binary_scores_ += sm_.is_binary[j];
  }
  // Binary candidates scored until the first enable() (for the ls_flip_cache decision).
  std::uint64_t binary_scores() const { return binary_scores_; }
  // Checks a valid cache against Scorer::score() of every binary flip; "" if they agree.
  std::string check() const;

 private:
  // The cached row part of flipping binary j, recomputed from scratch.
  template <bool kRobust, bool kSides>
  void recompute(Index j);
  template <bool kRobust, bool kSides>
  Score score_impl(Index j) const;
  // The update after a move of k whose short rows had activities saved_act_ before it.
  template <bool kRobust, bool kSides>
  void after_move(Index k);
  void rebuild();
  // The magnitude |a_ij| that every binary entry of row i shares; 0 when the row has no
  // binary entry or two magnitudes. Cost O(row length).
  double binary_magnitude(Index i) const;
  // Recomputes the two kept terms of a uniform long row (rt_coef_[i] != 0).
  template <bool kRobust, bool kSides>
  void rt_update(Index i);

  const SearchModel& sm_;
  SearchState& st_;
  const Scorer& scorer_;
  // Binary entries of the short rows in CSR order (row_start_ per row, empty for long rows)
  // and, per binary column, its entries in long rows: those of uniform long rows
  // (rt_coef_ != 0) as 2·row + (coefficient < 0), one word each (uni_start_), the others with
  // their coefficients (long_start_).
  bool on_ = false;
  bool valid_ = false;
  std::vector<std::int64_t> progress_;  // cached row part of the flip score per variable
  std::vector<std::int64_t> bonus_;
  std::vector<NzIndex> row_start_;
  std::vector<Index> row_col_;
  std::vector<double> row_coef_;
  std::vector<NzIndex> uni_start_;
  std::vector<std::uint32_t> uni_;
  std::vector<NzIndex> long_start_;
  std::vector<Index> long_row_;
  std::vector<double> long_coef_;
  std::vector<double> saved_act_;  // activities of the moved column's rows before a move
  // Long rows whose binary entries share one magnitude c (rt_coef_[i] = c, else 0): their row
  // terms for an activity change of +c and -c at the current activity and weights.
  struct RowTerm {
    std::int64_t up_progress = 0;
    std::int64_t up_bonus = 0;
    std::int64_t down_progress = 0;
    std::int64_t down_bonus = 0;
  };
  std::vector<double> rt_coef_;
  std::vector<RowTerm> rt_;
  std::int64_t rows_limit_ = -1;  // rows kept: at most this many entries (-1: not built)
  std::uint64_t binary_scores_ = 0;
  bool count_binary_ = true;  // binary_scores_ is counted until enable() decides
};

template <bool kRobust, bool kSides>
inline Score FlipCache::score_impl(Index j) const {
  const double delta = st_.x[j] == 0.0 ? 1.0 : -1.0;
  const double* act = st_.act_d.data();
  std::int64_t progress = progress_[j], bonus = kRobust ? bonus_[j] : 0;
  // Uniform long rows: their two terms are kept; the activity goes up when the sign bit of
  // the entry differs from the direction of the flip.
  const std::uint32_t down_flip = delta < 0 ? 1u : 0u;
  for (NzIndex q = uni_start_[j]; q < uni_start_[j + 1]; ++q) {
    const std::uint32_t e = uni_[q];
    const RowTerm& t = rt_[e >> 1];
    const bool up = (e & 1u) == down_flip;
    progress += up ? t.up_progress : t.down_progress;
    if constexpr (kRobust) bonus += up ? t.up_bonus : t.down_bonus;
  }
  for (NzIndex q = long_start_[j]; q < long_start_[j + 1]; ++q) {
    const Index i = long_row_[q];
    scorer_.row_terms<kRobust, kSides>(i, act[i], act[i] + long_coef_[q] * delta, &progress, &bonus);
  }
  if (scorer_.objective_counts()) scorer_.objective_terms(sm_.cost[j] * delta, &progress, &bonus);
  return {progress, bonus};
}

}  // namespace lsmip::search

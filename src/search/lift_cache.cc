#include "search/lift_cache.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "search/scoring.h"

namespace lsmip::search {

LiftCache::LiftCache(const SearchModel& sm, SearchState& state, const FrozenVars& frozen,
                     double value_limit)
    : sm_(sm), st_(state), frozen_(frozen), value_limit_(value_limit) {
  value_.assign(sm.num_vars, 0.0);
  gain_.assign(sm.num_vars, 0.0);
  stamp_.assign(sm.num_vars, 0);
}

void LiftCache::compute(Index j, double* value, double* gain, Index* bind,
                                 double* bind_coef) const {
  *value = st_.x[j];
  *gain = 0.0;
  if (bind != nullptr) *bind = -1;
  if (bind_coef != nullptr) *bind_coef = 0.0;
  const double c = sm_.cost[j];
  if (c == 0.0 || sm_.is_fixed[j] || frozen_.frozen(j)) return;
  const double x = st_.x[j];
  const bool is_int = sm_.is_int[j];
  // Only the side that improves the objective matters; d is the furthest step
  // allowed so far in that direction (negative when going down). The value
  // limit acts as a bound, so a lift never leaves [-ls_value_limit, ls_value_limit].
  const bool down = c > 0;
  double d = down ? std::max(sm_.lb[j], -value_limit_) - x : std::min(sm_.ub[j], value_limit_) - x;
  if (is_int) d = down ? std::ceil(d) : std::floor(d);
  Index row = -1;
  double row_coef = 0.0;
  for (NzIndex p = sm_.col_start[j]; p < sm_.col_start[j + 1]; ++p) {
    const Index i = sm_.col_row[p];
    const double a_ij = sm_.col_coef[p];
    const RowBounds& b = sm_.rows[i];
    const Real a = st_.act[i];
    const double slack = sm_.row_slack[i];
    // The activity moves up when (a_ij > 0) == (d > 0).
    double di;
    if ((a_ij > 0) != down) {
      if (!std::isfinite(b.hi)) continue;
      di = tight_step(b.hi - a, a_ij, true, is_int, slack);
    } else {
      if (!std::isfinite(b.lo)) continue;
      di = tight_step(b.lo - a, a_ij, false, is_int, slack);
    }
    if (down ? di > d : di < d) {
      d = di;
      row = i;
      row_coef = a_ij;
    }
  }
  if (bind != nullptr) *bind = row;
  if (bind_coef != nullptr) *bind_coef = row_coef;
  if (down ? !(d < 0.0) : !(d > 0.0)) return;
  // Steps below 1e-9 relative are rounding noise, not lifts (depends on x only, so
  // the cache stays optimistic while x_j and the watched row are unchanged).
  if (std::fabs(d) <= 1e-9 * (1.0 + std::fabs(x))) return;
  const double v = x + d;
  if (v == x) return;
  *value = v;
  *gain = -c * d;
}

void LiftCache::watch(Index j, Index row, bool hi_side, double coef) {
  const Index list = row < 0 ? -1 : 2 * row + (hi_side ? 1 : 0);
  const Index old = watch_list_[j];
  if (old == list) return;
  if (old >= 0) {  // swap-remove from the old list
    const NzIndex base = watch_start_[old];
    const NzIndex last_at = base + --watch_size_[old];
    const Index last = watch_items_[last_at];
    watch_items_[base + watch_pos_[j]] = last;
    watch_coef_[base + watch_pos_[j]] = watch_coef_[last_at];
    watch_pos_[last] = watch_pos_[j];
  }
  watch_list_[j] = list;
  if (list >= 0) {
    watch_pos_[j] = watch_size_[list];
    const NzIndex at = watch_start_[list] + watch_size_[list]++;
    watch_items_[at] = j;
    watch_coef_[at] = coef;
  }
}

bool LiftCache::watch_still_binds(Index j, Index i, bool hi_side, double coef) const {
  const RowBounds& b = sm_.rows[i];
  const double di = hi_side ? tight_step(b.hi - st_.act[i], coef, true, sm_.is_int[j], sm_.row_slack[i])
                            : tight_step(b.lo - st_.act[i], coef, false, sm_.is_int[j], sm_.row_slack[i]);
  const double x = st_.x[j];
  const bool down = sm_.cost[j] > 0;
  if (gain_[j] > 0) return di == value_[j] - x;
  // No cached lift: still none while this row alone allows no step above the noise level.
  return (down ? !(di < 0.0) : !(di > 0.0)) || std::fabs(di) <= 1e-9 * (1.0 + std::fabs(x));
}

bool LiftCache::heap_before(Index a, Index b) const {
  if (gain_[a] != gain_[b]) return gain_[a] > gain_[b];
  if (st_.last_move(a) != st_.last_move(b)) return st_.last_move(a) < st_.last_move(b);
  return a < b;
}

void LiftCache::heap_sift_up(Index k) {
  const Index j = heap_[k];
  while (k > 0) {
    const Index parent = (k - 1) / 2;
    if (!heap_before(j, heap_[parent])) break;
    heap_[k] = heap_[parent];
    heap_pos_[heap_[k]] = k;
    k = parent;
  }
  heap_[k] = j;
  heap_pos_[j] = k;
}

void LiftCache::heap_sift_down(Index k) {
  const Index n = static_cast<Index>(heap_.size());
  const Index j = heap_[k];
  for (;;) {
    Index child = 2 * k + 1;
    if (child >= n) break;
    if (child + 1 < n && heap_before(heap_[child + 1], heap_[child])) ++child;
    if (!heap_before(heap_[child], j)) break;
    heap_[k] = heap_[child];
    heap_pos_[heap_[k]] = k;
    k = child;
  }
  heap_[k] = j;
  heap_pos_[j] = k;
}

void LiftCache::heap_fix(Index j) {
  Index k = heap_pos_[j];
  if (gain_[j] > 0) {
    if (k < 0) {
      k = static_cast<Index>(heap_.size());
      heap_.push_back(j);  // capacity reserved for every lift variable: no allocation
    }
    heap_sift_up(k);
    heap_sift_down(heap_pos_[j]);
  } else if (k >= 0) {
    const Index last = heap_.back();
    heap_.pop_back();
    heap_pos_[j] = -1;
    if (last != j) {
      heap_[k] = last;
      heap_pos_[last] = k;
      heap_sift_up(k);
      heap_sift_down(heap_pos_[last]);
    }
  }
}

void LiftCache::update(Index j) {
  Index row;
  double coef;
  compute(j, &value_[j], &gain_[j], &row, &coef);
  heap_fix(j);
  // The side of row that bounds j: the activity rises with j's improving step
  // iff the coefficient and the step have the same sign.
  const bool hi_side = row >= 0 && (coef > 0) != (sm_.cost[j] > 0);
  watch(j, row, hi_side, coef);
  st_.add_work(static_cast<double>(sm_.col_length(j)) + 1.0);
}

void LiftCache::rebuild() {
  if (watch_start_.empty()) {  // first use: size the watch lists and the heap
    watch_start_.assign(2 * static_cast<std::size_t>(sm_.num_rows) + 1, 0);
    for (Index j : sm_.lift_vars) {
      for (NzIndex p = sm_.col_start[j]; p < sm_.col_start[j + 1]; ++p) {
        const bool hi_side = (sm_.col_coef[p] > 0) != (sm_.cost[j] > 0);
        ++watch_start_[2 * static_cast<std::size_t>(sm_.col_row[p]) + (hi_side ? 1 : 0) + 1];
      }
    }
    for (std::size_t l = 0; l + 1 < watch_start_.size(); ++l) watch_start_[l + 1] += watch_start_[l];
    watch_items_.assign(static_cast<std::size_t>(watch_start_.back()), -1);
    watch_coef_.assign(static_cast<std::size_t>(watch_start_.back()), 0.0);
    watch_size_.assign(2 * static_cast<std::size_t>(sm_.num_rows), 0);
    watch_list_.assign(sm_.num_vars, -1);
    watch_pos_.assign(sm_.num_vars, 0);
    heap_.reserve(sm_.lift_vars.size());
    heap_pos_.assign(sm_.num_vars, -1);
  }
  for (Index j : heap_) heap_pos_[j] = -1;
  heap_.clear();
  for (Index j : sm_.lift_vars) update(j);
  valid_ = true;
}

void LiftCache::refresh_after(Index moved, double old_value) {
  if (++gen_ == 0) {
    std::fill(stamp_.begin(), stamp_.end(), 0);
    gen_ = 1;
  }
  if (sm_.is_lift[moved]) {
    stamp_[moved] = gen_;
    update(moved);
  }
  const bool up = st_.x[moved] > old_value;
  for (NzIndex p = sm_.col_start[moved]; p < sm_.col_start[moved + 1]; ++p) {
    // The activity rose: the lower side moved away, so its watchers gained room.
    const Index i = sm_.col_row[p];
    const bool hi_side = (sm_.col_coef[p] > 0) != up;
    const Index list = 2 * i + (hi_side ? 1 : 0);
    // Downwards: update() may swap the last watcher into slot k or re-append j;
    // both land at positions already visited, and the stamp skips them.
    const NzIndex base = watch_start_[list];
    for (Index k = watch_size_[list] - 1; k >= 0; --k) {
      if (k >= watch_size_[list]) continue;
      const Index j = watch_items_[base + k];
      if (stamp_[j] == gen_) continue;
      st_.add_work(1.0);
      if (watch_still_binds(j, i, hi_side, watch_coef_[base + k])) continue;
      stamp_[j] = gen_;
      update(j);
    }
    st_.add_work(1.0);
  }
}

bool LiftCache::best(Candidate* best) {
  while (!heap_.empty()) {
    const Index j = heap_.front();
    const double gain = gain_[j], value = value_[j];
    update(j);  // validate: a row may have tightened since j was cached
    if (gain_[j] == gain && value_[j] == value) {
      *best = Candidate{j, value, MoveKind::kLift};
      return true;
    }
  }
  return false;
}

std::string LiftCache::check() const {
  char buf[240];
  for (Index j : sm_.lift_vars) {
    double v, g;
    compute(j, &v, &g);
    const bool pos = gain_[j] > 0;
    const bool listed = heap_pos_[j] >= 0 && heap_[heap_pos_[j]] == j;
    if (pos != listed || (g > 0 && gain_[j] < g)) {
      std::snprintf(buf, sizeof buf, "lift cache of variable %d: cached %.17g (gain %.17g, %s), "
                    "recomputed %.17g (gain %.17g)", j, value_[j], gain_[j],
                    listed ? "listed" : "not listed", v, g);
      return buf;
    }
    const Index l = watch_list_[j];
    if (l >= 0 && (l >= 2 * sm_.num_rows || watch_pos_[j] >= watch_size_[l] ||
                   watch_items_[watch_start_[l] + watch_pos_[j]] != j)) {
      std::snprintf(buf, sizeof buf, "watch list %d does not hold variable %d", l, j);
      return buf;
    }
  }
  for (Index l = 0; l < static_cast<Index>(watch_size_.size()); ++l) {
    for (Index k = 0; k < watch_size_[l]; ++k) {
      const Index j = watch_items_[watch_start_[l] + k];
      if (watch_list_[j] != l || watch_pos_[j] != k) {
        std::snprintf(buf, sizeof buf, "watch list %d: stale entry %d", l, j);
        return buf;
      }
    }
  }
  for (std::size_t k = 0; k < heap_.size(); ++k) {
    if (k > 0 && heap_before(heap_[k], heap_[(k - 1) / 2])) return "lift heap out of order";
    if (heap_pos_[heap_[k]] != static_cast<Index>(k)) return "lift heap positions stale";
  }
  return {};
}

}  // namespace lsmip::search

#include "search/feasibility_jump.h"

#include <algorithm>
#include <cmath>

namespace lsmip::search {
namespace {

constexpr double kViolationTol = 5e-7;  // a row holds within this, as in the Local-MIP engine
constexpr double kIntTol = 1e-9;        // an interval end this close to an integer counts as it
constexpr double kGoodScore = 1e-12;    // a score above this is an improving jump
constexpr std::size_t kSample = 25;     // improving columns compared per step
constexpr double kRandomGood = 0.001;   // chance of a random improving column instead
constexpr double kRandomInRow = 0.01;   // chance of a random column of the chosen violated row

}  // namespace

FeasibilityJump::FeasibilityJump(const Model& m, std::span<const double> start, std::uint64_t seed)
    : m_(m), rng_(seed) {
  const std::size_t n = u(m.num_cols()), rows = u(m.num_rows());
  lb_.resize(n);
  ub_.resize(n);
  x_.resize(n);
  for (Index j = 0; j < m.num_cols(); ++j) {
    const Model::Domain d = m.domain(j);
    lb_[u(j)] = d.lb;
    ub_[u(j)] = std::max(d.lb, d.ub);  // an empty domain is presolve's to report; keep lb
    double v = start.size() == n ? start[u(j)] : (d.lb > 0 ? d.lb : d.ub < 0 ? d.ub : 0.0);
    if (!std::isfinite(v)) v = 0;
    if (m.is_integer(j)) v = std::round(v);
    x_[u(j)] = std::min(std::max(v, lb_[u(j)]), ub_[u(j)]);
  }
  act_.assign(rows, 0.0);
  weight_.assign(rows, 1.0);
  violated_pos_.assign(rows, -1);
  jump_.assign(n, 0.0);
  score_.assign(n, 0.0);
  good_pos_.assign(n, -1);
  init_rows();
  for (Index j = 0; j < m.num_cols(); ++j) reset_column(j);
  best_violated_ = violated_.size();
}

double FeasibilityJump::violation(Index i, double a) const {
  const double lo = m_.row_lower(i), hi = m_.row_upper(i), tol = kViolationTol;
  if (a < lo - tol) return lo - a;
  if (a > hi + tol) return a - hi;
  return 0;
}

void FeasibilityJump::init_rows() {
  violated_.clear();
  for (Index i = 0; i < m_.num_rows(); ++i) {
    const SparseVector row = m_.row(i);
    double a = 0;
    for (std::size_t k = 0; k < row.size(); ++k) a += row.value[k] * x_[u(row.index[k])];
    act_[u(i)] = a;
    violated_pos_[u(i)] = -1;
    if (violation(i, a) > 0) {
      violated_pos_[u(i)] = static_cast<Index>(violated_.size());
      violated_.push_back(i);
    }
  }
  work_ += static_cast<double>(m_.num_nonzeros());
}

void FeasibilityJump::reset_column(Index j) {
  const SparseVector col = m_.col(j);
  work_ += static_cast<double>(col.size());
  const double xj = x_[u(j)], lower = lb_[u(j)], upper = ub_[u(j)];
  const bool integer = m_.is_integer(j);
  // The weighted distance to the rows' intervals is convex and piecewise linear in the value:
  // start at the lower bound with the slope there, and walk the break points upwards.
  breaks_.clear();
  double slope = 0;
  for (std::size_t k = 0; k < col.size(); ++k) {
    const Index i = col.index[k];
    const double a = col.value[k], w = weight_[u(i)];
    const double rest = act_[u(i)] - a * xj;
    double l = (m_.row_lower(i) - rest) / a, h = (m_.row_upper(i) - rest) / a;
    if (a < 0) std::swap(l, h);
    if (integer) {
      l = std::ceil(l - kIntTol);
      h = std::floor(h + kIntTol);
    }
    if (l > h) continue;  // no value of the column alone makes the row hold
    if (l > lower) {
      slope -= w;
      if (l < upper) breaks_.emplace_back(l, w);
    }
    if (h <= lower) {
      slope += w;
    } else if (h < upper) {
      breaks_.emplace_back(h, w);
    }
  }
  if (std::isfinite(lower)) breaks_.emplace_back(lower, 0.0);
  if (std::isfinite(upper)) breaks_.emplace_back(upper, 0.0);
  std::sort(breaks_.begin(), breaks_.end());
  double cur = breaks_.empty() ? xj : breaks_.front().first;
  double level = 0, best_level = 0, best = cur;
  for (const auto& [v, w] : breaks_) {
    level += (v - cur) * slope;
    slope += w;
    cur = v;
    if (best == xj || (v != xj && level < best_level)) {
      best_level = level;
      best = v;
    }
    if (best != xj && slope >= 0) break;  // convex: past the minimum
  }
  jump_[u(j)] = best;
  double s = 0;
  const double d = best - xj;
  if (d != 0) {
    for (std::size_t k = 0; k < col.size(); ++k) {
      const Index i = col.index[k];
      const double a = act_[u(i)];
      s += weight_[u(i)] * (violation(i, a) - violation(i, a + col.value[k] * d));
    }
  }
  score_[u(j)] = s;
  update_good(j);
}

void FeasibilityJump::update_good(Index j) {
  const bool good = score_[u(j)] > kGoodScore && jump_[u(j)] != x_[u(j)];
  Index& pos = good_pos_[u(j)];
  if (good && pos < 0) {
    pos = static_cast<Index>(good_.size());
    good_.push_back(j);
  } else if (!good && pos >= 0) {
    const Index last = good_.back();
    good_[u(pos)] = last;
    good_pos_[u(last)] = pos;
    good_.pop_back();
    pos = -1;
  }
}

void FeasibilityJump::bump_weights() {
  ++bumps_;
  for (const Index i : violated_) {
    weight_[u(i)] += 1.0;
    const SparseVector row = m_.row(i);
    work_ += static_cast<double>(row.size());
    const double a = act_[u(i)], now = violation(i, a);
    for (std::size_t k = 0; k < row.size(); ++k) {
      const Index j = row.index[k];
      const double d = jump_[u(j)] - x_[u(j)];
      if (d == 0) continue;
      score_[u(j)] += now - violation(i, a + row.value[k] * d);
      update_good(j);
    }
  }
}

Index FeasibilityJump::select_column() {
  if (!good_.empty()) {
    const auto size = static_cast<std::uint32_t>(good_.size());
    if (rng_.uniform() < kRandomGood) return good_[rng_.below(size)];
    const std::size_t sample = std::min<std::size_t>(kSample, good_.size());
    work_ += static_cast<double>(sample);
    Index best = good_[rng_.below(size)];
    for (std::size_t s = 1; s < sample; ++s) {
      const Index j = good_[rng_.below(size)];
      if (score_[u(j)] > score_[u(best)]) best = j;
    }
    return best;
  }
  bump_weights();
  if (violated_.empty()) return -1;
  const Index i = violated_[rng_.below(static_cast<std::uint32_t>(violated_.size()))];
  const SparseVector row = m_.row(i);
  work_ += static_cast<double>(row.size());
  if (row.size() == 0) return -1;
  if (rng_.uniform() < kRandomInRow) return row.index[rng_.below(static_cast<std::uint32_t>(row.size()))];
  // Jump values go stale as the other columns move (they are recomputed only when their
  // column moves): refresh those of this row's columns before choosing among them. A binary
  // column's jump is always the flip, and its score is kept exactly, so it needs none.
  Index best = -1;
  for (const Index j : row.index) {
    if (lb_[u(j)] == ub_[u(j)]) continue;
    if (!(m_.is_integer(j) && ub_[u(j)] - lb_[u(j)] == 1)) reset_column(j);
    if (jump_[u(j)] == x_[u(j)]) continue;
    if (best < 0 || score_[u(j)] > score_[u(best)]) best = j;
  }
  return best;
}

void FeasibilityJump::move(Index j) {
  const double d = jump_[u(j)] - x_[u(j)];
  if (d == 0) return;
  ++moves_;
  x_[u(j)] = jump_[u(j)];
  const SparseVector col = m_.col(j);
  for (std::size_t k = 0; k < col.size(); ++k) {
    const Index i = col.index[k];
    const double old_a = act_[u(i)], new_a = old_a + col.value[k] * d;
    act_[u(i)] = new_a;
    const double old_v = violation(i, old_a), new_v = violation(i, new_a);
    Index& pos = violated_pos_[u(i)];
    if (new_v > 0 && pos < 0) {
      pos = static_cast<Index>(violated_.size());
      violated_.push_back(i);
    } else if (new_v == 0 && pos >= 0) {
      const Index last = violated_.back();
      violated_[u(pos)] = last;
      violated_pos_[u(last)] = pos;
      violated_.pop_back();
      pos = -1;
    }
    // Every other column of the row: its jump's effect on this row changed.
    const SparseVector row = m_.row(i);
    work_ += static_cast<double>(row.size());
    const double w = weight_[u(i)];
    for (std::size_t r = 0; r < row.size(); ++r) {
      const Index c = row.index[r];
      if (c == j) continue;
      const double dc = jump_[u(c)] - x_[u(c)];
      if (dc == 0) continue;
      const double shift = row.value[r] * dc;
      score_[u(c)] += w * ((new_v - violation(i, new_a + shift)) - (old_v - violation(i, old_a + shift)));
      update_good(c);
    }
  }
  reset_column(j);
}

bool FeasibilityJump::run(double work) {
  const double until = work_ + work;
  while (work_ < until) {
    if (violated_.empty()) {
      // Recompute the activities from scratch before claiming feasibility (rounding drift).
      init_rows();
      if (violated_.empty()) return true;
      for (Index j = 0; j < m_.num_cols(); ++j) reset_column(j);
    }
    work_ += 1;  // every step costs, even one that finds nothing to move
    const Index j = select_column();
    if (j < 0) continue;
    move(j);
    if (violated_.size() < best_violated_) {
      best_violated_ = violated_.size();
      work_at_progress_ = work_;
    }
  }
  return violated_.empty();
}

}  // namespace lsmip::search

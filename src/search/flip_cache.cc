#include "search/flip_cache.h"

#include <algorithm>
#include <cmath>

namespace lsmip::search {

FlipCache::FlipCache(const SearchModel& sm, SearchState& state, const Scorer& scorer)
    : sm_(sm), st_(state), scorer_(scorer) {}

void FlipCache::estimate(std::int64_t row_limit, double* upkeep, double* saving,
                                  double* uniform) const {
  *upkeep = *saving = *uniform = 0.0;
  if (sm_.binary_vars.empty()) return;
  // Per row: binary entries, and for a long row the magnitude they share (0 = none).
  std::vector<NzIndex> bin_len(static_cast<std::size_t>(sm_.num_rows), 0);
  std::vector<double> mag(static_cast<std::size_t>(sm_.num_rows), 0.0);
  for (Index j : sm_.binary_vars) {
    for (NzIndex p = sm_.col_start[j]; p < sm_.col_start[j + 1]; ++p) ++bin_len[sm_.col_row[p]];
  }
  for (Index i = 0; i < sm_.num_rows; ++i) {
    if (sm_.row_length(i) > row_limit) mag[i] = binary_magnitude(i);
  }
  for (Index j : sm_.binary_vars) {
    for (NzIndex p = sm_.col_start[j]; p < sm_.col_start[j + 1]; ++p) {
      const Index i = sm_.col_row[p];
      if (sm_.row_length(i) > row_limit) {
        if (mag[i] > 0.0) *uniform += 1.0;
        continue;
      }
      *upkeep += static_cast<double>(bin_len[i]);
      *saving += 1.0;
    }
  }
  const double nb = static_cast<double>(sm_.binary_vars.size());
  *upkeep /= nb;
  *saving /= nb;
  *uniform /= nb;
}

void FlipCache::enable(bool on, std::int64_t row_limit) {
  valid_ = false;
  count_binary_ = false;
  on_ = on && !sm_.binary_vars.empty();
  if (!on_ || row_limit == rows_limit_) return;
  rows_limit_ = row_limit;
  const std::size_t n = static_cast<std::size_t>(sm_.num_vars);
  const std::size_t m = static_cast<std::size_t>(sm_.num_rows);
  row_col_.clear();
  row_coef_.clear();
  long_row_.clear();
  long_coef_.clear();
  uni_.clear();
  progress_.assign(n, 0);
  bonus_.assign(n, 0);
  // Binary entries of the short rows (CSR), and per binary column its long-row entries (CSC);
  // long rows whose binary entries share one magnitude c keep the two row terms a +- c.
  row_start_.assign(m + 1, 0);
  rt_coef_.assign(m, 0.0);
  rt_.assign(m, RowTerm{});
  for (Index i = 0; i < sm_.num_rows; ++i) {
    if (sm_.row_length(i) <= rows_limit_) {
      for (NzIndex p = sm_.row_start[i]; p < sm_.row_start[i + 1]; ++p) {
        if (!sm_.is_binary[sm_.row_col[p]]) continue;
        row_col_.push_back(sm_.row_col[p]);
        row_coef_.push_back(sm_.row_coef[p]);
      }
    } else {
      rt_coef_[i] = binary_magnitude(i);
    }
    row_start_[i + 1] = static_cast<NzIndex>(row_col_.size());
  }
  long_start_.assign(n + 1, 0);
  uni_start_.assign(n + 1, 0);
  NzIndex max_col = 0;
  for (Index j = 0; j < sm_.num_vars; ++j) {
    if (sm_.is_binary[j]) {
      for (NzIndex p = sm_.col_start[j]; p < sm_.col_start[j + 1]; ++p) {
        const Index i = sm_.col_row[p];
        if (sm_.row_length(i) <= rows_limit_) continue;
        if (rt_coef_[i] != 0.0) {
          uni_.push_back(2 * static_cast<std::uint32_t>(i) + (sm_.col_coef[p] < 0.0 ? 1u : 0u));
        } else {
          long_row_.push_back(i);
          long_coef_.push_back(sm_.col_coef[p]);
        }
      }
    }
    long_start_[j + 1] = static_cast<NzIndex>(long_row_.size());
    uni_start_[j + 1] = static_cast<NzIndex>(uni_.size());
    max_col = std::max(max_col, sm_.col_length(j));
  }
  saved_act_.assign(static_cast<std::size_t>(max_col), 0.0);
}

double FlipCache::binary_magnitude(Index i) const {
  double c = 0.0;
  for (NzIndex p = sm_.row_start[i]; p < sm_.row_start[i + 1]; ++p) {
    if (!sm_.is_binary[sm_.row_col[p]]) continue;
    const double a = std::fabs(sm_.row_coef[p]);
    if (c == 0.0) c = a;
    if (a != c) return 0.0;
  }
  return c;
}

template <bool kRobust, bool kSides>
inline void FlipCache::rt_update(Index i) {
  const double a = st_.act_d[i], c = rt_coef_[i];
  RowTerm& t = rt_[i];
  t = RowTerm{};
  scorer_.row_terms<kRobust, kSides>(i, a, a + c, &t.up_progress, &t.up_bonus);
  scorer_.row_terms<kRobust, kSides>(i, a, a + -c, &t.down_progress, &t.down_bonus);
}

template <bool kRobust, bool kSides>
void FlipCache::recompute(Index j) {
  const double delta = st_.x[j] == 0.0 ? 1.0 : -1.0;
  const double* act = st_.act_d.data();
  std::int64_t progress = 0, bonus = 0;
  for (NzIndex p = sm_.col_start[j]; p < sm_.col_start[j + 1]; ++p) {
    const Index i = sm_.col_row[p];
    if (sm_.row_length(i) > rows_limit_) continue;
    scorer_.row_terms<kRobust, kSides>(i, act[i], act[i] + sm_.col_coef[p] * delta, &progress, &bonus);
  }
  progress_[j] = progress;
  bonus_[j] = bonus;
}

void FlipCache::rebuild() {
  scorer_.with_flags([&](auto robust, auto sides) {
    for (Index j : sm_.binary_vars) recompute<robust(), sides()>(j);
    for (Index i = 0; i < sm_.num_rows; ++i) {
      if (rt_coef_[i] != 0.0) rt_update<robust(), sides()>(i);
    }
  });
  st_.add_work(static_cast<double>(row_start_.back() + sm_.num_rows));
  valid_ = true;
}

void FlipCache::apply_move(Index j, double value) {
  if (!valid_) {
    st_.apply(j, value);
    return;
  }
  const NzIndex begin = sm_.col_start[j];
  for (NzIndex p = begin; p < sm_.col_start[j + 1]; ++p) saved_act_[p - begin] = st_.act_d[sm_.col_row[p]];
  st_.apply(j, value);
  scorer_.with_flags([&](auto robust, auto sides) { after_move<robust(), sides()>(j); });
}

template <bool kRobust, bool kSides>
void FlipCache::after_move(Index k) {
  // Each binary j sharing a short row with k: its cached term of that row moves from the old
  // activity to the new one (the flip direction of j is unchanged). k itself is recomputed.
  const double* act = st_.act_d.data();
  const double* x = st_.x.data();
  const NzIndex begin = sm_.col_start[k];
  NzIndex touched = 0;
  for (NzIndex p = begin; p < sm_.col_start[k + 1]; ++p) {
    const Index i = sm_.col_row[p];
    if (rt_coef_[i] != 0.0) rt_update<kRobust, kSides>(i);
    const double a0 = saved_act_[p - begin], a1 = act[i];
    const NzIndex qend = row_start_[i + 1];
    if (a0 == a1 || row_start_[i] == qend) continue;
    const std::int64_t w = st_.weight[i];
    const std::int64_t wl = kSides ? st_.weight_lo[i] : 0;
    for (NzIndex q = row_start_[i]; q < qend; ++q) {
      const Index j = row_col_[q];
      const double d = x[j] == 0.0 ? row_coef_[q] : -row_coef_[q];
      const Scorer::RowUnits u0 = scorer_.row_units<kRobust, kSides>(i, a0, a0 + d);
      const Scorer::RowUnits u1 = scorer_.row_units<kRobust, kSides>(i, a1, a1 + d);
      progress_[j] += (u1.hi - u0.hi) * w + (u1.lo - u0.lo) * wl;
      if constexpr (kRobust) bonus_[j] += (u1.bonus - u0.bonus) * w;
    }
    touched += qend - row_start_[i];
  }
  if (sm_.is_binary[k]) recompute<kRobust, kSides>(k);
  st_.add_work(static_cast<double>(touched));
}

void FlipCache::add_weight(Index i, std::int64_t delta, std::int64_t limit, bool lo_side) {
  const std::int64_t w0 = st_.weight[i], wl0 = st_.weight_lo[i];
  st_.add_weight(i, delta, limit, lo_side);
  if (valid_ && rt_coef_[i] != 0.0) {
    scorer_.with_flags([&](auto robust, auto sides) { rt_update<robust(), sides()>(i); });
  }
  const NzIndex qend = valid_ ? row_start_[i + 1] : 0;
  if (!valid_ || row_start_[i] == qend) return;
  const std::int64_t dw = st_.weight[i] - w0, dwl = st_.weight_lo[i] - wl0;
  if (dw == 0 && dwl == 0) return;
  const double a = st_.act_d[i];
  const double* x = st_.x.data();
  scorer_.with_flags([&](auto robust, auto sides) {
    for (NzIndex q = row_start_[i]; q < qend; ++q) {
      const Index j = row_col_[q];
      const double d = x[j] == 0.0 ? row_coef_[q] : -row_coef_[q];
      const Scorer::RowUnits u = scorer_.row_units<robust(), sides()>(i, a, a + d);
      progress_[j] += u.hi * dw + u.lo * dwl;
      if constexpr (robust()) bonus_[j] += u.bonus * dw;
    }
  });
  st_.add_work(static_cast<double>(qend - row_start_[i]));
}

std::string FlipCache::check() const {
  if (!on_ || !valid_) return "";
  for (Index j : sm_.binary_vars) {
    const Score a = score(j);
    const Score b = scorer_.score(j, 1.0 - st_.x[j]);
    if (!(a == b)) {
      return "cached flip score of x" + std::to_string(j) + ": " + std::to_string(a.progress) + "/" +
             std::to_string(a.bonus) + " vs scratch " + std::to_string(b.progress) + "/" +
             std::to_string(b.bonus);
    }
  }
  return "";
}

}  // namespace lsmip::search

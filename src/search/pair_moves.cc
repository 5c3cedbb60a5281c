#include "search/pair_moves.h"

#include <algorithm>
#include <cmath>

namespace lsmip::search {

PairMoves::PairMoves(const SearchModel& sm, SearchState& state, const Scorer& scorer,
                     const MoveGenerator& gen, const FrozenVars& frozen, const Options& options,
                     Rng& rng)
    : sm_(sm),
      st_(state),
      scorer_(scorer),
      gen_(gen),
      frozen_(frozen),
      rng_(rng),
      value_limit_(options.ls_value_limit) {
  pair_delta_.assign(sm.num_rows, 0.0);
  pair_stamp_.assign(sm.num_rows, 0);
}

template <bool kRobust, bool kSides>
Score PairMoves::pair_score_impl(Index j, double dj, Index k, double dk) {
  // Row changes of j are collected first, so a row shared with k is judged on the sum.
  next_pair_gen();
  std::int64_t progress = 0, bonus = 0;
  const double* act = st_.act_d.data();
  for (NzIndex p = sm_.col_start[j]; p < sm_.col_start[j + 1]; ++p) {
    const Index i = sm_.col_row[p];
    pair_stamp_[i] = pair_gen_;
    pair_delta_[i] = sm_.col_coef[p] * dj;
  }
  for (NzIndex p = sm_.col_start[k]; p < sm_.col_start[k + 1]; ++p) {
    const Index i = sm_.col_row[p];
    if (pair_stamp_[i] == pair_gen_) {
      pair_delta_[i] += sm_.col_coef[p] * dk;
    } else {
      scorer_.row_terms<kRobust, kSides>(i, act[i], act[i] + sm_.col_coef[p] * dk, &progress, &bonus);
    }
  }
  for (NzIndex p = sm_.col_start[j]; p < sm_.col_start[j + 1]; ++p) {
    const Index i = sm_.col_row[p];
    scorer_.row_terms<kRobust, kSides>(i, act[i], act[i] + pair_delta_[i], &progress, &bonus);
  }
  scorer_.objective_terms(sm_.cost[j] * dj + sm_.cost[k] * dk, &progress, &bonus);
  st_.add_work(static_cast<double>(sm_.col_length(j) * 2 + sm_.col_length(k)) + 1.0);
  return {progress, bonus};
}

Score PairMoves::pair_score(Index j, double dj, Index k, double dk) {
  return scorer_.with_flags([&](auto robust, auto sides) {
    return pair_score_impl<robust(), sides()>(j, dj, k, dk);
  });
}

bool PairMoves::best_transfer(std::int64_t num_rows, std::int64_t partners,
                                  std::int64_t max_pairs, PairMove* best, Score* best_score) {
  constexpr int kEntriesPerRow = 4;
  const std::int32_t nv = st_.violated.size();
  if (nv == 0 || !sm_.any_unit_eq || max_pairs <= 0 || partners <= 0) return false;
  bool have = false;
  Score bs;
  std::uint64_t best_age = 0;
  std::int64_t pairs = 0;
  for (std::int64_t t = 0; t < num_rows && pairs < max_pairs; ++t) {
    const Index r = st_.violated[static_cast<std::int32_t>(rng_.below(static_cast<std::uint32_t>(nv)))];
    const bool above = st_.act[r] > sm_.rows[r].hi_tol;  // r is violated: on one side
    const NzIndex len = sm_.row_length(r);
    for (int e = 0; e < kEntriesPerRow && e < len && pairs < max_pairs; ++e) {
      const NzIndex p = sm_.row_start[r] +
                        (len <= kEntriesPerRow ? e : static_cast<NzIndex>(rng_.below(static_cast<std::uint32_t>(len))));
      const Index j = sm_.row_col[p];
      const VarInfo& vj = sm_.var[j];
      if (vj.is_fixed) continue;
      double value = tight_target(sm_, st_, r, p, above);
      if (std::isnan(value)) continue;
      value = std::min(std::max(value, vj.lb), vj.ub);
      if (!gen_.step_allowed(j, value)) continue;
      const double dj = value - st_.x[j];
      // The first satisfied unit equality of j's column that the step would break.
      Index eq = -1;
      double a_ej = 0.0;
      for (NzIndex q = sm_.col_start[j]; q < sm_.col_start[j + 1]; ++q) {
        const Index i = sm_.col_row[q];
        if (i != r && sm_.row_unit_eq[i] && !st_.violated.contains(i)) {
          eq = i;
          a_ej = sm_.col_coef[q];
          break;
        }
      }
      st_.add_work(static_cast<double>(sm_.col_length(j)) + 1.0);
      if (eq < 0) continue;
      const NzIndex elen = sm_.row_length(eq);
      for (std::int64_t s = 0; s < partners && pairs < max_pairs; ++s) {
        const NzIndex q = sm_.row_start[eq] + static_cast<NzIndex>(rng_.below(static_cast<std::uint32_t>(elen)));
        const Index k = sm_.row_col[q];
        const VarInfo& vk = sm_.var[k];
        if (k == j || vk.is_fixed) continue;
        const double dk = -a_ej * dj / sm_.row_coef[q];  // |a_ek| == |a_ej|: exactly +-dj
        if (vk.is_int && dk != std::floor(dk)) continue;
        const double kv = st_.x[k] + dk;
        if (kv < vk.lb || kv > vk.ub || !gen_.step_allowed(k, kv)) continue;
        ++pairs;
        const Score sc = pair_score(j, dj, k, dk);
        if (sc.progress <= 0) continue;
        const std::uint64_t age = std::max(st_.last_move(j), st_.last_move(k));
        if (!have || sc.progress > bs.progress ||
            (sc.progress == bs.progress && (sc.bonus > bs.bonus || (sc.bonus == bs.bonus && age < best_age)))) {
          have = true;
          bs = sc;
          best_age = age;
          *best = PairMove{j, value, k, kv};
        }
      }
    }
  }
  if (have) *best_score = bs;
  return have;
}

void PairMoves::next_pair_gen() {
  if (++pair_gen_ == 0) {
    std::fill(pair_stamp_.begin(), pair_stamp_.end(), 0);
    pair_gen_ = 1;
  }
}

bool PairMoves::best_swap(std::int64_t num_vars, std::int64_t partners, PairMove* best) {
  constexpr int kMaxBroken = 8;  // a single partner rarely repairs more rows than this
  if (num_vars <= 0 || partners <= 0 || !st_.violated.empty()) return false;
  swap_vars_.clear();
  for (Index j : sm_.obj_vars) {
    if (!sm_.is_int[j] || sm_.is_fixed[j] || frozen_.frozen(j)) continue;
    if (sm_.cost[j] > 0 ? st_.x[j] - 1.0 >= sm_.lb[j] : st_.x[j] + 1.0 <= sm_.ub[j]) {
      swap_vars_.push_back(j);
    }
  }
  st_.add_work(static_cast<double>(sm_.obj_vars.size()));
  const std::size_t nvars = swap_vars_.size();
  if (nvars == 0) return false;
  const double* act = st_.act_d.data();
  const double min_gain = 1e-9 * std::max(1.0, std::fabs(static_cast<double>(st_.objective)));
  double best_gain = 0.0;
  bool have = false;
  const std::size_t tries = std::min<std::size_t>(nvars, static_cast<std::size_t>(num_vars));
  for (std::size_t t = 0; t < tries; ++t) {
    if (tries < nvars) {  // partial Fisher-Yates over the improvable variables
      const std::size_t r = t + rng_.below(static_cast<std::uint32_t>(nvars - t));
      std::swap(swap_vars_[t], swap_vars_[r]);
    }
    const Index j = swap_vars_[t];
    const double dj = sm_.cost[j] > 0 ? -1.0 : 1.0;
    next_pair_gen();
    int broken = 0;
    Index row = -1;
    for (NzIndex p = sm_.col_start[j]; p < sm_.col_start[j + 1]; ++p) {
      const Index i = sm_.col_row[p];
      pair_stamp_[i] = pair_gen_;
      pair_delta_[i] = sm_.col_coef[p] * dj;
      if (st_.row_violated(i, act[i] + pair_delta_[i])) {
        ++broken;
        if (row < 0 || sm_.row_length(i) < sm_.row_length(row)) row = i;
      }
    }
    st_.add_work(static_cast<double>(sm_.col_length(j)) + 1.0);
    if (broken == 0 || broken > kMaxBroken) continue;  // no break: a lift move's business
    const double gain_j = -sm_.cost[j] * dj;
    const double na = act[row] + pair_delta_[row];
    const bool above = na > sm_.rows[row].hi_tol;
    const Real gap = static_cast<Real>((above ? sm_.rows[row].hi : sm_.rows[row].lo) - na);
    const NzIndex len = sm_.row_length(row);
    const std::int64_t count = std::min<std::int64_t>(len, partners);
    for (std::int64_t e = 0; e < count; ++e) {
      const NzIndex q = sm_.row_start[row] +
                        (len <= partners ? static_cast<NzIndex>(e)
                                         : static_cast<NzIndex>(rng_.below(static_cast<std::uint32_t>(len))));
      const Index k = sm_.row_col[q];
      if (k == j || sm_.is_fixed[k] || frozen_.frozen(k)) continue;
      const double dk = tight_step(gap, sm_.row_coef[q], above, sm_.is_int[k], sm_.row_slack[row]);
      const double kv = st_.x[k] + dk;
      if (!(dk != 0.0) || !(kv >= sm_.lb[k] && kv <= sm_.ub[k]) || !(std::fabs(kv) <= value_limit_)) {
        continue;
      }
      const double gain = gain_j - sm_.cost[k] * dk;
      if (!(gain > min_gain) || gain <= best_gain) continue;
      // Every row of k, with j's change where shared, must end within its sides, and every
      // row j broke must be among them.
      int repaired = 0;
      bool ok = true;
      for (NzIndex p = sm_.col_start[k]; p < sm_.col_start[k + 1]; ++p) {
        const Index i = sm_.col_row[p];
        const bool shared = pair_stamp_[i] == pair_gen_;
        const double dj_i = shared ? pair_delta_[i] : 0.0;
        if (st_.row_violated(i, act[i] + dj_i + sm_.col_coef[p] * dk)) {
          ok = false;
          break;
        }
        if (shared && st_.row_violated(i, act[i] + dj_i)) ++repaired;
      }
      st_.add_work(static_cast<double>(sm_.col_length(k)) + 1.0);
      if (!ok || repaired != broken) continue;
      have = true;
      best_gain = gain;
      *best = PairMove{j, st_.x[j] + dj, k, kv};
    }
  }
  return have;
}

}  // namespace lsmip::search

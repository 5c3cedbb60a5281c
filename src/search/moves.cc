#include "search/moves.h"

#include <algorithm>
#include <cmath>

#include "options/choices.h"
#include "search/prefetch.h"

namespace lsmip::search {

MoveGenerator::MoveGenerator(const SearchModel& sm, SearchState& state, const Scorer& scorer,
                             FlipCache& flip, const FrozenVars& frozen, const Options& options, Rng& rng)
    : sm_(sm),
      st_(state),
      scorer_(scorer),
      flip_(flip),
      frozen_(frozen),
      rng_(rng),
      tie_objective_(choice<LsTieObjective>(options)),
      value_limit_(options.ls_value_limit) {
  cands_.reserve(4096);
  sampled_.reserve(static_cast<std::size_t>(
      std::max({options.ls_unsat_bms, options.ls_unsat_bm_bms, options.ls_sat_bms, options.ls_random_bms})));
  picked_rows_.reserve(1024);
  var_stamp_.assign(sm.num_vars, Stamp{0, 0.0});
  row_stamp_.assign(sm.num_rows, 0);
}

void MoveGenerator::begin(bool respect_tabu, Index forbid_var, double forbid_value) {
  cands_.clear();
  respect_tabu_ = respect_tabu;
  forbid_var_ = forbid_var;
  forbid_value_ = forbid_value;
  if (++gen_ == 0) {  // wrapped: clear the stamps once every 2^32 generations
    std::fill(var_stamp_.begin(), var_stamp_.end(), Stamp{0, 0.0});
    std::fill(row_stamp_.begin(), row_stamp_.end(), 0);
    gen_ = 1;
  }
}

void MoveGenerator::add(Index var, double value, MoveKind kind) {
  const VarInfo& info = sm_.var[var];
  if (info.is_fixed || std::isnan(value)) return;
  if (value < info.lb) value = info.lb;
  if (value > info.ub) value = info.ub;
  if (!step_allowed(var, value)) return;
  if (var == forbid_var_ && value == forbid_value_) return;
  Stamp& stamp = var_stamp_[var];
  if (stamp.gen == gen_ && stamp.value == value) return;
  stamp.gen = gen_;
  stamp.value = value;
  cands_.push_back(Candidate{var, value, kind});
}

void MoveGenerator::add_entry_tight(Index i, NzIndex p, MoveKind kind) {
  const Index j = sm_.row_col[p];
  if (sm_.var[j].is_fixed || frozen_.frozen(j)) return;
  const RowBounds& b = sm_.rows[i];
  const Real a = st_.act[i];
  if (a > b.hi_tol) {
    add(j, tight_target(sm_, st_, i, p, true), kind);
  } else if (a < b.lo_tol) {
    add(j, tight_target(sm_, st_, i, p, false), kind);
  } else {
    if (std::isfinite(b.hi)) add(j, tight_target(sm_, st_, i, p, true), kind);
    if (std::isfinite(b.lo)) add(j, tight_target(sm_, st_, i, p, false), kind);
  }
}

void MoveGenerator::add_row_tight(Index i, MoveKind kind) {
  const NzIndex end = sm_.row_start[i + 1];
  st_.add_work(static_cast<double>(end - sm_.row_start[i]));
  for (NzIndex p = sm_.row_start[i]; p < end; ++p) {
    if (p + static_cast<NzIndex>(kPrefetchAhead) < end) {
      const Index j = sm_.row_col[p + static_cast<NzIndex>(kPrefetchAhead)];
      prefetch(&sm_.var[j]);
      prefetch(&st_.x[j]);
    }
    add_entry_tight(i, p, kind);
  }
}

bool MoveGenerator::needs_decrease_only(Index i) const {
  const int sign = sm_.row_sign[i];
  if (sign == 0) return false;
  const RowBounds& b = sm_.rows[i];
  return sign > 0 ? st_.act[i] > b.hi_tol : st_.act[i] < b.lo_tol;
}

void MoveGenerator::add_rows_sampled(std::int64_t max_entries, MoveKind kind) {
  // A violated sign-uniform row that needs its variables to decrease only has
  // candidates among the entries above their lower bound: draw from that list
  // (often a handful in a row of thousands, e.g. an over-covered partition row).
  NzIndex total = 0;
  for (Index i : picked_rows_) {
    total += needs_decrease_only(i) ? st_.above_count[i] : sm_.row_length(i);
  }
  if (total <= max_entries) {
    for (Index i : picked_rows_) {
      if (needs_decrease_only(i)) {
        const NzIndex base = sm_.row_start[i];
        const std::int32_t count = st_.above_count[i];
        for (std::int32_t k = 0; k < count; ++k) add_entry_tight(i, base + st_.above_items[base + k], kind);
        st_.add_work(static_cast<double>(count) + 1.0);
      } else {
        add_row_tight(i, kind);
      }
    }
    return;
  }
  // More entries than the sample size: draw entries uniformly instead of generating all.
  // The draws come first (the same random numbers in the same order), so that each
  // entry's variable can be prefetched kPrefetchAhead entries before it is added.
  sampled_.clear();
  for (std::int64_t t = 0; t < max_entries; ++t) {
    NzIndex k = static_cast<NzIndex>(rng_.uniform() * static_cast<double>(total));
    for (Index i : picked_rows_) {
      const bool restricted = needs_decrease_only(i);
      const NzIndex len = restricted ? st_.above_count[i] : sm_.row_length(i);
      if (k < len) {
        const NzIndex base = sm_.row_start[i];
        sampled_.push_back(SampledEntry{i, base + (restricted ? st_.above_items[base + k] : k)});
        break;
      }
      k -= len;
    }
  }
  const auto ahead = [&](std::size_t t) {
    const Index j = sm_.row_col[sampled_[t].pos];
    prefetch(&sm_.var[j]);
    prefetch(&st_.x[j]);
    prefetch(&var_stamp_[j]);
    prefetch(&st_.no_inc_until(j));
    prefetch(&st_.no_dec_until(j));
  };
  // Two stages: the entry's column index twice as far ahead, its variable's data once.
  const std::size_t count = sampled_.size();
  for (std::size_t t = 0; t < std::min(count, 2 * kPrefetchAhead); ++t) {
    prefetch(&sm_.row_col[sampled_[t].pos]);
  }
  for (std::size_t t = 0; t < std::min(count, kPrefetchAhead); ++t) ahead(t);
  for (std::size_t t = 0; t < count; ++t) {
    if (t + 2 * kPrefetchAhead < count) prefetch(&sm_.row_col[sampled_[t + 2 * kPrefetchAhead].pos]);
    if (t + kPrefetchAhead < count) ahead(t + kPrefetchAhead);
    add_entry_tight(sampled_[t].row, sampled_[t].pos, kind);
  }
  st_.add_work(static_cast<double>(max_entries));
}

void MoveGenerator::add_row_tight_sampled(Index row, std::int64_t max_entries, MoveKind kind) {
  picked_rows_.clear();
  picked_rows_.push_back(row);
  add_rows_sampled(max_entries, kind);
}

void MoveGenerator::add_random_row(std::int64_t max_entries, MoveKind kind) {
  const std::int32_t nv = st_.violated.size();
  if (nv == 0) return;
  const Index row = st_.violated[static_cast<std::int32_t>(rng_.below(static_cast<std::uint32_t>(nv)))];
  if (max_entries < 0) {
    add_row_tight(row, kind);
  } else {
    add_row_tight_sampled(row, max_entries, kind);
  }
}

void MoveGenerator::add_unsat_tight(std::int64_t num_rows, std::int64_t max_entries,
                                    MoveKind kind) {
  const std::int32_t nv = st_.violated.size();
  if (nv == 0) return;
  picked_rows_.clear();
  if (nv <= num_rows) {
    for (std::int32_t k = 0; k < nv; ++k) picked_rows_.push_back(st_.violated[k]);
  } else {
    for (std::int64_t t = 0; t < num_rows; ++t) {
      const Index i =
          st_.violated[static_cast<std::int32_t>(rng_.below(static_cast<std::uint32_t>(nv)))];
      if (row_stamp_[i] == gen_) continue;
      row_stamp_[i] = gen_;
      picked_rows_.push_back(i);
    }
  }
  add_rows_sampled(max_entries, kind);
}

void MoveGenerator::add_sat_tight(std::int64_t num_rows, std::int64_t max_entries) {
  const Index m = sm_.num_rows;
  if (m == 0 || st_.violated.size() == m) return;
  picked_rows_.clear();
  for (std::int64_t tries = 0;
       static_cast<std::int64_t>(picked_rows_.size()) < num_rows && tries < 3 * num_rows; ++tries) {
    const Index i = static_cast<Index>(rng_.below(static_cast<std::uint32_t>(m)));
    if (row_stamp_[i] == gen_ || st_.violated.contains(i)) continue;
    if (sm_.rows[i].lo == sm_.rows[i].hi) continue;  // equalities are tight already
    row_stamp_[i] = gen_;
    picked_rows_.push_back(i);
  }
  add_rows_sampled(max_entries, MoveKind::kSatTight);
}

void MoveGenerator::add_breakthrough(std::int64_t max_vars) {
  const std::vector<Index>& pool = frozen_.objective_pool();
  const std::size_t nobj = pool.size();
  if (nobj == 0 || max_vars <= 0) return;
  const Real gap = scorer_.target() - st_.objective;
  auto add_bm = [&](Index j) {
    const double c = sm_.cost[j];
    // objective + c·d <= target: the same rounding rule as a "<=" row.
    add(j, st_.x[j] + tight_step(gap, c, true, sm_.is_int[j], 0.0), MoveKind::kBreakthrough);
  };
  if (nobj <= static_cast<std::size_t>(max_vars)) {
    for (Index j : pool) add_bm(j);
    st_.add_work(static_cast<double>(nobj));
    return;
  }
  for (std::int64_t t = 0; t < max_vars; ++t) {
    add_bm(pool[rng_.below(static_cast<std::uint32_t>(nobj))]);
  }
  st_.add_work(static_cast<double>(max_vars));
}

void MoveGenerator::add_flips(std::int64_t count) {
  const std::size_t nb = sm_.binary_vars.size();
  if (nb == 0) return;
  for (std::int64_t t = 0; t < count; ++t) {
    const Index j = sm_.binary_vars[rng_.below(static_cast<std::uint32_t>(nb))];
    add(j, 1.0 - st_.x[j], MoveKind::kFlip);
  }
}

bool MoveGenerator::select(std::int64_t bms, bool require_positive, Candidate* best,
                           Score* best_score) {
  const std::size_t n = cands_.size();
  if (n == 0) return false;
  flip_.ensure_valid();
  const bool flip_valid = flip_.valid();
  const std::size_t take = std::min<std::size_t>(n, static_cast<std::size_t>(bms));
  bool have = false;
  Score bs;
  std::uint64_t best_age = 0;
  double best_dobj = 0.0;
  const bool tie_obj = tie_objective_ == LsTieObjective::kAlways ||
                       (tie_objective_ == LsTieObjective::kIncumbent && scorer_.has_incumbent());
  // Partial Fisher-Yates (a uniform sample without repetition), run kPrefetchAhead
  // positions ahead of the scoring so that the data of a candidate can be prefetched
  // before it is scored. Swap k only touches positions >= k, so doing the swaps earlier
  // (in the same order) draws the same sample as doing each just before its use.
  const auto draw = [&](std::size_t k) {
    if (take < n) {
      const std::size_t r = k + rng_.below(static_cast<std::uint32_t>(n - k));
      std::swap(cands_[k], cands_[r]);
    }
    const Index j = cands_[k].var;
    prefetch(&st_.x[j]);
    prefetch(&st_.last_move(j));
    prefetch(&sm_.is_binary[j]);
    prefetch(&sm_.cost[j]);
    if (flip_valid) flip_.prefetch_entry(j);
  };
  for (std::size_t k = 0; k < std::min(take, kPrefetchAhead); ++k) draw(k);
  for (std::size_t k = 0; k < take; ++k) {
    if (k + kPrefetchAhead < take) draw(k + kPrefetchAhead);
    // Halfway there, the cached-term lists of a candidate, whose start has arrived by now.
    if (flip_valid && k + kPrefetchAhead / 2 < take) flip_.prefetch_terms(cands_[k + kPrefetchAhead / 2].var);
    const Candidate& cand = cands_[k];
    Score s;
    flip_.count_scored(cand.var);
    if (flip_valid && sm_.is_binary[cand.var]) {
      // A binary candidate is always the flip: its score comes from the maintained cache.
      s = flip_.score(cand.var);
      st_.add_work(flip_.score_work(cand.var));
    } else {
      s = scorer_.score(cand.var, cand.value);
      st_.add_work(static_cast<double>(sm_.col_length(cand.var)) + 1.0);
    }
    if (require_positive && s.progress <= 0) continue;
    const std::uint64_t age = st_.last_move(cand.var);
    // Ties on (progress, bonus) go to the smaller objective change of an integer move, then to
    // the older variable (continuous moves count as no change: preferring their objective
    // decrease makes the search creep along a row in tiny steps).
    const double dobj =
        tie_obj && sm_.is_int[cand.var] ? sm_.cost[cand.var] * (cand.value - st_.x[cand.var]) : 0.0;
    if (!have || s.progress > bs.progress ||
        (s.progress == bs.progress &&
         (s.bonus > bs.bonus ||
          (s.bonus == bs.bonus && (dobj < best_dobj || (dobj == best_dobj && age < best_age)))))) {
      have = true;
      bs = s;
      best_age = age;
      best_dobj = dobj;
      *best = cand;
    }
  }
  if (have) *best_score = bs;
  return have;
}

}  // namespace lsmip::search

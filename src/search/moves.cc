#include "search/moves.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace lsmip::search {

const char* move_kind_name(MoveKind kind) {
  switch (kind) {
    case MoveKind::kUnsatTight: return "tight";
    case MoveKind::kSatTight: return "sat-tight";
    case MoveKind::kBreakthrough: return "break";
    case MoveKind::kLift: return "lift";
    case MoveKind::kFlip: return "flip";
    case MoveKind::kRandomTight: return "random";
    case MoveKind::kTransfer: return "transfer";
    case MoveKind::kSwap: return "swap";
    case MoveKind::kRestart: return "restart";
    case MoveKind::kInitial: return "initial";
    case MoveKind::kCount: break;
  }
  return "?";
}

double tight_step(Real gap, double c, bool keep_le, bool is_int, double slack) {
  if (!is_int) return static_cast<double>(gap / static_cast<Real>(c));
  // a + c·d <= target  <=>  d <= gap/c (c > 0) or d >= gap/c (c < 0); symmetric for >=.
  // Integer steps are rounded in double: an error there costs at most one unit of
  // distance to the side, which the scoring sees, never a wrong feasibility claim.
  const double g = static_cast<double>(gap);
  if (keep_le) {
    const double t = (g + slack) / c;
    return c > 0 ? std::floor(t) : std::ceil(t);
  }
  const double t = (g - slack) / c;
  return c > 0 ? std::ceil(t) : std::floor(t);
}

namespace {

// tight_step of a binary variable reduced to what add() keeps after clamping the value to
// [0, 1]: whether d >= 1, d <= -1 or d == 0, decided by comparisons instead of a division.
// `g` is the gap already widened by the slack. keep_le: d = floor(g/c) (c > 0) or ceil(g/c)
// (c < 0); otherwise d = ceil(g/c) (c > 0) or floor(g/c) (c < 0).
inline double binary_tight_step(double g, double c, bool keep_le) {
  if (keep_le) {
    return c > 0 ? (g >= c ? 1.0 : g < 0 ? -1.0 : 0.0) : (g < 0 ? 1.0 : g >= -c ? -1.0 : 0.0);
  }
  return c > 0 ? (g > 0 ? 1.0 : g <= -c ? -1.0 : 0.0) : (g <= c ? 1.0 : g > 0 ? -1.0 : 0.0);
}

// Asks the cache for the line holding *p ahead of its use (no effect on results). On x86
// an asm statement: GCC 12 deletes a __builtin_prefetch whose address comes from a load
// inside a loop that only prefetches (dead-code elimination), which silently removed the
// look-ahead of add_rows_sampled.
template <typename T>
[[gnu::always_inline]] inline void prefetch(const T* p) {
#if defined(__x86_64__) || defined(__i386__)
  asm volatile("prefetcht0 %0" : : "m"(*reinterpret_cast<const char*>(p)));
#else
  __builtin_prefetch(static_cast<const void*>(p), 0, 3);
#endif
}

// Candidates or entries looked ahead by the prefetching loops: far enough for a
// last-level-cache miss to finish while the ones in between are scored.
constexpr std::size_t kPrefetchAhead = 16;

}  // namespace

MoveGenerator::MoveGenerator(const SearchModel& sm, SearchState& state, const Options& options,
                             Rng& rng)
    : sm_(sm),
      st_(state),
      rng_(rng),
      mitigation_(options.ls_mitigation),
      bonus_breakthrough_(options.ls_bonus_breakthrough),
      bonus_robust_(options.ls_bonus_robust),
      tie_objective_(options.ls_tie_objective == "always"      ? TieObjective::kAlways
                     : options.ls_tie_objective == "incumbent" ? TieObjective::kIncumbent
                                                               : TieObjective::kOff),
      obj_before_feasible_(options.ls_obj_before_feasible),
      value_limit_(options.ls_value_limit) {
  cands_.reserve(4096);
  sampled_.reserve(static_cast<std::size_t>(
      std::max({options.ls_unsat_bms, options.ls_unsat_bm_bms, options.ls_sat_bms, options.ls_random_bms})));
  picked_rows_.reserve(1024);
  var_stamp_.assign(sm.num_vars, Stamp{0, 0.0});
  row_stamp_.assign(sm.num_rows, 0);
  pair_delta_.assign(sm.num_rows, 0.0);
  pair_stamp_.assign(sm.num_rows, 0);
  lift_value_.assign(sm.num_vars, 0.0);
  lift_gain_.assign(sm.num_vars, 0.0);
  lift_stamp_.assign(sm.num_vars, 0);
  frozen_.assign(sm.num_vars, 0);
}

void MoveGenerator::freeze_except(const std::vector<Index>& free_vars) {
  std::fill(frozen_.begin(), frozen_.end(), std::uint8_t{1});
  free_obj_.clear();
  for (Index j : free_vars) {
    frozen_[j] = 0;
    if (sm_.cost[j] != 0.0 && !sm_.is_fixed[j]) free_obj_.push_back(j);
  }
  std::sort(free_obj_.begin(), free_obj_.end());
  any_frozen_ = true;
  st_.add_work(static_cast<double>(sm_.num_vars));
}

void MoveGenerator::unfreeze() {
  if (!any_frozen_) return;
  std::fill(frozen_.begin(), frozen_.end(), std::uint8_t{0});
  free_obj_.clear();
  any_frozen_ = false;
  st_.add_work(static_cast<double>(sm_.num_vars));
}

void MoveGenerator::flip_estimate(std::int64_t row_limit, double* upkeep, double* saving,
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

void MoveGenerator::set_incumbent(bool has_incumbent, Real threshold, Real target) {
  has_incumbent_ = has_incumbent;
  threshold_ = threshold;
  target_ = target;
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

[[gnu::always_inline]] inline double MoveGenerator::tight_target(Index i, NzIndex p, bool to_hi) const {
  // Candidate values only rank moves, so they are computed from the double copy of the
  // activity (exact for certified-exact models); feasibility is decided on the long double one.
  const RowBounds& b = sm_.rows[i];
  const double gap = (to_hi ? b.hi : b.lo) - st_.act_d[i];
  const Index j = sm_.row_col[p];
  const double c = sm_.row_coef[p];
  const double x = st_.x[j];
  const VarInfo& v = sm_.var[j];
  if (v.is_int && v.lb == 0.0 && v.ub == 1.0) {
    return x + binary_tight_step(to_hi ? gap + sm_.row_slack[i] : gap - sm_.row_slack[i], c, to_hi);
  }
  return x + tight_step(gap, c, to_hi, v.is_int, sm_.row_slack[i]);
}

void MoveGenerator::add_entry_tight(Index i, NzIndex p, MoveKind kind) {
  const Index j = sm_.row_col[p];
  if (sm_.var[j].is_fixed || frozen(j)) return;
  const RowBounds& b = sm_.rows[i];
  const Real a = st_.act[i];
  if (a > b.hi_tol) {
    add(j, tight_target(i, p, true), kind);
  } else if (a < b.lo_tol) {
    add(j, tight_target(i, p, false), kind);
  } else {
    if (std::isfinite(b.hi)) add(j, tight_target(i, p, true), kind);
    if (std::isfinite(b.lo)) add(j, tight_target(i, p, false), kind);
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
  const std::vector<Index>& pool = any_frozen_ ? free_obj_ : sm_.obj_vars;
  const std::size_t nobj = pool.size();
  if (nobj == 0 || max_vars <= 0) return;
  const Real gap = target_ - st_.objective;
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

template <bool kRobust, bool kSides>
inline MoveGenerator::RowUnits MoveGenerator::row_units(Index i, double a, double na) const {
  // Written without data-dependent branches (the statuses are unpredictable).
  const RowBounds& b = sm_.rows[i];
  const std::int64_t mf = mitigation_;
  RowUnits u{0, 0, 0};
  if (kSides && sm_.row_sides[i]) {
    // Each side is a half-row with its own weight, scored as if the row were split:
    // status change of the side (times mitigation), else +-1 for getting closer/further.
    const bool ha = a > b.hi_tol, hn = na > b.hi_tol;
    const bool la = a < b.lo_tol, ln = na < b.lo_tol;
    const std::int64_t hboth = static_cast<std::int64_t>(ha & hn) *
                               (static_cast<std::int64_t>(na < a) - static_cast<std::int64_t>(na > a));
    const std::int64_t lboth = static_cast<std::int64_t>(la & ln) *
                               (static_cast<std::int64_t>(na > a) - static_cast<std::int64_t>(na < a));
    u.hi = (static_cast<std::int64_t>(ha) - static_cast<std::int64_t>(hn)) * mf + hboth;
    u.lo = (static_cast<std::int64_t>(la) - static_cast<std::int64_t>(ln)) * mf + lboth;
  } else {
    const bool va = (a > b.hi_tol) | (a < b.lo_tol);
    const bool vn = (na > b.hi_tol) | (na < b.lo_tol);
    const double ea = std::max(a - b.hi, b.lo - a);  // > 0 when violated
    const double en = std::max(na - b.hi, b.lo - na);
    const std::int64_t both = static_cast<std::int64_t>(va & vn) *
                              (static_cast<std::int64_t>(en < ea) - static_cast<std::int64_t>(en > ea));
    const std::int64_t change = static_cast<std::int64_t>(va) - static_cast<std::int64_t>(vn);
    u.hi = change * mf + both;
  }
  if constexpr (kRobust) {
    const bool sa = a > sm_.row_strict_lo[i] && a < sm_.row_strict_hi[i];
    const bool sn = na > sm_.row_strict_lo[i] && na < sm_.row_strict_hi[i];
    u.bonus = static_cast<std::int64_t>(sn) - static_cast<std::int64_t>(sa);
  }
  return u;
}

template <bool kRobust, bool kSides>
inline void MoveGenerator::row_terms(Index i, double a, double na, std::int64_t* progress,
                                     std::int64_t* bonus) const {
  const RowUnits u = row_units<kRobust, kSides>(i, a, na);
  const std::int64_t w = st_.weight[i];
  *progress += u.hi * w;
  if constexpr (kSides) *progress += u.lo * st_.weight_lo[i];
  if constexpr (kRobust) *bonus += u.bonus * w;
}

template <typename F>
inline decltype(auto) MoveGenerator::with_flags(F&& f) const {
  using T = std::true_type;
  using N = std::false_type;
  if (sm_.any_row_sides) return bonus_robust_ ? f(T{}, T{}) : f(N{}, T{});
  return bonus_robust_ ? f(T{}, N{}) : f(N{}, N{});
}

void MoveGenerator::objective_terms(double dobj, std::int64_t* progress, std::int64_t* bonus) const {
  if (dobj == 0.0 || !(has_incumbent_ || obj_before_feasible_)) return;
  *progress += (dobj < 0 ? 1 : -1) * mitigation_ * st_.obj_weight();
  if (has_incumbent_ && bonus_breakthrough_) {
    const bool before = st_.objective < threshold_;
    const bool after = st_.objective + static_cast<Real>(dobj) < threshold_;
    if (before != after) *bonus += after ? st_.obj_weight() : -st_.obj_weight();
  }
}

template <bool kRobust, bool kSides>
Score MoveGenerator::score_impl(Index j, double value) const {
  // Scoring reads the double copy of the activities: it only ranks moves, while
  // feasibility decisions use the long double activities.
  const double delta = value - st_.x[j];
  std::int64_t progress = 0, bonus = 0;
  const NzIndex end = sm_.col_start[j + 1];
  const double* act = st_.act_d.data();
  for (NzIndex p = sm_.col_start[j]; p < end; ++p) {
    const Index i = sm_.col_row[p];
    const double a = act[i];
    row_terms<kRobust, kSides>(i, a, a + sm_.col_coef[p] * delta, &progress, &bonus);
  }
  if (has_incumbent_ || obj_before_feasible_) objective_terms(sm_.cost[j] * delta, &progress, &bonus);
  return {progress, bonus};
}

template <bool kRobust, bool kSides>
Score MoveGenerator::pair_score_impl(Index j, double dj, Index k, double dk) {
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
      row_terms<kRobust, kSides>(i, act[i], act[i] + sm_.col_coef[p] * dk, &progress, &bonus);
    }
  }
  for (NzIndex p = sm_.col_start[j]; p < sm_.col_start[j + 1]; ++p) {
    const Index i = sm_.col_row[p];
    row_terms<kRobust, kSides>(i, act[i], act[i] + pair_delta_[i], &progress, &bonus);
  }
  objective_terms(sm_.cost[j] * dj + sm_.cost[k] * dk, &progress, &bonus);
  st_.add_work(static_cast<double>(sm_.col_length(j) * 2 + sm_.col_length(k)) + 1.0);
  return {progress, bonus};
}

Score MoveGenerator::pair_score(Index j, double dj, Index k, double dk) {
  return with_flags([&](auto robust, auto sides) {
    return pair_score_impl<robust(), sides()>(j, dj, k, dk);
  });
}

Score MoveGenerator::score(Index j, double value) const {
  return with_flags([&](auto robust, auto sides) { return score_impl<robust(), sides()>(j, value); });
}

void MoveGenerator::flip_enable(bool on, std::int64_t row_limit) {
  flip_valid_ = false;
  count_binary_ = false;
  flip_on_ = on && !sm_.binary_vars.empty();
  if (!flip_on_ || row_limit == flip_rows_limit_) return;
  flip_rows_limit_ = row_limit;
  const std::size_t n = static_cast<std::size_t>(sm_.num_vars);
  const std::size_t m = static_cast<std::size_t>(sm_.num_rows);
  flip_row_col_.clear();
  flip_row_coef_.clear();
  flip_long_row_.clear();
  flip_long_coef_.clear();
  flip_uni_.clear();
  flip_progress_.assign(n, 0);
  flip_bonus_.assign(n, 0);
  // Binary entries of the short rows (CSR), and per binary column its long-row entries (CSC);
  // long rows whose binary entries share one magnitude c keep the two row terms a +- c.
  flip_row_start_.assign(m + 1, 0);
  rt_coef_.assign(m, 0.0);
  rt_.assign(m, RowTerm{});
  for (Index i = 0; i < sm_.num_rows; ++i) {
    if (sm_.row_length(i) <= flip_rows_limit_) {
      for (NzIndex p = sm_.row_start[i]; p < sm_.row_start[i + 1]; ++p) {
        if (!sm_.is_binary[sm_.row_col[p]]) continue;
        flip_row_col_.push_back(sm_.row_col[p]);
        flip_row_coef_.push_back(sm_.row_coef[p]);
      }
    } else {
      rt_coef_[i] = binary_magnitude(i);
    }
    flip_row_start_[i + 1] = static_cast<NzIndex>(flip_row_col_.size());
  }
  flip_long_start_.assign(n + 1, 0);
  flip_uni_start_.assign(n + 1, 0);
  NzIndex max_col = 0;
  for (Index j = 0; j < sm_.num_vars; ++j) {
    if (sm_.is_binary[j]) {
      for (NzIndex p = sm_.col_start[j]; p < sm_.col_start[j + 1]; ++p) {
        const Index i = sm_.col_row[p];
        if (sm_.row_length(i) <= flip_rows_limit_) continue;
        if (rt_coef_[i] != 0.0) {
          flip_uni_.push_back(2 * static_cast<std::uint32_t>(i) + (sm_.col_coef[p] < 0.0 ? 1u : 0u));
        } else {
          flip_long_row_.push_back(i);
          flip_long_coef_.push_back(sm_.col_coef[p]);
        }
      }
    }
    flip_long_start_[j + 1] = static_cast<NzIndex>(flip_long_row_.size());
    flip_uni_start_[j + 1] = static_cast<NzIndex>(flip_uni_.size());
    max_col = std::max(max_col, sm_.col_length(j));
  }
  flip_saved_act_.assign(static_cast<std::size_t>(max_col), 0.0);
}

double MoveGenerator::binary_magnitude(Index i) const {
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
inline void MoveGenerator::rt_update(Index i) {
  const double a = st_.act_d[i], c = rt_coef_[i];
  RowTerm& t = rt_[i];
  t = RowTerm{};
  row_terms<kRobust, kSides>(i, a, a + c, &t.up_progress, &t.up_bonus);
  row_terms<kRobust, kSides>(i, a, a + -c, &t.down_progress, &t.down_bonus);
}

template <bool kRobust, bool kSides>
void MoveGenerator::flip_recompute(Index j) {
  const double delta = st_.x[j] == 0.0 ? 1.0 : -1.0;
  const double* act = st_.act_d.data();
  std::int64_t progress = 0, bonus = 0;
  for (NzIndex p = sm_.col_start[j]; p < sm_.col_start[j + 1]; ++p) {
    const Index i = sm_.col_row[p];
    if (sm_.row_length(i) > flip_rows_limit_) continue;
    row_terms<kRobust, kSides>(i, act[i], act[i] + sm_.col_coef[p] * delta, &progress, &bonus);
  }
  flip_progress_[j] = progress;
  flip_bonus_[j] = bonus;
}

void MoveGenerator::flip_rebuild() {
  with_flags([&](auto robust, auto sides) {
    for (Index j : sm_.binary_vars) flip_recompute<robust(), sides()>(j);
    for (Index i = 0; i < sm_.num_rows; ++i) {
      if (rt_coef_[i] != 0.0) rt_update<robust(), sides()>(i);
    }
  });
  st_.add_work(static_cast<double>(flip_row_start_.back() + sm_.num_rows));
  flip_valid_ = true;
}

template <bool kRobust, bool kSides>
Score MoveGenerator::flip_score(Index j) const {
  const double delta = st_.x[j] == 0.0 ? 1.0 : -1.0;
  const double* act = st_.act_d.data();
  std::int64_t progress = flip_progress_[j], bonus = kRobust ? flip_bonus_[j] : 0;
  // Uniform long rows: their two terms are kept; the activity goes up when the sign bit of
  // the entry differs from the direction of the flip.
  const std::uint32_t down_flip = delta < 0 ? 1u : 0u;
  for (NzIndex q = flip_uni_start_[j]; q < flip_uni_start_[j + 1]; ++q) {
    const std::uint32_t e = flip_uni_[q];
    const RowTerm& t = rt_[e >> 1];
    const bool up = (e & 1u) == down_flip;
    progress += up ? t.up_progress : t.down_progress;
    if constexpr (kRobust) bonus += up ? t.up_bonus : t.down_bonus;
  }
  for (NzIndex q = flip_long_start_[j]; q < flip_long_start_[j + 1]; ++q) {
    const Index i = flip_long_row_[q];
    row_terms<kRobust, kSides>(i, act[i], act[i] + flip_long_coef_[q] * delta, &progress, &bonus);
  }
  if (has_incumbent_ || obj_before_feasible_) objective_terms(sm_.cost[j] * delta, &progress, &bonus);
  return {progress, bonus};
}

void MoveGenerator::apply_move(Index j, double value) {
  if (!flip_valid_) {
    st_.apply(j, value);
    return;
  }
  const NzIndex begin = sm_.col_start[j];
  for (NzIndex p = begin; p < sm_.col_start[j + 1]; ++p) flip_saved_act_[p - begin] = st_.act_d[sm_.col_row[p]];
  st_.apply(j, value);
  with_flags([&](auto robust, auto sides) { flip_after_move<robust(), sides()>(j); });
}

template <bool kRobust, bool kSides>
void MoveGenerator::flip_after_move(Index k) {
  // Each binary j sharing a short row with k: its cached term of that row moves from the old
  // activity to the new one (the flip direction of j is unchanged). k itself is recomputed.
  const double* act = st_.act_d.data();
  const double* x = st_.x.data();
  const NzIndex begin = sm_.col_start[k];
  NzIndex touched = 0;
  for (NzIndex p = begin; p < sm_.col_start[k + 1]; ++p) {
    const Index i = sm_.col_row[p];
    if (rt_coef_[i] != 0.0) rt_update<kRobust, kSides>(i);
    const double a0 = flip_saved_act_[p - begin], a1 = act[i];
    const NzIndex qend = flip_row_start_[i + 1];
    if (a0 == a1 || flip_row_start_[i] == qend) continue;
    const std::int64_t w = st_.weight[i];
    const std::int64_t wl = kSides ? st_.weight_lo[i] : 0;
    for (NzIndex q = flip_row_start_[i]; q < qend; ++q) {
      const Index j = flip_row_col_[q];
      const double d = x[j] == 0.0 ? flip_row_coef_[q] : -flip_row_coef_[q];
      const RowUnits u0 = row_units<kRobust, kSides>(i, a0, a0 + d);
      const RowUnits u1 = row_units<kRobust, kSides>(i, a1, a1 + d);
      flip_progress_[j] += (u1.hi - u0.hi) * w + (u1.lo - u0.lo) * wl;
      if constexpr (kRobust) flip_bonus_[j] += (u1.bonus - u0.bonus) * w;
    }
    touched += qend - flip_row_start_[i];
  }
  if (sm_.is_binary[k]) flip_recompute<kRobust, kSides>(k);
  st_.add_work(static_cast<double>(touched));
}

void MoveGenerator::add_weight(Index i, std::int64_t delta, std::int64_t limit, bool lo_side) {
  const std::int64_t w0 = st_.weight[i], wl0 = st_.weight_lo[i];
  st_.add_weight(i, delta, limit, lo_side);
  if (flip_valid_ && rt_coef_[i] != 0.0) {
    with_flags([&](auto robust, auto sides) { rt_update<robust(), sides()>(i); });
  }
  const NzIndex qend = flip_valid_ ? flip_row_start_[i + 1] : 0;
  if (!flip_valid_ || flip_row_start_[i] == qend) return;
  const std::int64_t dw = st_.weight[i] - w0, dwl = st_.weight_lo[i] - wl0;
  if (dw == 0 && dwl == 0) return;
  const double a = st_.act_d[i];
  const double* x = st_.x.data();
  with_flags([&](auto robust, auto sides) {
    for (NzIndex q = flip_row_start_[i]; q < qend; ++q) {
      const Index j = flip_row_col_[q];
      const double d = x[j] == 0.0 ? flip_row_coef_[q] : -flip_row_coef_[q];
      const RowUnits u = row_units<robust(), sides()>(i, a, a + d);
      flip_progress_[j] += u.hi * dw + u.lo * dwl;
      if constexpr (robust()) flip_bonus_[j] += u.bonus * dw;
    }
  });
  st_.add_work(static_cast<double>(qend - flip_row_start_[i]));
}

std::string MoveGenerator::flip_check() const {
  if (!flip_on_ || !flip_valid_) return "";
  for (Index j : sm_.binary_vars) {
    const Score a = with_flags([&](auto robust, auto sides) { return flip_score<robust(), sides()>(j); });
    const Score b = score(j, 1.0 - st_.x[j]);
    if (!(a == b)) {
      return "cached flip score of x" + std::to_string(j) + ": " + std::to_string(a.progress) + "/" +
             std::to_string(a.bonus) + " vs scratch " + std::to_string(b.progress) + "/" +
             std::to_string(b.bonus);
    }
  }
  return "";
}

bool MoveGenerator::step_allowed(Index var, double value) const {
  const double cur = st_.x[var];
  if (frozen(var) || !(std::fabs(value) <= value_limit_) || value == cur) return false;
  if (respect_tabu_) {
    if (!st_.tabu_allows(var, value)) return false;
  }
  return true;
}

bool MoveGenerator::best_transfer(std::int64_t num_rows, std::int64_t partners,
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
      double value = tight_target(r, p, above);
      if (std::isnan(value)) continue;
      value = std::min(std::max(value, vj.lb), vj.ub);
      if (!step_allowed(j, value)) continue;
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
        if (kv < vk.lb || kv > vk.ub || !step_allowed(k, kv)) continue;
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

void MoveGenerator::next_pair_gen() {
  if (++pair_gen_ == 0) {
    std::fill(pair_stamp_.begin(), pair_stamp_.end(), 0);
    pair_gen_ = 1;
  }
}

bool MoveGenerator::best_swap(std::int64_t num_vars, std::int64_t partners, PairMove* best) {
  constexpr int kMaxBroken = 8;  // a single partner rarely repairs more rows than this
  if (num_vars <= 0 || partners <= 0 || !st_.violated.empty()) return false;
  swap_vars_.clear();
  for (Index j : sm_.obj_vars) {
    if (!sm_.is_int[j] || sm_.is_fixed[j] || frozen(j)) continue;
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
      if (k == j || sm_.is_fixed[k] || frozen(k)) continue;
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

bool MoveGenerator::select(std::int64_t bms, bool require_positive, Candidate* best,
                           Score* best_score) {
  const std::size_t n = cands_.size();
  if (n == 0) return false;
  if (flip_on_ && !flip_valid_) flip_rebuild();
  const std::size_t take = std::min<std::size_t>(n, static_cast<std::size_t>(bms));
  bool have = false;
  Score bs;
  std::uint64_t best_age = 0;
  double best_dobj = 0.0;
  const bool tie_obj = tie_objective_ == TieObjective::kAlways ||
                       (tie_objective_ == TieObjective::kIncumbent && has_incumbent_);
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
    if (flip_valid_) {
      prefetch(&flip_progress_[j]);
      prefetch(&flip_uni_start_[j]);
      prefetch(&flip_long_start_[j]);
      if (bonus_robust_) prefetch(&flip_bonus_[j]);
    }
  };
  for (std::size_t k = 0; k < std::min(take, kPrefetchAhead); ++k) draw(k);
  for (std::size_t k = 0; k < take; ++k) {
    if (k + kPrefetchAhead < take) draw(k + kPrefetchAhead);
    // Halfway there, the cached-term lists of a candidate, whose start has arrived by now.
    if (flip_valid_ && k + kPrefetchAhead / 2 < take) {
      const Index j = cands_[k + kPrefetchAhead / 2].var;
      prefetch(flip_uni_.data() + flip_uni_start_[j]);
    }
    const Candidate& cand = cands_[k];
    Score s;
    if (count_binary_) binary_scores_ += sm_.is_binary[cand.var];
    if (flip_valid_ && sm_.is_binary[cand.var]) {
      // A binary candidate is always the flip: its score comes from the maintained cache.
      s = with_flags([&](auto robust, auto sides) { return flip_score<robust(), sides()>(cand.var); });
      st_.add_work(static_cast<double>(flip_long_start_[cand.var + 1] - flip_long_start_[cand.var] +
                                      flip_uni_start_[cand.var + 1] - flip_uni_start_[cand.var]) + 1.0);
    } else {
      s = score(cand.var, cand.value);
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

void MoveGenerator::lift_compute(Index j, double* value, double* gain, Index* bind,
                                 double* bind_coef) const {
  *value = st_.x[j];
  *gain = 0.0;
  if (bind != nullptr) *bind = -1;
  if (bind_coef != nullptr) *bind_coef = 0.0;
  const double c = sm_.cost[j];
  if (c == 0.0 || sm_.is_fixed[j] || frozen(j)) return;
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

void MoveGenerator::watch(Index j, Index row, bool hi_side, double coef) {
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

bool MoveGenerator::watch_still_binds(Index j, Index i, bool hi_side, double coef) const {
  const RowBounds& b = sm_.rows[i];
  const double di = hi_side ? tight_step(b.hi - st_.act[i], coef, true, sm_.is_int[j], sm_.row_slack[i])
                            : tight_step(b.lo - st_.act[i], coef, false, sm_.is_int[j], sm_.row_slack[i]);
  const double x = st_.x[j];
  const bool down = sm_.cost[j] > 0;
  if (lift_gain_[j] > 0) return di == lift_value_[j] - x;
  // No cached lift: still none while this row alone allows no step above the noise level.
  return (down ? !(di < 0.0) : !(di > 0.0)) || std::fabs(di) <= 1e-9 * (1.0 + std::fabs(x));
}

bool MoveGenerator::heap_before(Index a, Index b) const {
  if (lift_gain_[a] != lift_gain_[b]) return lift_gain_[a] > lift_gain_[b];
  if (st_.last_move(a) != st_.last_move(b)) return st_.last_move(a) < st_.last_move(b);
  return a < b;
}

void MoveGenerator::heap_sift_up(Index k) {
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

void MoveGenerator::heap_sift_down(Index k) {
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

void MoveGenerator::heap_fix(Index j) {
  Index k = heap_pos_[j];
  if (lift_gain_[j] > 0) {
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

void MoveGenerator::lift_set(Index j) {
  Index row;
  double coef;
  lift_compute(j, &lift_value_[j], &lift_gain_[j], &row, &coef);
  heap_fix(j);
  // The side of row that bounds j: the activity rises with j's improving step
  // iff the coefficient and the step have the same sign.
  const bool hi_side = row >= 0 && (coef > 0) != (sm_.cost[j] > 0);
  watch(j, row, hi_side, coef);
  st_.add_work(static_cast<double>(sm_.col_length(j)) + 1.0);
}

void MoveGenerator::lift_rebuild() {
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
  for (Index j : sm_.lift_vars) lift_set(j);
}

void MoveGenerator::lift_refresh_after(Index moved, double old_value) {
  if (++lift_gen_ == 0) {
    std::fill(lift_stamp_.begin(), lift_stamp_.end(), 0);
    lift_gen_ = 1;
  }
  if (sm_.is_lift[moved]) {
    lift_stamp_[moved] = lift_gen_;
    lift_set(moved);
  }
  const bool up = st_.x[moved] > old_value;
  for (NzIndex p = sm_.col_start[moved]; p < sm_.col_start[moved + 1]; ++p) {
    // The activity rose: the lower side moved away, so its watchers gained room.
    const Index i = sm_.col_row[p];
    const bool hi_side = (sm_.col_coef[p] > 0) != up;
    const Index list = 2 * i + (hi_side ? 1 : 0);
    // Downwards: lift_set() may swap the last watcher into slot k or re-append j;
    // both land at positions already visited, and the stamp skips them.
    const NzIndex base = watch_start_[list];
    for (Index k = watch_size_[list] - 1; k >= 0; --k) {
      if (k >= watch_size_[list]) continue;
      const Index j = watch_items_[base + k];
      if (lift_stamp_[j] == lift_gen_) continue;
      st_.add_work(1.0);
      if (watch_still_binds(j, i, hi_side, watch_coef_[base + k])) continue;
      lift_stamp_[j] = lift_gen_;
      lift_set(j);
    }
    st_.add_work(1.0);
  }
}

bool MoveGenerator::lift_best(Candidate* best) {
  while (!heap_.empty()) {
    const Index j = heap_.front();
    const double gain = lift_gain_[j], value = lift_value_[j];
    lift_set(j);  // validate: a row may have tightened since j was cached
    if (lift_gain_[j] == gain && lift_value_[j] == value) {
      *best = Candidate{j, value, MoveKind::kLift};
      return true;
    }
  }
  return false;
}

std::string MoveGenerator::lift_check() const {
  char buf[240];
  for (Index j : sm_.lift_vars) {
    double v, g;
    lift_compute(j, &v, &g);
    const bool pos = lift_gain_[j] > 0;
    const bool listed = heap_pos_[j] >= 0 && heap_[heap_pos_[j]] == j;
    if (pos != listed || (g > 0 && lift_gain_[j] < g)) {
      std::snprintf(buf, sizeof buf, "lift cache of variable %d: cached %.17g (gain %.17g, %s), "
                    "recomputed %.17g (gain %.17g)", j, lift_value_[j], lift_gain_[j],
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

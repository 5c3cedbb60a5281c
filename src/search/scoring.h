// Scoring of the Local-MIP moves (Lin, Cai, Zou, Lin, "Local-MIP", AIJ 2025): the two-level
// score of changing one variable (progress first, bonus breaks ties) from the row terms of
// its column and the objective term, plus the tight-move values the generators score.
//
// All scores are integers (weights are integers and the mitigation factor scales status
// changes instead of halving in-violation changes), so no score is ever infinite or NaN.
// Scoring reads the double copy of the activities (act_d): it only ranks moves, while
// feasibility decisions use the long double activities. Scoring a move costs O(column
// length). The row-term templates are inline: the flip cache and the pair moves build their
// own sums from them, and they sit in the hot loop.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <type_traits>

#include "options/options.h"
#include "search/search_model.h"
#include "search/search_state.h"

namespace lsmip::search {

// Two-level score: progress first, bonus breaks ties.
struct Score {
  std::int64_t progress = 0;
  std::int64_t bonus = 0;
  bool operator==(const Score&) const = default;
};

// Integer step d (or the exact real step for continuous variables) that moves
// an activity with gap = target - activity onto the target through coefficient c,
// staying on the side a + c·d <= target (keep_le) or >= target. `slack` widens
// the allowed side when rounding integers.
inline double tight_step(Real gap, double c, bool keep_le, bool is_int, double slack) {
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

// tight_step of a binary variable reduced to what a candidate keeps after clamping the value
// to [0, 1]: whether d >= 1, d <= -1 or d == 0, decided by comparisons instead of a division.
// `g` is the gap already widened by the slack. keep_le: d = floor(g/c) (c > 0) or ceil(g/c)
// (c < 0); otherwise d = ceil(g/c) (c > 0) or floor(g/c) (c < 0).
inline double binary_tight_step(double g, double c, bool keep_le) {
  if (keep_le) {
    return c > 0 ? (g >= c ? 1.0 : g < 0 ? -1.0 : 0.0) : (g < 0 ? 1.0 : g >= -c ? -1.0 : 0.0);
  }
  return c > 0 ? (g > 0 ? 1.0 : g <= -c ? -1.0 : 0.0) : (g <= c ? 1.0 : g > 0 ? -1.0 : 0.0);
}

// Value of the variable of CSR entry p of row i that brings the row onto its upper (to_hi)
// or lower side: the tight move, rounded as tight_step does (not clamped to the bounds).
[[gnu::always_inline]] inline double tight_target(const SearchModel& sm, const SearchState& st,
                                                  Index i, NzIndex p, bool to_hi) {
  // Candidate values only rank moves, so they are computed from the double copy of the
  // activity (exact for certified-exact models); feasibility is decided on the long double one.
  const RowBounds& b = sm.rows[i];
  const double gap = (to_hi ? b.hi : b.lo) - st.act_d[i];
  const Index j = sm.row_col[p];
  const double c = sm.row_coef[p];
  const double x = st.x[j];
  const VarInfo& v = sm.var[j];
  if (v.is_int && v.lb == 0.0 && v.ub == 1.0) {
    return x + binary_tight_step(to_hi ? gap + sm.row_slack[i] : gap - sm.row_slack[i], c, to_hi);
  }
  return x + tight_step(gap, c, to_hi, v.is_int, sm.row_slack[i]);
}

// The score function of one worker: row terms under its weights, the objective term under
// the incumbent information, and the scoring options (mitigation, bonuses). Reads the state,
// never writes it.
class Scorer {
 public:
  Scorer(const SearchModel& sm, const SearchState& state, const Options& options);

  // Incumbent information used by breakthrough moves and the objective terms.
  // `threshold`: a point improves iff objective < threshold; `target`: the
  // objective value a breakthrough move aims at (both without the offset).
  void set_incumbent(bool has_incumbent, Real threshold, Real target) {
    has_incumbent_ = has_incumbent;
    threshold_ = threshold;
    target_ = target;
  }
  bool has_incumbent() const { return has_incumbent_; }
  Real threshold() const { return threshold_; }
  Real target() const { return target_; }
  // ls_bonus_robust: scores carry the robustness bonus.
  bool robust() const { return bonus_robust_; }

  // Score of setting x_j = value from the current state. Cost O(column length).
  Score score(Index j, double value) const;

  // Calls f(std::bool_constant<robust>, std::bool_constant<sides>) with the scoring flags of
  // this run, so each hot loop is instantiated once per combination.
  template <typename F>
  decltype(auto) with_flags(F&& f) const {
    using T = std::true_type;
    using N = std::false_type;
    if (sm_.any_row_sides) return bonus_robust_ ? f(T{}, T{}) : f(N{}, T{});
    return bonus_robust_ ? f(T{}, N{}) : f(N{}, N{});
  }

  // Score terms of row i moving from activity a to na per unit of weight: progress is
  // hi·weight + lo·weight_lo, bonus is bonus·weight (mitigation and sides applied).
  struct RowUnits {
    std::int64_t hi;
    std::int64_t lo;
    std::int64_t bonus;
  };
  template <bool kRobust, bool kSides>
  RowUnits row_units(Index i, double a, double na) const;
  // Score terms of row i moving from activity a to na (weights, mitigation, sides), added to
  // *progress and *bonus.
  template <bool kRobust, bool kSides>
  void row_terms(Index i, double a, double na, std::int64_t* progress, std::int64_t* bonus) const {
    const RowUnits u = row_units<kRobust, kSides>(i, a, na);
    const std::int64_t w = st_.weight[i];
    *progress += u.hi * w;
    if constexpr (kSides) *progress += u.lo * st_.weight_lo[i];
    if constexpr (kRobust) *bonus += u.bonus * w;
  }
  // True when moves are scored on the objective too (an incumbent exists, or
  // ls_obj_before_feasible).
  bool objective_counts() const { return has_incumbent_ || obj_before_feasible_; }
  // Score terms of an objective change dobj (objective weight, breakthrough bonus), added to
  // *progress and *bonus; nothing unless objective_counts().
  void objective_terms(double dobj, std::int64_t* progress, std::int64_t* bonus) const {
    if (dobj == 0.0 || !(has_incumbent_ || obj_before_feasible_)) return;
    *progress += (dobj < 0 ? 1 : -1) * mitigation_ * st_.obj_weight();
    if (has_incumbent_ && bonus_breakthrough_) {
      const bool before = st_.objective < threshold_;
      const bool after = st_.objective + static_cast<Real>(dobj) < threshold_;
      if (before != after) *bonus += after ? st_.obj_weight() : -st_.obj_weight();
    }
  }

 private:
  template <bool kRobust, bool kSides>
  Score score_impl(Index j, double value) const;

  const SearchModel& sm_;
  const SearchState& st_;
  std::int64_t mitigation_;
  bool bonus_breakthrough_;
  bool bonus_robust_;
  bool obj_before_feasible_;
  bool has_incumbent_ = false;
  Real threshold_ = 0;
  Real target_ = 0;
};

template <bool kRobust, bool kSides>
inline Scorer::RowUnits Scorer::row_units(Index i, double a, double na) const {
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

inline Score Scorer::score(Index j, double value) const {
  return with_flags([&](auto robust, auto sides) { return score_impl<robust(), sides()>(j, value); });
}

template <bool kRobust, bool kSides>
inline Score Scorer::score_impl(Index j, double value) const {
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

}  // namespace lsmip::search

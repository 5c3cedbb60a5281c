#include "presolve/presolve.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>
#include <utility>
#include <vector>

#include "model/model_builder.h"
#include "presolve/aggregate.h"

namespace lsmip::presolve {
namespace {

using Real = long double;  // activity sums: 64-bit mantissa, products of doubles nearly exact

std::string fmt(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

std::size_t at(Index i) { return static_cast<std::size_t>(i); }

// Minimum and maximum activity of one row over the current bounds. Infinite
// contributions are counted, never added, so no inf - inf can occur.
struct Activity {
  Real min = 0;          // sum of the finite minimal contributions
  Real max = 0;          // sum of the finite maximal contributions
  Index min_inf = 0;     // contributions that are -inf in the minimum
  Index max_inf = 0;     // contributions that are +inf in the maximum
  Real abs_sum = 0;      // sum of |finite contributions|, for the rounding-error bound
  Real fixed_sum = 0;    // sum of the contributions of fixed columns
  Real fixed_abs = 0;    // sum of their absolute values
  Index free_count = 0;  // columns with lb < ub
  Index last_free = -1;  // one such column
  double last_coef = 0;  // its coefficient
  // The same over the tolerance hull (Presolver::hl_, hu_): every point the
  // final check accepts has an activity in [hmin, hmax].
  Real hmin = 0, hmax = 0;
  Index hmin_inf = 0, hmax_inf = 0;
  Real habs = 0;
  // Bound on the rounding error of min or max: each product and each addition
  // in long double errs by at most one unit of the running magnitude.
  Real error(std::size_t n) const {
    return 2 * static_cast<Real>(n + 1) * std::numeric_limits<Real>::epsilon() * abs_sum;
  }
  Real hull_error(std::size_t n) const {
    return 2 * static_cast<Real>(n + 1) * std::numeric_limits<Real>::epsilon() * habs;
  }
};

class Presolver {
 public:
  Presolver(const Model& model, const Options& options, std::span<const double> debug,
            const std::function<bool()>& should_stop)
      : model_(model),
        opt_(options),
        should_stop_(should_stop),
        debug_(debug.size() == static_cast<std::size_t>(model.num_cols())
                   ? debug
                   : std::span<const double>{}),
        lb_(model.col_lower().begin(), model.col_lower().end()),
        ub_(model.col_upper().begin(), model.col_upper().end()),
        hl_(at(model.num_cols()), -kInf),
        hu_(at(model.num_cols()), kInf),
        lower_src_(at(model.num_cols()), Source{-kInf, 0.0}),
        upper_src_(at(model.num_cols()), Source{kInf, 0.0}),
        row_alive_(at(model.num_rows()), 1),
        queued_(at(model.num_rows()), 0) {}

  PresolveResult run();

 private:
  bool is_fixed(Index j) const { return lb_[at(j)] == ub_[at(j)]; }
  double scaled(double tol, double v) const { return tol * std::max(1.0, std::fabs(v)); }

  // Rounds integer bounds and checks every domain; false when one is empty.
  bool init_bounds();
  // Propagation passes until no row is queued, or a cap is hit.
  void propagate();
  // Checks, drops or propagates row `i`. Sets infeasible_ on a proof.
  void process_row(Index i);
  Activity activity(Index i);
  // Applies x_j <= v (upper) or x_j >= v (lower) found from row `i`. `derived`
  // marks bounds from several columns (relaxed and thresholded when continuous);
  // `row_scale` = max(1, |side|) / |a_ij| converts a row tolerance to x_j's units;
  // `carried` = (sum of the other columns' |contributions| used) / |a_ij|.
  void tighten(Index j, double v, bool upper, bool derived, Index i, double row_scale,
               double carried);
  // Marks `j`'s bounds changed: queues its rows for the next pass.
  void bound_changed(Index j);
  // The tolerance hull: narrows [hl_, hu_] of every column of row `i` by what the
  // row allows within feas_tol; fails when a hull becomes empty.
  void narrow_hull(Index i, const Activity& act);
  // Applies x_j <= v (upper) or x_j >= v to the hull of j (integer columns also
  // to within int_tol of an integer); fails, naming row `i`, when it empties.
  void narrow_hull_bound(Index j, double v, bool upper, Index i);
  // True (after fail()) when no activity in the row's hull range is within
  // feas_tol of its sides, or the sides cross by more than their tolerances.
  bool row_impossible(Index i, const Activity& act);
  // Integer or continuous column whose current bounds crossed: fixes it at a
  // point of its hull (non-empty, else presolve has failed) near `target`.
  double hull_point(Index j, double target) const;
  // Integer column whose bounds crossed: takes the integers of its hull as its
  // bounds (all within tolerance of every row and bound seen), or, when the
  // hull holds no integer exactly, the one nearest to it.
  void widen_to_hull(Index j);
  void fail(std::string reason) {
    if (!infeasible_) reason_ = std::move(reason);
    infeasible_ = true;
    if (!debug_.empty()) note_debug("declared infeasible: " + reason_);
  }
  // Debug mode: records the first bound of `j` that excludes the debug solution.
  void check_debug(Index j, const char* step, Index i);
  void note_debug(std::string what) {
    if (debug_report_.empty()) debug_report_ = std::move(what);
  }
  void drop_row(Index i) {
    row_alive_[at(i)] = 0;
    ++stats_.rows_removed;
  }
  // Removes fixed columns and all-fixed rows and builds the reduced model.
  PresolveResult finish();
  // True when presolve found nothing: no row dropped, no bound changed, no empty row.
  bool unchanged() const;
  PresolveResult infeasible_result() const;

  const Model& model_;
  const Options& opt_;
  const std::function<bool()>& should_stop_;
  bool interrupted_ = false;
  double next_poll_ = 0;  // stats_.work at which propagate() next polls should_stop_
  static constexpr double kPollWork = 20000;
  std::span<const double> debug_;        // known solution to guard (empty: off)
  std::string debug_report_;             // first reduction that cut debug_ off
  std::vector<double> lb_, ub_;          // current bounds (integer columns: integral)
  // The tolerance hull: every value of x_j in a point that the final check
  // accepts (bounds within feas_tol, integrality within int_tol, rows within
  // feas_tol·max(1,|side|)) lies in [hl_, hu_]. Derived only from the original
  // bounds and rows widened by those tolerances (never from lb_/ub_), so it is
  // the one basis of every infeasibility verdict: presolve calls a model
  // infeasible only when some hull, or some row's activity range over the
  // hulls, is empty. lb_/ub_ stay as tight as before; when they cross inside a
  // non-empty hull the column is fixed at a point of the hull.
  std::vector<double> hl_, hu_;
  // Continuous columns: of all the sources of a lower bound (the original bound,
  // each row that implied one), the one whose value less its tolerance (in x's
  // units: feas_tol absolutely for the original bound, times
  // max(1,|side|)/|a| for a row) is largest, and likewise for the upper bound.
  // Every value that all sources accept within tolerance lies in
  // [lower.value - lower.tol, upper.value + upper.tol]. Crossed bounds are
  // infeasible when that is empty; else the column is fixed at their midpoint
  // if that lies inside, or where both binding sources are missed by the same
  // fraction of their tolerance.
  struct Source {
    double value;  // the bound this source implies, unrelaxed
    double tol;    // how far beyond it the source still holds within tolerance
  };
  std::vector<Source> lower_src_, upper_src_;
  std::vector<std::uint8_t> row_alive_;  // 0 once a row is dropped
  std::vector<std::uint8_t> queued_;     // 1 while a row is in next_
  std::vector<Index> next_;              // rows to process in the next pass
  PresolveStats stats_;
  bool infeasible_ = false;
  std::string reason_;
};

bool Presolver::init_bounds() {
  const double tol = opt_.presolve_int_tol;
  const double ft = opt_.feas_tol, it = opt_.int_tol;
  for (Index j = 0; j < model_.num_cols(); ++j) {
    double& l = lb_[at(j)];
    double& u = ub_[at(j)];
    // The hull: the bounds widened by feas_tol; integer values also within
    // int_tol of an integer in that range.
    double& hl = hl_[at(j)];
    double& hu = hu_[at(j)];
    hl = l - ft;
    hu = u + ft;
    if (model_.is_integer(j)) {
      hl = std::max(hl, std::ceil(hl - it) - it);
      hu = std::min(hu, std::floor(hu + it) + it);
    }
    if (hl > hu) {
      fail("column '" + model_.col_name(j) + "' has no " +
           (model_.is_integer(j) ? "integer value" : "value") + " within tolerance of [" +
           fmt(model_.col_lower(j)) + ", " + fmt(model_.col_upper(j)) + "]");
      return false;
    }
    if (model_.is_integer(j)) {
      // ceil/floor keep infinities; a bound within tol of an integer snaps to it.
      const double rl = std::ceil(l - tol), ru = std::floor(u + tol);
      if (rl != l || ru != u) ++stats_.bounds_tightened;
      l = rl;
      u = ru;
      // No integer within presolve_int_tol, but one within the check's tolerance.
      if (l > u) widen_to_hull(j);
      check_debug(j, "rounding integer bounds", -1);
    } else if (l > u) {
      l = u = hull_point(j, 0.5 * (l + u));  // crossed within tolerance
      ++stats_.bounds_tightened;
    }
    if (!model_.is_integer(j)) {
      lower_src_[at(j)] = Source{l, std::isinf(l) ? 0.0 : opt_.feas_tol};
      upper_src_[at(j)] = Source{u, std::isinf(u) ? 0.0 : opt_.feas_tol};
    }
  }
  return true;
}

double Presolver::hull_point(Index j, double target) const {
  const double hl = hl_[at(j)], hu = hu_[at(j)];
  double v = std::clamp(target, hl, hu);
  if (model_.is_integer(j)) {
    v = std::nearbyint(v);
    if (v < hl - opt_.int_tol) v = std::ceil(hl);
    if (v > hu + opt_.int_tol) v = std::floor(hu);
  }
  return v;
}

void Presolver::widen_to_hull(Index j) {
  double& l = lb_[at(j)];
  double& u = ub_[at(j)];
  const double mid = 0.5 * (l + u);
  l = std::ceil(hl_[at(j)]);
  u = std::floor(hu_[at(j)]);
  if (l > u) l = u = hull_point(j, mid);
}

bool Presolver::row_impossible(Index i, const Activity& act) {
  const double lhs = model_.row_lower(i), rhs = model_.row_upper(i);
  const double ft = opt_.feas_tol;
  if (lhs != -kInf && rhs != kInf && lhs - scaled(ft, lhs) > rhs + scaled(ft, rhs)) {
    fail("row '" + model_.row_name(i) + "' has its lower side " + fmt(lhs) +
         " above its upper side " + fmt(rhs) + " beyond the tolerance");
    return true;
  }
  const Real err = act.hull_error(model_.row(i).size());
  if (rhs != kInf && act.hmin_inf == 0 && act.hmin > rhs + scaled(ft, rhs) + err) {
    fail("row '" + model_.row_name(i) + "' cannot be satisfied: its minimum activity " +
         fmt(static_cast<double>(act.hmin)) + " exceeds its upper side " + fmt(rhs) +
         " beyond the tolerance");
    return true;
  }
  if (lhs != -kInf && act.hmax_inf == 0 && act.hmax < lhs - scaled(ft, lhs) - err) {
    fail("row '" + model_.row_name(i) + "' cannot be satisfied: its maximum activity " +
         fmt(static_cast<double>(act.hmax)) + " is below its lower side " + fmt(lhs) +
         " beyond the tolerance");
    return true;
  }
  return false;
}

void Presolver::narrow_hull(Index i, const Activity& act) {
  const SparseVector row = model_.row(i);
  const double lhs = model_.row_lower(i), rhs = model_.row_upper(i);
  const bool use_rhs = rhs != kInf && act.hmin_inf <= 1;
  const bool use_lhs = lhs != -kInf && act.hmax_inf <= 1;
  if (!use_rhs && !use_lhs) return;
  stats_.work += static_cast<double>(row.size());
  const Real err = act.hull_error(row.size());
  const Real hi_side = static_cast<Real>(rhs) + scaled(opt_.feas_tol, rhs) + err;
  const Real lo_side = static_cast<Real>(lhs) - scaled(opt_.feas_tol, lhs) - err;
  for (std::size_t k = 0; k < row.size() && !infeasible_; ++k) {
    const Index j = row.index[k];
    const double a = row.value[k];
    const double hl = hl_[at(j)], hu = hu_[at(j)];
    const double lo_bound = a > 0 ? hl : hu, hi_bound = a > 0 ? hu : hl;
    if (use_rhs && (act.hmin_inf == 0 || std::isinf(lo_bound))) {
      const Real residual = act.hmin_inf == 0 ? act.hmin - static_cast<Real>(a) * lo_bound : act.hmin;
      narrow_hull_bound(j, static_cast<double>((hi_side - residual) / a), /*upper=*/a > 0, i);
    }
    if (use_lhs && !infeasible_ && (act.hmax_inf == 0 || std::isinf(hi_bound))) {
      const Real residual = act.hmax_inf == 0 ? act.hmax - static_cast<Real>(a) * hi_bound : act.hmax;
      narrow_hull_bound(j, static_cast<double>((lo_side - residual) / a), /*upper=*/a < 0, i);
    }
  }
}

void Presolver::narrow_hull_bound(Index j, double v, bool upper, Index i) {
  if (std::isnan(v) || std::isinf(v)) return;
  // The division and the conversion to double err by a few units in the last place.
  v += (upper ? 4.0 : -4.0) * std::numeric_limits<double>::epsilon() * std::fabs(v);
  if (model_.is_integer(j)) {
    const double it = opt_.int_tol;
    v = upper ? std::min(v, std::floor(v + it) + it) : std::max(v, std::ceil(v - it) - it);
  }
  double& h = upper ? hu_[at(j)] : hl_[at(j)];
  if (upper ? v >= h : v <= h) return;
  h = v;
  if (hl_[at(j)] > hu_[at(j)]) {
    fail("column '" + model_.col_name(j) + "' cannot meet row '" + model_.row_name(i) +
         "' within the tolerance: the row implies " + (upper ? "x <= " : "x >= ") + fmt(v) +
         " but " + (upper ? "x >= " + fmt(hl_[at(j)]) : "x <= " + fmt(hu_[at(j)])) +
         " is needed by its bounds and other rows");
  }
}

Activity Presolver::activity(Index i) {
  Activity act;
  const SparseVector row = model_.row(i);
  stats_.work += static_cast<double>(row.size());
  for (std::size_t k = 0; k < row.size(); ++k) {
    const Index j = row.index[k];
    const double a = row.value[k];
    const double l = lb_[at(j)], u = ub_[at(j)];
    const double lo_bound = a > 0 ? l : u;  // bound giving the minimal contribution
    const double hi_bound = a > 0 ? u : l;
    if (std::isinf(lo_bound)) {
      ++act.min_inf;
    } else {
      const Real c = static_cast<Real>(a) * lo_bound;
      act.min += c;
      act.abs_sum += std::fabs(c);
    }
    if (std::isinf(hi_bound)) {
      ++act.max_inf;
    } else {
      const Real c = static_cast<Real>(a) * hi_bound;
      act.max += c;
      act.abs_sum += std::fabs(c);
    }
    const double hl = hl_[at(j)], hu = hu_[at(j)];
    const double hlo = a > 0 ? hl : hu, hhi = a > 0 ? hu : hl;
    if (std::isinf(hlo)) {
      ++act.hmin_inf;
    } else {
      const Real c = static_cast<Real>(a) * hlo;
      act.hmin += c;
      act.habs += std::fabs(c);
    }
    if (std::isinf(hhi)) {
      ++act.hmax_inf;
    } else {
      const Real c = static_cast<Real>(a) * hhi;
      act.hmax += c;
      act.habs += std::fabs(c);
    }
    if (l == u) {
      act.fixed_sum += static_cast<Real>(a) * l;
      act.fixed_abs += std::fabs(static_cast<Real>(a) * l);
    } else {
      ++act.free_count;
      act.last_free = j;
      act.last_coef = a;
    }
  }
  return act;
}

void Presolver::process_row(Index i) {
  const SparseVector row = model_.row(i);
  const Activity act = activity(i);
  const double lhs = model_.row_lower(i), rhs = model_.row_upper(i);
  const Real err = act.error(row.size());

  // Infeasibility: no point the final check accepts satisfies the row within its tolerance.
  if (row_impossible(i, act)) return;
  narrow_hull(i, act);
  if (infeasible_) return;
  // Redundancy: every point within the bounds satisfies the row (up to drop_tol).
  const bool upper_ok = rhs == kInf || (act.max_inf == 0 &&
                                        act.max + err <= rhs + scaled(opt_.presolve_drop_tol, rhs));
  const bool lower_ok =
      lhs == -kInf ||
      (act.min_inf == 0 && act.min - err >= lhs - scaled(opt_.presolve_drop_tol, lhs));
  if ((upper_ok && lower_ok) || act.free_count == 0) {
    // An all-fixed row that is neither redundant nor infeasible is violated by
    // less than the infeasibility tolerance: nothing can repair it, so drop it.
    drop_row(i);
    return;
  }
  if (act.free_count == 1) {
    // Singleton row: lhs - fixed <= a x_j <= rhs - fixed, exactly as bounds.
    const Index j = act.last_free;
    const double a = act.last_coef;
    const double fixed = static_cast<double>(act.fixed_sum);
    const double lo = lhs == -kInf ? -kInf : (lhs - fixed) / a;
    const double hi = rhs == kInf ? kInf : (rhs - fixed) / a;
    const double lo_scale = std::max(1.0, std::fabs(lhs)) / std::fabs(a);
    const double hi_scale = std::max(1.0, std::fabs(rhs)) / std::fabs(a);
    const double carried = static_cast<double>(act.fixed_abs) / std::fabs(a);
    if (model_.is_integer(j)) {
      // The row is dropped, so its bound must be exact: rounded generously (fixed
      // columns carry rounding, see tighten()), then the row is evaluated at the
      // rounded value in long double and the value steps inward while the row fails
      // by more than 0.9 feas_tol (relative). When the steps do not settle
      // within the domain in a few steps, the bound is not applied and the row stays.
      bool keep_row = false;
      auto settle = [&](double v, double side, bool upper, bool rhs_side) {
        const double tol = opt_.presolve_int_tol + opt_.presolve_drop_tol * carried;
        double k = upper ? std::floor(v + tol) : std::ceil(v - tol);
        const Real slack = static_cast<Real>(0.9 * scaled(opt_.feas_tol, side));
        for (int step = 0; step < 4; ++step) {
          const Real at_k = act.fixed_sum + static_cast<Real>(a) * static_cast<Real>(k);
          if (rhs_side ? at_k <= side + slack : at_k >= side - slack) {
            // A step inward must not empty the domain: that would turn a point the
            // checker accepts within its full tolerance into an infeasibility claim.
            if (step == 0 || (upper ? k >= lb_[at(j)] : k <= ub_[at(j)])) return k;
            break;
          }
          k += upper ? -1.0 : 1.0;
        }
        keep_row = true;
        return std::numeric_limits<double>::quiet_NaN();
      };
      if (hi != kInf) {
        const double k = settle(hi, rhs, /*upper=*/a > 0, /*rhs_side=*/true);
        if (!std::isnan(k)) tighten(j, k, /*upper=*/a > 0, /*derived=*/false, i, hi_scale, 0.0);
      }
      if (!infeasible_ && lo != -kInf) {
        const double k = settle(lo, lhs, /*upper=*/a < 0, /*rhs_side=*/false);
        if (!std::isnan(k)) tighten(j, k, /*upper=*/a < 0, /*derived=*/false, i, lo_scale, 0.0);
      }
      if (!infeasible_ && !keep_row) drop_row(i);
      return;
    }
    // Ill-conditioned: the row pins x_j far more loosely than exact bounds would; exact
    // bounds would then cut off points the row accepts, and amplify through later rows.
    const auto loose = [&](double v, double scale) {
      return scale > opt_.presolve_singleton_cond * std::max(1.0, std::fabs(v));
    };
    if ((hi != kInf && loose(hi, hi_scale)) || (lo != -kInf && loose(lo, lo_scale))) return;
    if (hi != kInf) tighten(j, hi, /*upper=*/a > 0, /*derived=*/false, i, hi_scale, carried);
    if (!infeasible_ && lo != -kInf) {
      tighten(j, lo, /*upper=*/a < 0, /*derived=*/false, i, lo_scale, carried);
    }
    if (!infeasible_) drop_row(i);
    return;
  }
  // Propagation: for each free column, the residual activity of the others
  // bounds it. A residual is usable when at most this column's contribution is infinite.
  const bool use_rhs = rhs != kInf && act.min_inf <= 1;
  const bool use_lhs = lhs != -kInf && act.max_inf <= 1;
  if (!use_rhs && !use_lhs) return;
  for (std::size_t k = 0; k < row.size() && !infeasible_; ++k) {
    const Index j = row.index[k];
    const double a = row.value[k];
    // Stale bounds from activity() are wider than the current ones, so the
    // residuals below stay valid (only weaker) after earlier tightenings.
    const double l = lb_[at(j)], u = ub_[at(j)];
    if (l == u) continue;
    const double lo_bound = a > 0 ? l : u, hi_bound = a > 0 ? u : l;
    // abs_sum counts each other column twice (minimum and maximum contribution).
    const Real own = (std::isinf(l) ? 0 : std::fabs(static_cast<Real>(a) * l)) +
                     (std::isinf(u) ? 0 : std::fabs(static_cast<Real>(a) * u));
    const double carried =
        static_cast<double>(std::max(Real(0), act.abs_sum - own) / 2) / std::fabs(a);
    if (use_rhs) {
      Real residual;
      bool ok = true;
      if (act.min_inf == 0) {
        residual = act.min - static_cast<Real>(a) * lo_bound;
      } else {
        residual = act.min;  // valid only if this column is the infinite one
        ok = std::isinf(lo_bound);
      }
      if (ok) {
        // a x_j <= rhs - residual (+ err on the safe side).
        const double v = static_cast<double>((static_cast<Real>(rhs) - residual + err) / a);
        tighten(j, v, /*upper=*/a > 0, /*derived=*/true, i,
                std::max(1.0, std::fabs(rhs)) / std::fabs(a), carried);
      }
    }
    if (use_lhs && !infeasible_) {
      Real residual;
      bool ok = true;
      if (act.max_inf == 0) {
        residual = act.max - static_cast<Real>(a) * hi_bound;
      } else {
        residual = act.max;
        ok = std::isinf(hi_bound);
      }
      if (ok) {
        // a x_j >= lhs - residual (- err on the safe side).
        const double v = static_cast<double>((static_cast<Real>(lhs) - residual - err) / a);
        tighten(j, v, /*upper=*/a < 0, /*derived=*/true, i,
                std::max(1.0, std::fabs(lhs)) / std::fabs(a), carried);
      }
    }
  }
}

void Presolver::tighten(Index j, double v, bool upper, bool derived, Index i, double row_scale,
                        double carried) {
  double& l = lb_[at(j)];
  double& u = ub_[at(j)];
  const bool integer = model_.is_integer(j);
  if (std::isnan(v) || std::isinf(v)) return;
  if (derived && std::fabs(v) > opt_.presolve_huge_bound) return;
  if (integer) {
    // Rounded inward past presolve_int_tol plus presolve_drop_tol relative to
    // the other contributions v was computed from: fixed values (and bounds
    // from singleton rows) satisfy their own rows only up to rounding, and
    // that error is amplified by the coefficients on the way to v. A derived
    // bound (its row stays in the model) is also widened by the row's own
    // tolerance in x_j's units: a looser bound is always safe there, while the
    // bounds of the other columns it used may sit a tolerance inside a point
    // the checker accepts (e.g. x4 <= 3.9999996 from a column fixed at
    // -4.5000004 by an equality, which cut x6 = -84 off in 100 x0 + 10 x4 - 2.5 x6 >= 250).
    const double tol = opt_.presolve_int_tol + opt_.presolve_drop_tol * carried +
                       (derived ? opt_.feas_tol * row_scale : 0.0);
    v = upper ? std::floor(v + tol) : std::ceil(v - tol);
    if (upper ? v >= u : v <= l) return;
  } else {
    // Infeasibility is judged on the unrelaxed value, in the scale of this row
    // and of the sources of the other bound: the row accepts x_j up to
    // feas_tol·row_scale beyond v, plus a bound on the rounding
    // error of v (a few units in the last place of the side and of v).
    const double row_tol = opt_.feas_tol * row_scale +
                           8 * std::numeric_limits<double>::epsilon() * (row_scale + std::fabs(v));
    Source& lo_src = lower_src_[at(j)];
    Source& up_src = upper_src_[at(j)];
    if (upper && v + row_tol < up_src.value + up_src.tol) up_src = Source{v, row_tol};
    if (!upper && v - row_tol > lo_src.value - lo_src.tol) lo_src = Source{v, row_tol};
    // Sources that cross beyond both tolerances are no proof by themselves (they
    // were computed from the tight bounds of other columns); the hull, narrowed
    // by the same row before this call, decides. Such a column is fixed below.
    if (derived) {
      if (!opt_.presolve_tighten_continuous) return;
      // Loosen by the relaxation in x_j's own scale and in the row's scale, so a
      // solution violating the row within that tolerance is kept as well.
      const double relax = opt_.presolve_cont_relax * (std::max(1.0, std::fabs(v)) + row_scale);
      v += upper ? relax : -relax;
      const double old = upper ? u : l;
      if (!std::isinf(old)) {
        const double width = std::isinf(l) || std::isinf(u) ? std::fabs(old) : u - l;
        const double gain = upper ? old - v : v - old;
        if (!(gain > opt_.presolve_cont_min_change * std::max(1.0, width))) return;
      }
    } else if (upper ? v >= u : v <= l) {
      return;
    }
  }
  (upper ? u : l) = v;
  ++stats_.bounds_tightened;
  check_debug(j, derived ? "bound propagation" : "singleton row", i);
  if (l > u) {
    // The hull is not empty (else presolve has failed): some point is within
    // tolerance of every row and bound. Integer columns are fixed at the value
    // of the hull nearest to the middle of the crossed bounds. Continuous ones
    // at the midpoint if every source accepts it, else where the two binding
    // sources are missed by the same fraction of their tolerance, in the hull.
    if (integer) {
      widen_to_hull(j);
    } else {
      const Source& lo_src = lower_src_[at(j)];
      const Source& up_src = upper_src_[at(j)];
      const double mid = 0.5 * (l + u);
      const double tols = lo_src.tol + up_src.tol;
      if (mid >= lo_src.value - lo_src.tol && mid <= up_src.value + up_src.tol) {
        l = u = hull_point(j, mid);
      } else {
        l = u = hull_point(j, tols > 0
                                  ? (lo_src.value * up_src.tol + up_src.value * lo_src.tol) / tols
                                  : 0.5 * (lo_src.value + up_src.value));
      }
    }
  }
  bound_changed(j);
}

void Presolver::check_debug(Index j, const char* step, Index i) {
  if (debug_.empty() || !debug_report_.empty()) return;
  const double x = debug_[at(j)];
  const double tol = 1e-6 * std::max(1.0, std::fabs(x));
  // A continuous bound from a row holds only up to that row's tolerance in x_j's units
  // (its source's tol): an ill-conditioned chain of equalities (a column fixed through a
  // coefficient of 0.001, then another through 0.01) may move the bound by more than
  // 1e-6 from a debug point that satisfies every row within tolerance.
  const bool cont = !model_.is_integer(j);
  const double tol_lo = cont ? std::max(tol, lower_src_[at(j)].tol) : tol;
  const double tol_up = cont ? std::max(tol, upper_src_[at(j)].tol) : tol;
  if (x >= lb_[at(j)] - tol_lo && x <= ub_[at(j)] + tol_up) return;
  note_debug(std::string(step) + (i >= 0 ? " on row '" + model_.row_name(i) + "'" : "") +
             " gave column '" + model_.col_name(j) + "' the bounds [" + fmt(lb_[at(j)]) + ", " +
             fmt(ub_[at(j)]) + "], excluding the debug value " + fmt(x));
}

void Presolver::bound_changed(Index j) {
  const SparseVector col = model_.col(j);
  stats_.work += static_cast<double>(col.size());
  for (const Index i : col.index) {
    if (row_alive_[at(i)] && !queued_[at(i)]) {
      queued_[at(i)] = 1;
      next_.push_back(i);
    }
  }
}

void Presolver::propagate() {
  next_.resize(at(model_.num_rows()));
  for (Index i = 0; i < model_.num_rows(); ++i) {
    next_[at(i)] = i;
    queued_[at(i)] = 1;
  }
  std::vector<Index> current;
  while (!next_.empty() && !infeasible_ && stats_.rounds < opt_.presolve_max_rounds &&
         stats_.work < opt_.presolve_max_work) {
    ++stats_.rounds;
    current.swap(next_);
    next_.clear();
    for (const Index i : current) {
      queued_[at(i)] = 0;
      if (!row_alive_[at(i)]) continue;
      // A pass cut short by the budget leaves the state consistent: every kept
      // bound is implied, every dropped row is implied by the kept bounds.
      if (stats_.work >= opt_.presolve_max_work) break;
      // Polled by work, not by rows: a model of a few very long rows (eilA101-2: 100 rows,
      // 959k nonzeros) would otherwise run a whole round between polls.
      if (stats_.work >= next_poll_) {
        next_poll_ = stats_.work + kPollWork;
        if (should_stop_ && should_stop_()) {
          interrupted_ = true;
          return;
        }
      }
      process_row(i);
      if (infeasible_) return;
    }
  }
}

PresolveResult Presolver::finish() {
  PresolveResult result;
  const Index n = model_.num_cols(), m = model_.num_rows();
  // Fixed columns leave the model; the others keep their index order.
  std::vector<double> fixed(at(n), std::numeric_limits<double>::quiet_NaN());
  std::vector<Index> new_col(at(n), -1);
  ModelBuilder b;
  b.set_name(model_.name());
  b.set_sense(model_.sense());
  const double s = static_cast<double>(static_cast<int>(model_.sense()));
  Real offset = model_.obj_offset();
  for (Index j = 0; j < n; ++j) {
    if (is_fixed(j)) {
      fixed[at(j)] = lb_[at(j)];
      offset += static_cast<Real>(model_.obj(j)) * lb_[at(j)];
      ++stats_.cols_removed;
    } else {
      // Costs are stored in minimisation form; the builder takes the file's sense.
      new_col[at(j)] = b.add_col(model_.col_name(j), lb_[at(j)], ub_[at(j)], s * model_.obj(j),
                                 model_.is_integer(j));
    }
  }
  b.set_obj_offset(s * static_cast<double>(offset));
  for (Index i = 0; i < m; ++i) {
    if (!row_alive_[at(i)]) continue;
    const SparseVector row = model_.row(i);
    Real fixed_sum = 0;
    Index kept = 0;
    for (std::size_t k = 0; k < row.size(); ++k) {
      const Index j = row.index[k];
      if (new_col[at(j)] < 0) {
        fixed_sum += static_cast<Real>(row.value[k]) * fixed[at(j)];
      } else {
        ++kept;
      }
    }
    const double lhs = model_.row_lower(i), rhs = model_.row_upper(i);
    const double new_lhs = lhs == -kInf ? -kInf : static_cast<double>(lhs - fixed_sum);
    const double new_rhs = rhs == kInf ? kInf : static_cast<double>(rhs - fixed_sum);
    if (kept == 0) {
      // No free column left: infeasible only when no point of the hulls meets
      // the row within tolerance (the fixed point itself may miss it by more:
      // then the final check, not presolve, rejects the solutions).
      if (row_impossible(i, activity(i))) {
        reason_ += " (no free column left; sides [" + fmt(new_lhs) + ", " + fmt(new_rhs) +
                   "] after the fixed columns)";
        break;
      }
      drop_row(i);
      continue;
    }
    // Sides that cross within the original row's tolerance (row_impossible()
    // passed them) become their midpoint: after the shift by the fixed columns
    // the smaller sides would scale a smaller tolerance, and the search would
    // judge the crossing against that one.
    const double mid = 0.5 * (new_lhs + new_rhs);
    const Index r = new_lhs > new_rhs ? b.add_row(model_.row_name(i), mid, mid)
                                      : b.add_row(model_.row_name(i), new_lhs, new_rhs);
    for (std::size_t k = 0; k < row.size(); ++k) {
      const Index nj = new_col[at(row.index[k])];
      if (nj >= 0) b.add_entry(r, nj, row.value[k]);
    }
  }
  if (infeasible_) return infeasible_result();
  Result<Model> built = b.build();
  if (!built.ok()) {
    // Cannot happen for a valid input model; fall back to no reduction at all.
    result.verdict = Verdict::kReduced;
    result.reduced = model_;
    result.postsolve = Postsolve::identity(n);
    result.reason = "presolve skipped: " + built.status().message();
    result.stats = PresolveStats{};
    return result;
  }
  result.verdict = Verdict::kReduced;
  result.reduced = std::move(built).value();
  result.postsolve = Postsolve::from_fixed_values(std::move(fixed));
  result.stats = stats_;
  result.debug_report = debug_report_;
  return result;
}

bool Presolver::unchanged() const {
  if (stats_.rows_removed != 0) return false;
  for (Index j = 0; j < model_.num_cols(); ++j) {
    if (is_fixed(j) || lb_[at(j)] != model_.col_lower(j) || ub_[at(j)] != model_.col_upper(j)) {
      return false;
    }
  }
  const auto& start = model_.matrix().row_start;
  for (std::size_t i = 0; i + 1 < start.size(); ++i) {
    if (start[i] == start[i + 1]) return false;  // an empty row finish() must check
  }
  return true;
}

PresolveResult Presolver::infeasible_result() const {
  PresolveResult result;
  result.verdict = Verdict::kInfeasible;
  result.reason = reason_;
  result.postsolve = Postsolve::identity(model_.num_cols());
  result.stats = stats_;
  result.debug_report = debug_report_;
  return result;
}

PresolveResult Presolver::run() {
  if (init_bounds() && opt_.presolve_max_rounds > 0) propagate();
  if (interrupted_ || (should_stop_ && should_stop_())) {
    PresolveResult result;
    result.verdict = Verdict::kInterrupted;
    result.postsolve = Postsolve::identity(model_.num_cols());
    result.stats = stats_;
    return result;
  }
  if (infeasible_) return infeasible_result();
  if (unchanged()) {
    // Nothing to remove or tighten: a copy is much cheaper than a rebuild.
    PresolveResult result;
    result.reduced = model_;
    result.postsolve = Postsolve::identity(model_.num_cols());
    result.stats = stats_;
    result.debug_report = debug_report_;
    return result;
  }
  return finish();
}

}  // namespace

PresolveResult run_presolve(const Model& model, const Options& options, Logger& log,
                            std::span<const double> debug_solution,
                            const std::function<bool()>& should_stop) {
  const auto start = std::chrono::steady_clock::now();
  PresolveResult result;
  if (!options.presolve) {
    result.reduced = model;
    result.postsolve = Postsolve::identity(model.num_cols());
  } else {
    result = Presolver(model, options, debug_solution, should_stop).run();
    if (result.verdict == Verdict::kReduced && options.presolve_aggregate) {
      Model aggregated;
      std::vector<char> removed;
      std::vector<Substitution> subs;
      AggregateStats as;
      const bool reduced = aggregate_columns(result.reduced, options, &aggregated, &removed, &subs, &as,
                                             should_stop);
      if (as.interrupted) {
        PresolveResult stopped;
        stopped.verdict = Verdict::kInterrupted;
        stopped.postsolve = Postsolve::identity(model.num_cols());
        stopped.stats = result.stats;
        return stopped;
      }
      if (reduced) {
        result.reduced = std::move(aggregated);
        result.postsolve.add_substitutions(removed, std::move(subs));
        result.stats.cols_aggregated = as.cols_removed;
        result.stats.rows_removed += as.rows_removed;
        log.log(LogLevel::kVerbose,
                "presolve: aggregated %d columns through equalities, %lld -> %lld "
                "nonzeros\n",
                static_cast<int>(as.cols_removed), static_cast<long long>(as.nonzeros_before),
                static_cast<long long>(as.nonzeros_after));
      }
    }
  }
  result.stats.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (result.verdict == Verdict::kInfeasible) {
    log.log(LogLevel::kVerbose, "presolve: infeasible: %s\n", result.reason.c_str());
  } else if (options.presolve) {
    const PresolveStats& st = result.stats;
    log.log(LogLevel::kVerbose,
            "presolve: removed %d rows, %d columns; %d bound changes in %d rounds, "
            "work %.3g, %.2fs\n",
            static_cast<int>(st.rows_removed), static_cast<int>(st.cols_removed),
            static_cast<int>(st.bounds_tightened), st.rounds, st.work, st.seconds);
  }
  if (!result.debug_report.empty()) {
    log.warning("presolve cut off the debug solution: %s", result.debug_report.c_str());
  }
  return result;
}

}  // namespace lsmip::presolve

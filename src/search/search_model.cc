#include "search/search_model.h"

#include <cmath>

#include "options/choices.h"

namespace lsmip::search {
namespace {

bool integral(double v) { return std::isfinite(v) && v == std::floor(v); }

// Scale of a row's tolerance: max(1, |side|) when relative, else 1.
double side_scale(double side, bool relative) {
  return relative ? std::max(1.0, std::fabs(side)) : 1.0;
}

}  // namespace

SearchModel build_search_model(const Model& model, const Options& options) {
  SearchModel sm;
  const Index n = model.num_cols();
  sm.num_vars = n;
  sm.obj_offset = model.obj_offset();
  sm.lb.resize(n);
  sm.ub.resize(n);
  sm.cost.resize(n);
  sm.is_int.resize(n);
  sm.is_binary.assign(n, 0);
  sm.is_fixed.assign(n, 0);
  sm.is_obj.assign(n, 0);
  bool all_int_bounded = true;
  sm.obj_integral = true;
  for (Index j = 0; j < n; ++j) {
    const auto [lo, up] = model.domain(j);
    const bool is_int = model.is_integer(j);
    if (lo > up && !sm.infeasible) {
      sm.infeasible = true;
      sm.infeasible_reason = "empty domain of column " + model.col_name(j);
    }
    sm.lb[j] = lo;
    sm.ub[j] = up;
    sm.cost[j] = model.obj(j);
    sm.is_int[j] = is_int ? 1 : 0;
    sm.is_binary[j] = (is_int && lo == 0.0 && up == 1.0) ? 1 : 0;
    sm.is_fixed[j] = (lo == up) ? 1 : 0;
    sm.is_obj[j] = (sm.cost[j] != 0.0 && !sm.is_fixed[j]) ? 1 : 0;
    if (!is_int || !integral(lo) || !integral(up)) all_int_bounded = false;
    if (sm.cost[j] != 0.0 && (!is_int || !integral(sm.cost[j]))) sm.obj_integral = false;
    if (!sm.is_fixed[j]) sm.movable_vars.push_back(j);
    if (sm.is_obj[j]) sm.obj_vars.push_back(j);
    if (sm.is_binary[j]) sm.binary_vars.push_back(j);
  }
  sm.var.resize(n);
  for (Index j = 0; j < n; ++j) sm.var[j] = VarInfo{sm.lb[j], sm.ub[j], sm.is_int[j], sm.is_fixed[j]};
  // Fixed columns with a cost contribute a constant; the objective is then integral only
  // if that constant is (the offset is added outside, it does not matter).

  // Internal rows.
  const double tol = options.ls_feas_tol;
  const bool relative = options.ls_feas_tol_relative;
  bool exact = all_int_bounded;
  std::vector<std::pair<Index, int>> plan;  // (model row, side: 0 both, 1 upper only, 2 lower only)
  for (Index i = 0; i < model.num_rows(); ++i) {
    const double lo = model.row_lower(i), hi = model.row_upper(i);
    const SparseVector r = model.row(i);
    if (r.size() == 0) {
      // Judged as the final check judges it (feas_tol, relative), not with the
      // search's own tolerance: an empty row 0 in [lo, hi] is infeasible only
      // when the check rejects activity 0.
      const double ft = options.feas_tol;
      if ((lo > ft * std::max(1.0, std::fabs(lo))) || (hi < -ft * std::max(1.0, std::fabs(hi)))) {
        if (!sm.infeasible) {
          sm.infeasible = true;
          sm.infeasible_reason = "empty row " + model.row_name(i) + " excludes 0";
        }
      }
      continue;
    }
    if (!std::isfinite(lo) && !std::isfinite(hi)) continue;  // free row
    // Crossed sides: trivially infeasible only when the checker (feas_tol, relative) would
    // reject every activity; a crossing within tolerance is searched as the midpoint.
    if (lo > hi && !sm.infeasible &&
        lo - hi > options.feas_tol * (side_scale(lo, true) + side_scale(hi, true))) {
      sm.infeasible = true;
      sm.infeasible_reason = "row " + model.row_name(i) + " has lower side above upper side";
    }
    if (exact) {
      long double max_abs = 0;
      for (std::size_t k = 0; k < r.size(); ++k) {
        const double a = r.value[k];
        if (!integral(a)) exact = false;
        const Index j = r.index[k];
        max_abs += std::fabs(static_cast<long double>(a)) *
                   std::max(std::fabs(static_cast<long double>(sm.lb[j])),
                            std::fabs(static_cast<long double>(sm.ub[j])));
      }
      if (max_abs > 0x1.0p62L) exact = false;
      if (std::isfinite(lo) && !integral(lo)) exact = false;
      if (std::isfinite(hi) && !integral(hi)) exact = false;
    }
    if (options.ls_split_equalities && std::isfinite(lo) && std::isfinite(hi) && lo == hi) {
      plan.emplace_back(i, 1);
      plan.emplace_back(i, 2);
    } else {
      plan.emplace_back(i, 0);
    }
  }
  sm.exact = exact;
  const Index m = static_cast<Index>(plan.size());
  sm.num_rows = m;
  sm.rows.resize(m);
  sm.row_slack.resize(m);
  sm.row_origin.resize(m);
  sm.row_strict_lo.resize(m);
  sm.row_strict_hi.resize(m);
  sm.row_start.assign(static_cast<std::size_t>(m) + 1, 0);
  std::vector<NzIndex> col_count(static_cast<std::size_t>(n) + 1, 0);
  for (Index r = 0; r < m; ++r) {
    const auto [i, side] = plan[r];
    const SparseVector row = model.row(i);
    double lo = model.row_lower(i), hi = model.row_upper(i);
    if (lo > hi) lo = hi = 0.5 * (lo + hi);  // crossed within tolerance (else infeasible above)
    if (side == 1) lo = -kInf;
    if (side == 2) hi = kInf;
    const double tol_lo = std::isfinite(lo) ? tol * side_scale(lo, relative) : 0.0;
    const double tol_hi = std::isfinite(hi) ? tol * side_scale(hi, relative) : 0.0;
    sm.rows[r] = RowBounds{lo, hi, lo - tol_lo, hi + tol_hi};
    sm.row_slack[r] = 0.5 * std::min(std::isfinite(lo) ? tol_lo : tol_hi,
                                     std::isfinite(hi) ? tol_hi : tol_lo);
    sm.row_origin[r] = i;
    sm.row_strict_lo[r] = std::isfinite(lo) ? lo + tol_lo : -kInf;
    sm.row_strict_hi[r] = std::isfinite(hi) ? hi - tol_hi : kInf;
    sm.row_start[r + 1] = sm.row_start[r] + static_cast<NzIndex>(row.size());
    for (Index j : row.index) ++col_count[j + 1];
  }
  const NzIndex nnz = sm.row_start[m];
  sm.row_col.resize(nnz);
  sm.row_coef.resize(nnz);
  sm.col_start.assign(static_cast<std::size_t>(n) + 1, 0);
  for (Index j = 0; j < n; ++j) sm.col_start[j + 1] = sm.col_start[j] + col_count[j + 1];
  sm.col_row.resize(nnz);
  sm.col_coef.resize(nnz);
  sm.col_csr.resize(nnz);
  std::vector<NzIndex> fill(sm.col_start.begin(), sm.col_start.end() - 1);
  for (Index r = 0; r < m; ++r) {
    const SparseVector row = model.row(plan[r].first);
    NzIndex p = sm.row_start[r];
    for (std::size_t k = 0; k < row.size(); ++k, ++p) {
      const Index j = row.index[k];
      sm.row_col[p] = j;
      sm.row_coef[p] = row.value[k];
      const NzIndex q = fill[j]++;
      sm.col_row[q] = r;
      sm.col_coef[q] = row.value[k];
      sm.col_csr[q] = p;
    }
  }
  sm.row_sign.assign(m, 0);
  for (Index r = 0; r < m; ++r) {
    bool pos = true, neg = true;
    for (NzIndex p = sm.row_start[r]; p < sm.row_start[r + 1]; ++p) {
      pos = pos && sm.row_coef[p] > 0;
      neg = neg && sm.row_coef[p] < 0;
    }
    sm.row_sign[r] = static_cast<std::int8_t>(pos ? 1 : neg ? -1 : 0);
  }
  // Per-side weights for two-sided rows (all of them, or those with coefficients of one
  // magnitude: partitioning, assignment and cardinality rows, whose over- and under-covered
  // states call for different repairs; a knapsack equality is crossed far more often
  // than met, and its single weight tracks it better).
  sm.row_sides.assign(m, 0);
  sm.row_unit_eq.assign(m, 0);
  const LsSideWeights side_weights = choice<LsSideWeights>(options);
  for (Index r = 0; r < m; ++r) {
    if (!std::isfinite(sm.rows[r].lo) || !std::isfinite(sm.rows[r].hi)) continue;
    bool unit = true;
    const NzIndex b = sm.row_start[r];
    for (NzIndex p = b; p < sm.row_start[r + 1] && unit; ++p) {
      unit = std::fabs(sm.row_coef[p]) == std::fabs(sm.row_coef[b]);
    }
    sm.row_unit_eq[r] = unit && sm.rows[r].lo == sm.rows[r].hi;
    sm.any_unit_eq = sm.any_unit_eq || sm.row_unit_eq[r];
    if (side_weights == LsSideWeights::kNone) continue;
    sm.row_sides[r] = side_weights == LsSideWeights::kAll || unit;
    sm.any_row_sides = sm.any_row_sides || sm.row_sides[r];
  }
  // Lift candidates: a variable in an equality row has an empty local feasible domain.
  sm.is_lift.assign(n, 0);
  for (Index j : sm.obj_vars) {
    bool in_eq = false;
    for (NzIndex p = sm.col_start[j]; p < sm.col_start[j + 1] && !in_eq; ++p) {
      const Index i = sm.row_origin[sm.col_row[p]];
      in_eq = model.row_lower(i) == model.row_upper(i);
    }
    if (!in_eq) {
      sm.lift_vars.push_back(j);
      sm.is_lift[j] = 1;
    }
  }
  return sm;
}

bool verify_solution(const Model& model, const std::vector<double>& x, double tol, bool relative) {
  if (x.size() != static_cast<std::size_t>(model.num_cols())) return false;
  for (Index j = 0; j < model.num_cols(); ++j) {
    const double v = x[j];
    if (!std::isfinite(v)) return false;
    if (v < model.col_lower(j) - tol || v > model.col_upper(j) + tol) return false;
    if (model.is_integer(j) && v != std::floor(v)) return false;
  }
  for (Index i = 0; i < model.num_rows(); ++i) {
    const SparseVector r = model.row(i);
    long double act = 0;
    for (std::size_t k = 0; k < r.size(); ++k) {
      act += static_cast<long double>(r.value[k]) * static_cast<long double>(x[r.index[k]]);
    }
    const double lo = model.row_lower(i), hi = model.row_upper(i);
    if (std::isfinite(lo) && act < lo - tol * side_scale(lo, relative)) return false;
    if (std::isfinite(hi) && act > hi + tol * side_scale(hi, relative)) return false;
  }
  return true;
}

}  // namespace lsmip::search

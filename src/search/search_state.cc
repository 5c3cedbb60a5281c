#include "search/search_state.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace lsmip::search {

SearchState::SearchState(const SearchModel& sm) : sm_(sm) {
  x.assign(sm.num_vars, 0.0);
  act.assign(sm.num_rows, 0);
  act_d.assign(sm.num_rows, 0.0);
  act_err.assign(sm.num_rows, 0.0f);
  err_limit_.resize(sm.num_rows);
  for (Index i = 0; i < sm.num_rows; ++i) {
    const RowBounds& b = sm.rows[i];
    const double tol = std::min(std::isfinite(b.hi) ? b.hi_tol - b.hi : kInf,
                                std::isfinite(b.lo) ? b.lo - b.lo_tol : kInf);
    err_limit_[i] = static_cast<float>(1e-3 * (std::isfinite(tol) && tol > 0 ? tol : 1e-9));
  }
  violated.reset(sm.num_rows);
  weight.assign(sm.num_rows, 1);
  weight_lo.assign(sm.num_rows, 1);
  raised_weights.reset(sm.num_rows);
  last_move_.assign(sm.num_vars, 0);
  no_inc_until_.assign(sm.num_vars, 0);
  no_dec_until_.assign(sm.num_vars, 0);
  const std::size_t nnz = sm.row_col.size();
  above_items.assign(nnz, -1);
  above_count.assign(sm.num_rows, 0);
  above_slot.assign(nnz, -1);
}

void SearchState::set_above(Index j, bool above) {
  for (NzIndex q = sm_.col_start[j]; q < sm_.col_start[j + 1]; ++q) {
    const Index i = sm_.col_row[q];
    if (sm_.row_sign[i] == 0) continue;
    const NzIndex base = sm_.row_start[i];
    const NzIndex p = sm_.col_csr[q];
    std::int32_t& slot = above_slot[p];
    if (above) {
      if (slot >= 0) continue;
      slot = above_count[i]++;
      above_items[base + slot] = static_cast<std::int32_t>(p - base);
    } else {
      if (slot < 0) continue;
      const std::int32_t last = above_items[base + --above_count[i]];
      above_items[base + slot] = last;
      above_slot[base + last] = slot;
      slot = -1;
    }
  }
}

void SearchState::load(const std::vector<double>& values) {
  x = values;
  std::fill(above_count.begin(), above_count.end(), 0);
  std::fill(above_slot.begin(), above_slot.end(), -1);
  for (Index j = 0; j < sm_.num_vars; ++j) {
    if (!sm_.is_fixed[j] && x[j] > sm_.lb[j]) set_above(j, true);
  }
  recompute();
}

void SearchState::recompute() {
  violated.clear();
  for (Index i = 0; i < sm_.num_rows; ++i) recompute_row(i);
  Real obj = 0;
  for (Index j : sm_.obj_vars) obj += static_cast<Real>(sm_.cost[j]) * static_cast<Real>(x[j]);
  objective = obj;
  moves_since_recompute = 0;
}

Real SearchState::activity_at(Index i, const std::vector<double>& values, Real* magnitude) const {
  Real a = 0, mag = 0;
  for (NzIndex p = sm_.row_start[i]; p < sm_.row_start[i + 1]; ++p) {
    const Real t = static_cast<Real>(sm_.row_coef[p]) * static_cast<Real>(values[sm_.row_col[p]]);
    a += t;
    mag += std::fabs(t);
  }
  if (magnitude != nullptr) *magnitude = mag;
  return a;
}

std::size_t SearchState::rows_violated_at(const std::vector<double>& values) {
  std::size_t count = 0;
  for (Index i = 0; i < sm_.num_rows; ++i) {
    if (row_violated(i, activity_at(i, values))) ++count;
  }
  work_ += static_cast<double>(sm_.row_start[sm_.num_rows] + sm_.num_rows);
  return count;
}

void SearchState::recompute_row(Index i) {
  Real mag = 0;
  const Real a = activity_at(i, x, &mag);
  act[i] = a;
  act_d[i] = static_cast<double>(a);
  act_err[i] = sm_.exact ? 0.0f : static_cast<float>(mag * kUnitErr);
  if (row_violated(i, a)) {
    violated.insert(i);
  } else {
    violated.erase(i);
  }
  work_ += static_cast<double>(sm_.row_start[i + 1] - sm_.row_start[i]) + 1.0;
}

void SearchState::apply(Index j, double value) {
  const Real delta = static_cast<Real>(value) - static_cast<Real>(x[j]);
  const bool was_above = x[j] > sm_.lb[j], now_above = value > sm_.lb[j];
  if (was_above != now_above && !sm_.is_fixed[j]) set_above(j, now_above);
  x[j] = value;
  const NzIndex end = sm_.col_start[j + 1];
  for (NzIndex p = sm_.col_start[j]; p < end; ++p) {
    const Index i = sm_.col_row[p];
    const Real t = static_cast<Real>(sm_.col_coef[p]) * delta;
    const Real a = act[i] + t;
    act[i] = a;
    act_d[i] = static_cast<double>(a);
    if (!sm_.exact) {
      // Each update may round (product and sum): bound it and recompute the row once the
      // bound nears the row's tolerance.
      const float e = act_err[i] + static_cast<float>((std::fabs(a) + std::fabs(t)) * kUnitErr);
      act_err[i] = e;
      if (e > err_limit_[i]) {
        recompute_row(i);
        continue;
      }
    }
    if (row_violated(i, a)) {
      violated.insert(i);
    } else {
      violated.erase(i);
    }
  }
  objective += static_cast<Real>(sm_.cost[j]) * delta;
  ++moves_since_recompute;
  work_ += static_cast<double>(end - sm_.col_start[j]) + 1.0;
}

void SearchState::reset_weights() {
  for (Index i : raised_weights) weight[i] = weight_lo[i] = 1;
  raised_weights.clear();
  obj_weight_ = 1;
}

void SearchState::clear_tabu() {
  std::fill(no_inc_until_.begin(), no_inc_until_.end(), 0);
  std::fill(no_dec_until_.begin(), no_dec_until_.end(), 0);
}

void SearchState::add_weight(Index i, std::int64_t delta, std::int64_t limit, bool lo_side) {
  std::int64_t& slot = lo_side ? weight_lo[i] : weight[i];
  std::int64_t w = slot + delta;
  if (w > limit) w = limit;
  if (w < 0) w = 0;
  slot = w;
  if (weight[i] != 1 || weight_lo[i] != 1) {
    raised_weights.insert(i);
  } else {
    raised_weights.erase(i);
  }
}

std::string SearchState::check_against_scratch() const {
  char buf[256];
  for (Index i = 0; i < sm_.num_rows; ++i) {
    Real mag = 0;
    const Real a = activity_at(i, x, &mag);
    const Real diff = std::fabs(a - act[i]);
    const Real allowed = sm_.exact ? 0 : static_cast<Real>(act_err[i]) + mag * 4 * kUnitErr;
    if (diff > allowed) {
      std::snprintf(buf, sizeof buf, "row %d: activity %.17Lg, recomputed %.17Lg", i, act[i], a);
      return buf;
    }
    // Membership must match the incremental activity (the set follows act[]).
    if (row_violated(i, act[i]) != violated.contains(i) || act_d[i] != static_cast<double>(act[i])) {
      std::snprintf(buf, sizeof buf, "row %d: violated-set membership wrong", i);
      return buf;
    }
    if ((weight[i] != 1 || weight_lo[i] != 1) != raised_weights.contains(i)) {
      std::snprintf(buf, sizeof buf, "row %d: raised-weight membership wrong", i);
      return buf;
    }
  }
  Real obj = 0, mag = 0;
  for (Index j = 0; j < sm_.num_vars; ++j) {
    if (!sm_.is_obj[j]) continue;
    const Real t = static_cast<Real>(sm_.cost[j]) * static_cast<Real>(x[j]);
    obj += t;
    mag += std::fabs(t);
  }
  if (std::fabs(obj - objective) > (sm_.exact && sm_.obj_integral ? 0 : 1e-9L * (1 + mag))) {
    std::snprintf(buf, sizeof buf, "objective %.17Lg, recomputed %.17Lg", objective, obj);
    return buf;
  }
  for (Index i = 0; i < sm_.num_rows; ++i) {
    std::int32_t expect = 0;
    for (NzIndex p = sm_.row_start[i]; p < sm_.row_start[i + 1]; ++p) {
      const Index j = sm_.row_col[p];
      const bool above = sm_.row_sign[i] != 0 && !sm_.is_fixed[j] && x[j] > sm_.lb[j];
      const std::int32_t slot = above_slot[p];
      const NzIndex base = sm_.row_start[i];
      if (above != (slot >= 0) ||
          (above && (slot >= above_count[i] || above_items[base + slot] != p - base))) {
        std::snprintf(buf, sizeof buf, "row %d: above-lb list wrong for variable %d", i, j);
        return buf;
      }
      expect += above ? 1 : 0;
    }
    if (expect != above_count[i]) {
      std::snprintf(buf, sizeof buf, "row %d: above-lb list has %d entries, expected %d", i,
                    above_count[i], expect);
      return buf;
    }
  }
  for (Index j = 0; j < sm_.num_vars; ++j) {
    const double v = x[j];
    if (!(v >= sm_.lb[j] && v <= sm_.ub[j]) || (sm_.is_int[j] && v != std::floor(v))) {
      std::snprintf(buf, sizeof buf, "variable %d: value %.17g outside its domain", j, v);
      return buf;
    }
  }
  return {};
}

}  // namespace lsmip::search

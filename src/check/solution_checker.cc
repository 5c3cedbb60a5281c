#include "check/solution_checker.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "util/json.h"

namespace lsmip::check {

CheckReport check_solution(const Model& model, std::span<const double> x, double feas_tol,
                           double int_tol, std::optional<double> claimed_objective) {
  CheckReport r;
  const Index n = model.num_cols();
  long double obj = 0.0L;
  for (Index j = 0; j < n; ++j) {
    const double v = x[static_cast<std::size_t>(j)];
    double viol = 0.0;
    if (!std::isfinite(v)) {
      viol = kInf;
    } else {
      viol = std::max({model.col_lower(j) - v, v - model.col_upper(j), 0.0});
    }
    if (viol > feas_tol) ++r.violated_bounds;
    if (viol > r.max_bound_violation) {
      r.max_bound_violation = viol;
      r.worst_bound_col = j;
    }
    if (model.is_integer(j) && std::isfinite(v)) {
      const double frac = std::fabs(v - std::nearbyint(v));
      if (frac > int_tol) ++r.violated_integrality;
      if (frac > r.max_integrality_violation) {
        r.max_integrality_violation = frac;
        r.worst_integrality_col = j;
      }
    }
    if (std::isfinite(v)) obj += static_cast<long double>(model.obj(j)) * v;
  }
  // Rows: long double sums from the row-wise view, so every row is summed exactly once.
  for (Index i = 0; i < model.num_rows(); ++i) {
    const SparseVector row = model.row(i);
    long double act = 0.0L;
    bool finite = true;
    for (std::size_t k = 0; k < row.size(); ++k) {
      const double v = x[static_cast<std::size_t>(row.index[k])];
      if (!std::isfinite(v)) finite = false;
      act += static_cast<long double>(row.value[k]) * v;
    }
    double viol = 0.0;
    const double lo = model.row_lower(i), hi = model.row_upper(i);
    if (!finite) {
      viol = kInf;
    } else {
      const auto a = static_cast<double>(act);
      if (lo > -kInf) viol = std::max(viol, (lo - a) / std::max(1.0, std::fabs(lo)));
      if (hi < kInf) viol = std::max(viol, (a - hi) / std::max(1.0, std::fabs(hi)));
    }
    if (viol > feas_tol) ++r.violated_rows;
    if (viol > r.max_row_violation) {
      r.max_row_violation = viol;
      r.worst_row = i;
    }
  }
  r.objective = model.original_objective(static_cast<double>(obj + model.obj_offset())) + 0.0;
  r.feasible = r.max_bound_violation <= feas_tol && r.max_integrality_violation <= int_tol &&
               r.max_row_violation <= feas_tol;
  r.claimed = claimed_objective;
  if (claimed_objective) {
    r.objective_matches = std::fabs(*claimed_objective - r.objective) <=
                          feas_tol * std::max(1.0, std::fabs(r.objective));
  }
  return r;
}

std::string CheckReport::describe(const Model& model) const {
  char buf[512];
  std::string out;
  std::snprintf(buf, sizeof buf, "%s, objective %.17g", feasible ? "feasible" : "INFEASIBLE",
                objective);
  out += buf;
  if (claimed) {
    std::snprintf(buf, sizeof buf, " (file claims %.17g: %s)", *claimed,
                  objective_matches ? "matches" : "MISMATCH");
    out += buf;
  }
  out += "\n";
  auto line = [&](const char* what, double v, Index count, const std::string& name) {
    std::snprintf(buf, sizeof buf, "  max %-11s violation %-10.3g", what, v);
    out += buf;
    if (!name.empty()) out += " at '" + name + "'";
    if (count > 0) out += " (" + std::to_string(count) + " violated)";
    out += "\n";
  };
  line("bound", max_bound_violation, violated_bounds,
       worst_bound_col >= 0 ? model.col_name(worst_bound_col) : "");
  line("integrality", max_integrality_violation, violated_integrality,
       worst_integrality_col >= 0 ? model.col_name(worst_integrality_col) : "");
  line("row", max_row_violation, violated_rows, worst_row >= 0 ? model.row_name(worst_row) : "");
  return out;
}

std::string CheckReport::to_json(const Model& model) const {
  auto name_or_null = [](bool has, const std::string& s) { return has ? json::quote(s) : "null"; };
  std::string out = "{\"feasible\": " + std::string(feasible ? "true" : "false");
  out += ", \"objective\": " + json::number(objective);
  out += ", \"claimed\": " + (claimed ? json::number(*claimed) : std::string("null"));
  out += ", \"objective_matches\": " + std::string(objective_matches ? "true" : "false");
  out += ", \"max_bound_violation\": " + json::number(max_bound_violation);
  out += ", \"worst_bound\": " +
         name_or_null(worst_bound_col >= 0, worst_bound_col >= 0 ? model.col_name(worst_bound_col) : "");
  out += ", \"max_integrality_violation\": " + json::number(max_integrality_violation);
  out += ", \"worst_integrality\": " +
         name_or_null(worst_integrality_col >= 0,
                      worst_integrality_col >= 0 ? model.col_name(worst_integrality_col) : "");
  out += ", \"max_row_violation\": " + json::number(max_row_violation);
  out += ", \"worst_row\": " + name_or_null(worst_row >= 0, worst_row >= 0 ? model.row_name(worst_row) : "");
  out += "}";
  return out;
}

}  // namespace lsmip::check

// The independent feasibility check every reported solution passes through.
// It reads only the original Model and the assignment and shares no code
// with presolve or search, so a bug there cannot hide here. Rules (as the
// MIPLIB checker, slightly stricter): bounds absolute within feas_tol;
// integrality |x - round(x)| <= int_tol; each row's activity, summed in long
// double, within its sides up to feas_tol * max(1, |side|); the objective
// recomputed in the model's own sense and compared with a claimed value up
// to feas_tol * max(1, |objective|).
#pragma once

#include <optional>
#include <span>
#include <string>

#include "model/model.h"

namespace lsmip::check {

struct CheckReport {
  bool feasible = false;          // bounds, integrality and rows all within tolerance
  bool objective_matches = true;  // claimed objective (if any) agrees with the recomputed one
  double objective = 0.0;         // recomputed, in the model's own sense, offset included
  std::optional<double> claimed;  // the objective the solution file claimed
  double max_bound_violation = 0.0;
  Index worst_bound_col = -1;
  double max_integrality_violation = 0.0;
  Index worst_integrality_col = -1;
  double max_row_violation = 0.0;  // relative: violation / max(1, |side|)
  Index worst_row = -1;
  Index violated_bounds = 0, violated_integrality = 0, violated_rows = 0;

  bool ok() const { return feasible && objective_matches; }
  // A one-paragraph human summary naming the worst bound, integer and row.
  std::string describe(const Model& model) const;
  // The report as one JSON object.
  std::string to_json(const Model& model) const;
};

// Checks assignment `x` (one value per column) against `model`. Cost O(nnz).
CheckReport check_solution(const Model& model, std::span<const double> x, double feas_tol,
                           double int_tol, std::optional<double> claimed_objective = {});

}  // namespace lsmip::check

// The search's own read-only view of a Model (one per run, shareable).
//
// Rows are ranged, lo <= a·x <= hi, handled natively; equality rows are kept
// as one row (|gap| <= tol) or, with ls_split_equalities, split into a "<="
// and a ">=" row. Free rows and empty rows are dropped (an empty row whose
// sides exclude 0 makes the model trivially infeasible). Integer bounds are
// rounded inward; no bound is ever clamped to a finite box: infinite bounds
// stay infinite and moves are computed from rows.
//
// `exact` certifies that every activity is an integer of magnitude below
// 2^62 for any point within the bounds (integral coefficients, sides and
// bounds, all variables integer and bounded), so the long double activities of
// the search are exact and never drift. `obj_integral` certifies that every
// feasible objective value is an integer (integer objective columns with
// integral costs), so the objective cut-off can be tightened by whole units.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model/model.h"
#include "options/options.h"

namespace lsmip::search {

// Sides of a row and the thresholds beyond which it counts as violated.
struct RowBounds {
  double lo;      // lower side (may be -inf)
  double hi;      // upper side (may be +inf)
  double lo_tol;  // violated below if activity < lo_tol (= lo - tol)
  double hi_tol;  // violated above if activity > hi_tol (= hi + tol)
};

// Per-variable data read together when generating candidates (one cache line).
struct VarInfo {
  double lb;
  double ub;
  std::uint8_t is_int;
  std::uint8_t is_fixed;
};

struct SearchModel {
  Index num_vars = 0;
  Index num_rows = 0;  // internal rows (after dropping and splitting)
  std::vector<double> lb, ub, cost;      // bounds (integer ones rounded inward) and min-form costs
  std::vector<VarInfo> var;              // packed copy of lb, ub, is_int, is_fixed
  std::vector<std::uint8_t> is_int;      // integer variable
  std::vector<std::uint8_t> is_binary;   // integer with bounds [0, 1]
  std::vector<std::uint8_t> is_fixed;    // lb == ub: never moved
  std::vector<std::uint8_t> is_obj;      // cost != 0
  std::vector<NzIndex> col_start;        // CSC over internal rows
  std::vector<Index> col_row;
  std::vector<double> col_coef;
  std::vector<NzIndex> col_csr;          // CSR position of each CSC entry
  std::vector<NzIndex> row_start;        // CSR over internal rows
  std::vector<Index> row_col;
  std::vector<double> row_coef;
  std::vector<RowBounds> rows;
  std::vector<std::int8_t> row_sign;     // +1: all coefficients > 0, -1: all < 0, 0: mixed
  std::vector<std::uint8_t> row_sides;   // 1: each side has its own weight (ls_side_weights)
  bool any_row_sides = false;            // some row_sides[i] == 1
  std::vector<std::uint8_t> row_unit_eq; // 1: equality row, all coefficients of one magnitude
  bool any_unit_eq = false;              // some row_unit_eq[i] == 1
  std::vector<double> row_slack;         // half tolerance used when rounding integer moves
  std::vector<double> row_strict_lo;     // strictly satisfied above this (lo + tol), -inf if none
  std::vector<double> row_strict_hi;     // strictly satisfied below this (hi - tol), +inf if none
  std::vector<Index> row_origin;         // model row of each internal row
  std::vector<Index> obj_vars;           // non-fixed variables with nonzero cost
  std::vector<Index> lift_vars;          // objective variables in no equality row (others cannot lift)
  std::vector<std::uint8_t> is_lift;     // membership in lift_vars
  std::vector<Index> binary_vars;        // non-fixed binary variables
  std::vector<Index> movable_vars;       // non-fixed variables
  double obj_offset = 0.0;
  bool exact = false;
  bool obj_integral = false;
  bool infeasible = false;               // trivially infeasible (empty domain or empty row)
  std::string infeasible_reason;

  NzIndex col_length(Index j) const { return col_start[j + 1] - col_start[j]; }
  NzIndex row_length(Index i) const { return row_start[i + 1] - row_start[i]; }
};

// Builds the search view of `model` under `options` (ls_split_equalities,
// ls_side_weights, ls_feas_tol). Cost O(nnz). Never fails: trivial infeasibility is reported
// through `infeasible`.
SearchModel build_search_model(const Model& model, const Options& options);

// True when x satisfies every row of `model` within tol·max(1,|side|) (long
// double sums; tol absolute when !relative), every bound within tol (absolute)
// and integrality exactly. Independent of the search's incremental state.
// Cost O(nnz + n).
bool verify_solution(const Model& model, const std::vector<double>& x, double tol,
                     bool relative = true);

}  // namespace lsmip::search

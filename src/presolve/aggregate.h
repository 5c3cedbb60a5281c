// Aggregation of continuous columns through equality rows, the second stage of
// presolve.
//
// A continuous column x_k with at most presolve_aggregate_max_col entries that
// has coefficient +-1 in an equality row r (b = a_r·x) is replaced everywhere by
// x_k = (b - sum_{j != k} a_rj x_j) / a_rk: every other row i of the column
// becomes row_i - (a_ik / a_rk) row_r, the objective likewise (its constant moves
// into the offset), and row r itself, without x_k, becomes the ranged row that
// keeps x_k within its bounds (dropped when x_k is free). Chains of such
// columns (stock carried from period to period, a resource level from one time
// step to the next) then collapse, so a single move of an integer column shows
// its full effect on the rows downstream instead of through a chain of
// continuous repairs that a local search cannot see.
//
// General-integer columns (never binaries) qualify too when the pivot row's other
// entries are integer columns with integral coefficients and its side is integral,
// so x_k is integral at every integral point, and when the elimination adds at
// most presolve_aggregate_int_fill nonzeros: typically an objective variable
// defined by a row (z = sum c_j x_j), whose substitution puts the objective on
// the columns the search actually moves.
//
// Exactness: a column is eliminated only when every new coefficient of the rows
// and the objective is the exact result of the real arithmetic (each product
// and difference is checked with a fused multiply-add and an error-free sum).
// A new side that is not exact is rounded outward by a few units in the last
// place, so the reduced model never loses a point of the original's feasible
// set projected away from x_k; postsolve clamps x_k into its bounds, which
// keeps row r within that rounding, far inside the feasibility tolerance (and
// every solution is verified against the original model anyway). Fill-in is capped by presolve_aggregate_max_row entries per row
// and presolve_aggregate_max_fill times the input's nonzeros overall.
#pragma once

#include <functional>

#include <vector>

#include "model/model.h"
#include "options/options.h"
#include "presolve/postsolve.h"

namespace lsmip::presolve {

struct AggregateStats {
  Index cols_removed = 0;    // continuous columns eliminated
  Index rows_removed = 0;    // rows left free (their column was free) and dropped
  NzIndex nonzeros_before = 0;
  NzIndex nonzeros_after = 0;
  bool interrupted = false;  // should_stop() ended the eliminations (outputs untouched)
};

// Eliminates what it can from `model`. Returns false and leaves the outputs untouched
// when no column qualifies. Otherwise `reduced` is the model without the eliminated
// columns (other columns and rows keep their order and names), `removed[j]` flags the
// eliminated columns of `model`, and `subs` holds one substitution per eliminated column
// in elimination order, with column indices of `model` (Postsolve applies them in
// reverse). Cost O(nonzeros + fill-in · log).
// `should_stop` (optional) is polled between eliminations; when it turns true nothing is
// eliminated, false is returned and stats->interrupted is set.
bool aggregate_columns(const Model& model, const Options& options, Model* reduced,
                       std::vector<char>* removed, std::vector<Substitution>* subs,
                       AggregateStats* stats, const std::function<bool()>& should_stop = {});

}  // namespace lsmip::presolve

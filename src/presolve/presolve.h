// The light presolve of lsmip (issue 3): what Local-ILP and Local-MIP do before
// their search (singleton rows to bounds, fixed-column removal, empty rows),
// plus activity-based bound propagation to a fixed point under a work cap.
//
// Reductions, each valid for every feasible solution of the original model:
//  * empty rows: dropped when 0 satisfies them, else the model is infeasible;
//  * singleton rows: turned into column bounds (side / coefficient, integer
//    columns rounded inward past the integer slack below), then dropped;
//  * bound propagation: min/max row activities (infinite contributions counted,
//    never summed) give implied bounds; integer bounds are rounded inward past
//    the integer slack, continuous bounds are kept only when they shrink the
//    domain markedly (presolve_cont_min_change) and are then loosened by
//    presolve_cont_relax in the column's and the row's scale, so neither
//    floating-point error nor a row satisfied only within tolerance is cut off;
//  * redundant rows (every point in the bounds satisfies them up to
//    presolve_drop_tol) are dropped;
//  * fixed columns (lb == ub, or an integer column with one integer value) are
//    removed; their contribution moves into the row sides and the offset.
// Safety rules: activities are long double sums, and every derived bound and
// every test carries a rigorous bound on their rounding error, on the safe side.
// Infeasibility is judged with the final check's own tolerances, feas_tol and
// int_tol (one tolerance everywhere): presolve keeps for every column a hull,
// the interval that holds x_j in every point the check accepts (bounds
// widened by feas_tol, integers within int_tol of an integer, narrowed by each
// row widened by feas_tol·max(1,|side|) over the other columns' hulls), and
// declares the model infeasible only when a hull, or a row's activity range
// over the hulls, is empty, or a row's sides cross beyond their tolerances.
// Bounds that cross within these tolerances are replaced from the hull: an
// integer column takes the integers of its hull as bounds (1e-7 x = 5e-7 with
// x binary keeps x in {0, 1}, both within 5e-7 of the row), or the integer
// nearest to it when the hull holds none exactly; a continuous column is fixed
// at the midpoint when every source accepts it, else where the two binding
// sources are missed by the same fraction of their tolerance; a row is
// dropped only when no point in the kept bounds violates it by more than
// presolve_drop_tol·max(1,|side|). The integer slack
// is presolve_int_tol + presolve_drop_tol·(sum of the other columns'
// |contributions| the bound was computed from)/|a_ij|: a value fixed by one
// row satisfies it only up to rounding, and later rows amplify that error.
// Infinite contributions are counted, never summed: no inf - inf, no NaN.
// Every solution that satisfies the rows exactly (integer columns integral)
// survives, and so do continuous solutions that violate rows within
// presolve_cont_relax. An integral point that satisfies a row only within the
// checker's tolerance may be cut off when that row bounds an integer column
// (integer rounding keeps only the integer slack).
//
// The reduced model keeps the surviving rows and columns in their original
// order with their original names, the objective sense, and the offset
// adjusted by the fixed columns. Postsolve maps solutions back.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>

#include "model/model.h"
#include "options/options.h"
#include "presolve/postsolve.h"
#include "util/logger.h"

namespace lsmip::presolve {

struct PresolveStats {
  Index rows_removed = 0;      // rows of the original model absent from the reduced one
  Index cols_removed = 0;      // fixed columns removed
  Index cols_aggregated = 0;   // continuous columns eliminated through equalities (aggregate.h)
  Index bounds_tightened = 0;  // bound changes applied (a column may count several times)
  int rounds = 0;              // propagation passes run
  double work = 0.0;           // nonzeros touched by propagation
  double seconds = 0.0;        // wall-clock time of run_presolve (for logs only)
};

enum class Verdict : std::uint8_t {
  kReduced,     // `reduced` is equivalent to the original model (maybe identical)
  kInfeasible,  // the original model has no feasible solution; `reason` says why
  kInterrupted, // should_stop() turned true; nothing is reduced (`reduced` is empty)
};

struct PresolveResult {
  Verdict verdict = Verdict::kReduced;
  Model reduced;             // empty when infeasible
  Postsolve postsolve;       // reduced -> original columns (identity when infeasible)
  PresolveStats stats;       // what was removed, and the cost
  std::string reason;        // for kInfeasible: the row or column that proved it, by name
  std::string debug_report;  // debug mode: the first reduction that cut off the solution
};

// Presolves `model` (never modified). With options.presolve false, returns a
// copy of the model and the identity postsolve. Cost: propagation is bounded by
// options.presolve_max_work nonzeros, plus O(nonzeros) to build the reduced model.
// Debug mode: given a known feasible solution of `model` (one value per column),
// the first reduction that excludes it is described in debug_report and logged.
// `should_stop` (optional, thread-safe) is polled every 1024 rows of propagation, between
// the phases and between eliminations of the aggregation: when it turns true presolve ends
// at once with Verdict::kInterrupted.
PresolveResult run_presolve(const Model& model, const Options& options, Logger& log,
                            std::span<const double> debug_solution = {},
                            const std::function<bool()>& should_stop = {});

}  // namespace lsmip::presolve

// Presolve entries of the options table (see options/options.h for the fields).
// Every tolerance of presolve/presolve.cc lives here; each is chosen so that
// presolve errs on the safe side: a bound is loosened rather than cut, and a
// model is declared infeasible only when no point passes the final check
// (feas_tol and int_tol of the check group: one tolerance everywhere).
#pragma once

// clang-format off
#define LSMIP_PRESOLVE_OPTIONS(X)                                                                 \
  X(presolve, bool, true, 0, 0, "", "presolve",                                                   \
    "Run the light presolve (singleton rows, fixed columns, empty rows, bound propagation)")      \
  X(presolve_max_rounds, std::int64_t, 50, 0, 1000000, "", "presolve",                            \
    "Passes of bound propagation over the rows touched in the previous pass (0 = only "           \
    "empty rows, fixed columns and integer rounding)")                                            \
  X(presolve_max_work, double, 1e8, 0.0, kInf, "", "presolve",                                    \
    "Work budget of bound propagation in nonzeros touched, and separately of aggregation in "     \
    "row entries read; the final rebuild of the model (one pass over the matrix) is not counted")  \
  X(presolve_int_tol, double, 1e-6, 0.0, 0.5, "", "presolve",                                     \
    "Derived bounds of integer columns are rounded inward only past this tolerance plus "         \
    "presolve_drop_tol relative to the other columns' contributions: "                            \
    "ub = floor(u + tol + drop_tol * sum(abs(a_k x_k)) / abs(a))")                                \
  X(presolve_drop_tol, double, 1e-9, 0.0, 1e-3, "", "presolve",                                  \
    "A row is dropped as redundant when every point within the bounds violates it by at "         \
    "most this times max(1,|side|); integer bounds derived from a row keep this much slack "      \
    "relative to the other columns' contributions (rounding carried through fixed columns)")      \
  X(presolve_tighten_continuous, bool, true, 0, 0, "", "presolve",                                \
    "Keep bounds of continuous columns derived by propagation over several columns "              \
    "(loosened by presolve_cont_relax); singleton rows always give bounds")                       \
  X(presolve_singleton_cond, double, 1e3, 1.0, kInf, "", "presolve",                              \
    "A singleton row gives bounds to its continuous column (and is dropped) only when its "       \
    "tolerance in the column's units, feas_tol*max(1,|side|)/|coefficient|, is at most this "      \
    "times feas_tol*max(1,|bound|); else the row stays (0.001 x = 0.008 "    \
    "beside a side of 6.7e5 pins x only to within 667)")                                          \
  X(presolve_cont_relax, double, 1e-6, 0.0, 1.0, "", "presolve",                                  \
    "A bound of a continuous column derived by propagation from a row is loosened by this "       \
    "times max(1,|bound|) + max(1,|side|)/|coefficient| before it is kept, so rounding errors "   \
    "and rows violated within this tolerance never cut off a solution")                           \
  X(presolve_cont_min_change, double, 1e-3, 0.0, 1.0, "", "presolve",                             \
    "A derived continuous bound is kept only if it shrinks the domain by this times "             \
    "max(1, width or |bound|); stops endless tiny tightenings")                                   \
  X(presolve_huge_bound, double, 1e9, 1.0, kInf, "", "presolve",                                  \
    "Derived bounds of larger magnitude are ignored (they help nothing and lose precision)")     \
  X(presolve_aggregate, bool, true, 0, 0, "", "presolve",                                          \
    "Eliminate continuous columns through equality rows where they have coefficient +-1 "        \
    "(exact arithmetic only), so chains of balance rows collapse: csched008 gets solutions "     \
    "within a second instead of none in 10 s")                                                   \
  X(presolve_aggregate_integer, bool, true, 0, 0, "", "presolve",                                  \
    "Also aggregate general-integer columns (never binaries) through an equality whose other "   \
    "entries are integer columns with integral coefficients and an integral side, so the column " \
    "stays integral: an objective variable defined by a row hands the objective to that row's " \
    "columns")                                                                                    \
  X(presolve_aggregate_int_fill, std::int64_t, 100, 0, 2000000000, "", "presolve",                \
    "An integer column is aggregated only when that adds at most this many nonzeros (a long "     \
    "new row of general integers made neos-3381206-awhea unsolvable in 10 s)")                   \
  X(presolve_aggregate_max_col, std::int64_t, 2, 1, 1000000, "", "presolve",                      \
    "Only continuous columns with at most this many entries are aggregated (2: a level or "      \
    "stock carried between two balance rows, or a deviation between its row and its bound)")    \
  X(presolve_aggregate_max_row, std::int64_t, 500, 1, 2000000000, "", "presolve",                 \
    "Aggregation never makes a row longer than this")                                            \
  X(presolve_aggregate_max_fill, double, 10.0, 1.0, 1e6, "", "presolve",                           \
    "Aggregation never makes the model more than this many times its nonzeros")
// clang-format on

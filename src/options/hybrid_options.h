// Entries of the options table for the LP relaxation, the dual bound and the exact
// sub-MIP workers built on COIN-OR CLP and CBC (see options/options.h for the fields).
#pragma once

// clang-format off
#define LSMIP_HYBRID_OPTIONS(X)                                                                   \
  X(lp, bool, true, 0, 0, "on|off", "hybrid",                                                     \
    "Solve the LP relaxation of the presolved model (CLP, dual simplex): it gives the dual "      \
    "bound and the MIP gap, proves infeasibility when the LP has no solution, and guides the "    \
    "sub-MIP neighbourhoods. The exact worker needs it")                                          \
  X(exact, bool, true, 0, 0, "on|off", "hybrid",                                                  \
    "Run an exact worker: CBC branch-and-cut on the presolved model, which takes the pool's "     \
    "incumbents as cutoffs, publishes its own solutions and proves optimality or infeasibility")  \
  X(lns, bool, true, 0, 0, "on|off", "hybrid",                                                    \
    "Run a large-neighbourhood worker: RENS, RINS, the LP's reduced-cost core, local branching, " \
    "random and constraint-graph neighbourhoods around the incumbent, each a sub-MIP of the "     \
    "free columns solved by CBC with node and work budgets")                                      \
  X(mip_gap, double, 1e-4, 0.0, kInf, "", "hybrid",                                               \
    "Relative MIP gap at which the run stops with a proven optimum: |incumbent - bound| <= "      \
    "mip_gap * max(|incumbent|, |bound|) (as HiGHS and SCIP)")                                   \
  X(mip_gap_abs, double, 1e-6, 0.0, kInf, "", "hybrid",                                           \
    "Absolute MIP gap at which the run stops with a proven optimum")                              \
  X(exact_share, double, 0.25, 0.0, 1.0, "", "hybrid",                                            \
    "Share of the thread that runs the exact and sub-MIP workers given at first to the exact "   \
    "worker (a share of time, or of work units with --deterministic on or a work limit); the "   \
    "scheduler then moves it towards the workers that improve the incumbent or the bound")      \
  X(lns_share, double, 0.4, 0.0, 1.0, "", "hybrid",                                               \
    "Share of the rest of that thread (after exact_share) given at first to the sub-MIP worker; " \
    "with one thread the local search has what is left. Moved by the scheduler as exact_share is")\
  X(lp_start, bool, true, 0, 0, "", "hybrid",                                                    \
    "Once the root LP is solved, each local search restarts from the LP solution rounded to the " \
    "integers, once, keeping its incumbent; one without an incumbent only when the rounding "    \
    "violates no more rows than its current point")                                              \
  X(lns_nodes, std::int64_t, 500, 1, 1000000000, "", "hybrid",                                    \
    "Node limit of one sub-MIP of the large-neighbourhood worker")                                \
  X(lp_work_per_iteration, double, 0, 0.0, 1e12, "", "hybrid",                                    \
    "Work units one simplex iteration counts for in the schedule (0 = from the model's size: "    \
    "rows + nonzeros / 4). Work is counted, never timed, so that the schedule is deterministic")  \
  X(coin_log, std::int64_t, 0, 0, 3, "", "hybrid",                                                \
    "Log level of CBC and CLP inside the exact and sub-MIP workers (0 = silent, 1 = CBC's "      \
    "progress, 2-3 = more, down to CLP's iterations): their lines go into this log, prefixed "    \
    "with the worker's name. For diagnosing a slow proof or sub-MIP; the run is otherwise the same")
// clang-format on

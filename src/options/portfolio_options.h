// Portfolio entries of the options table (see options/options.h for the fields): how many
// workers run, whether their sharing depends on timing, and how they share.
#pragma once

// clang-format off
#define LSMIP_PORTFOLIO_OPTIONS(X)                                                                \
  X(threads, std::int64_t, 1, 0, 1024, "", "portfolio",                                           \
    "Workers run concurrently, one thread each (0 = one per core). Each worker is a local "      \
    "search with its own configuration and seed; all share one presolved model, one read-only "   \
    "matrix and a pool of verified solutions")                                                    \
  X(deterministic, bool, false, 0, 0, "on|off", "portfolio",                                       \
    "on: workers run in batches of portfolio_batch_work work units each, joined at a barrier, "  \
    "and share solutions in worker order between batches, so with --work-limit the result "      \
    "depends only on the model, the options, the seed and --threads, never on timing. off: "     \
    "each worker shares as soon as its task ends")                                                \
  X(portfolio_batch_work, double, 2e6, 1e3, 1e15, "", "portfolio",                                 \
    "Work units of one task: a worker reads and publishes shared solutions only between tasks")  \
  X(portfolio_elites, std::int64_t, 7, 1, 1000, "", "portfolio",                                   \
    "Verified solutions kept in the shared pool (the best and the others chosen by objective "   \
    "rank and diversity, as in ParaILP)")                                                         \
  X(portfolio_share, std::string, "incumbent", 0, 0, "incumbent|restart|off", "portfolio",       \
    "How a worker takes a better solution another worker found: incumbent = adopts it at once "  \
    "as its own incumbent (it then searches below it, and its next restart from the best "       \
    "starts there); restart = carries on and adopts it at its next restart; off = the workers "  \
    "only pool their results")                                                                   \
  X(portfolio_restart, std::string, "best", 0, 0, "best|elite|crossover|mixed", "portfolio",     \
    "Where a worker's next restart from the best solution starts when the pool has other "       \
    "solutions: the pool's best, a random elite, a crossover of two elites (values that agree "  \
    "are kept, the others drawn from either), or elite and crossover in turn")                    \
  X(portfolio_configs, std::string, "mixed", 0, 0, "mixed|seeds", "portfolio",                    \
    "Worker configurations: mixed = worker 0 runs the options as given and the others vary "     \
    "equality handling, neighbourhoods, restarts, weights and sample sizes, each with its own "  \
    "seed; seeds = every worker runs the options as given with its own seed")                     \
  X(portfolio_handover, std::int64_t, 4, 0, 1000000000, "", "portfolio",                          \
    "Configuration hand-over (ParaILP): a local search that has had this many tasks in a row "   \
    "without adding a solution to the pool takes the configuration of the local search that "   \
    "found the pool's best (its options, not its seed) and restarts from that solution (0 = "    \
    "never)")                                                                                     \
  X(portfolio_feasibility_switch, double, 1e8, 0.0, 1e15, "", "portfolio",                       \
    "While no feasible solution is known, a local search alternates between two engines that "   \
    "differ only in equality handling (ls_split_equalities on and off), each resuming where it "  \
    "stopped: this many work units each, then twice as many each, and so on; once a solution "    \
    "exists it keeps the engine it runs (0 = one engine only)")                                   \
  X(portfolio_feasibility_worker, double, 1.0, 0.0, 1e6, "", "portfolio",                         \
    "With two or more threads, the exact and sub-MIP workers' thread also runs, while no "        \
    "feasible solution is known, a local search with the other equality handling than the "       \
    "first local search's, which then keeps its own (instead of the feasibility switch); the "    \
    "value is its share weight on that thread (the exact worker's is exact_share, the sub-MIP "   \
    "worker's lns_share of the rest) (0 = no such worker)")                                      \
  X(portfolio_jump_worker, double, 0.5, 0.0, 1e6, "", "portfolio",                              \
    "While no feasible solution is known, the exact and sub-MIP workers' thread also runs "      \
    "Feasibility Jump (weighted jumps to each column's least-violation value, after Luteberget "  \
    "and Sartor); the value is its share weight on that thread, as portfolio_feasibility_worker " \
    "(0 = no such worker; absent when the exact and sub-MIP workers are)")                      \
  X(portfolio_max_rejections, std::int64_t, 10, 1, 1000000000, "", "portfolio",                   \
    "A worker whose solutions fail the independent check this many times is retired (unless it " \
    "is the last one); the run goes on with the others")                                     \
  X(rank_exchange, bool, true, 0, 0, "on|off", "portfolio",                                       \
    "Under mpirun: the ranks share solutions and the dual bound during the run, in rounds (off: " \
    "each rank searches alone and the best meets at rank 0 at the end). Either way the ranks "    \
    "run what one process with ranks x threads threads would")                                   \
  X(rank_sync_seconds, double, 0.2, 0.001, 1e9, "", "portfolio",                                  \
    "Seconds between the ranks' rounds of sharing (opportunistic mode); a round never waits "     \
    "for a slow rank: each rank goes on searching until every rank has sent its part")            \
  X(rank_sync_batches, std::int64_t, 5, 1, 1000000000, "", "portfolio",                           \
    "Batches between the ranks' rounds of sharing in the deterministic mode: a round is then "    \
    "at the same point of every rank's search, so results depend on the ranks, not on timing")   \
  X(rank_elites, std::int64_t, 2, 0, 1000, "", "portfolio",                                       \
    "Solutions a rank sends in a round besides its best: the newest of its pool's other entries")
// clang-format on

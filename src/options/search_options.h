// Search entries of the options table (see options/options.h for the fields).
// Defaults follow Local-MIP 2.0.9's code (10 violated rows / BMS 2250, 1
// satisfied row / BMS 80, flips off, escape BMS 250, tabu 4 + rand(7),
// monotone weights): on the development set they beat the paper's values
// (12/2000, 3000, 20/190, flips 20, 150, tabu 3 + rand(10), smoothing 3e-4),
// mean primal gap 0.44 vs 0.49 on 17 instances at 3 s.
#pragma once

// clang-format off
#define LSMIP_SEARCH_OPTIONS(X)                                                                   \
  X(ls_tabu_base, std::int64_t, 4, 0, 1000000, "", "search",                                      \
    "Tabu tenure after moving a variable: this many steps plus a random part")                    \
  X(ls_tabu_random, std::int64_t, 7, 1, 1000000, "", "search",                                   \
    "Random part of the tabu tenure: uniform in [0, ls_tabu_random)")                             \
  X(ls_unsat_rows, std::int64_t, 10, 1, 1000000, "", "search",                                    \
    "Violated rows sampled per step for tight moves")                                             \
  X(ls_unsat_bms, std::int64_t, 2250, 1, 100000000, "", "search",                                 \
    "Candidates scored per step from violated rows (BMS sample size) before an incumbent exists")  \
  X(ls_unsat_bm_bms, std::int64_t, 2250, 1, 100000000, "", "search",                              \
    "Candidates scored per step from violated rows plus breakthrough moves once an incumbent "     \
    "exists")                                                                                     \
  X(ls_bm_vars, std::int64_t, 500, 0, 100000000, "", "search",                                    \
    "Objective variables sampled per step for breakthrough moves")                                \
  X(ls_bm_adaptive, bool, true, 0, 0, "", "search",                                              \
    "Double the breakthrough target distance after each improvement that reached it")             \
  X(ls_bm_reset_steps, std::int64_t, 1000, 1, 9000000000000000000, "", "search",                  \
    "Steps without improvement after which the adaptive breakthrough distance is reset")          \
  X(ls_sat_rows, std::int64_t, 1, 0, 1000000, "", "search",                                      \
    "Satisfied rows sampled per step for satisfied-row tight moves (0 = off)")                    \
  X(ls_sat_bms, std::int64_t, 80, 1, 100000000, "", "search",                                    \
    "Candidates scored per step from satisfied rows")                                             \
  X(ls_flip_bms, std::int64_t, 0, 0, 100000000, "", "search",                                    \
    "Binary variables sampled for the flip fallback (0 = off)")                                   \
  X(ls_transfer_pairs, std::int64_t, 200, 0, 100000000, "", "search",                             \
    "Transfer pairs scored per step when no single tight move improves: a variable's tight "     \
    "move plus the opposite step of a partner in a satisfied equality with coefficients of one "  \
    "magnitude, which stays satisfied (0 = off). MIPLIB 10 s, seeds 1/2: 31/32 feasible, mean "  \
    "gap 0.406/0.406, against 31/29 and 0.422/0.456 without; finds neos-3381206-awhea and "      \
    "30n20b8")                                                                                    \
  X(ls_transfer_partners, std::int64_t, 8, 1, 1000000, "", "search",                               \
    "Partners sampled from the equality for each transfer")                                      \
  X(ls_transfer_restore, bool, true, 0, 0, "", "search",                                          \
    "Also use transfers once an incumbent exists (Restore mode), not only before the first "     \
    "solution. On 13 MIPLIB models where transfers matter (10 s, seeds 1 and 2) the summed gap "  \
    "was 4.25/3.94 with it and 4.28/4.05 without")                                               \
  X(ls_swap_vars, std::int64_t, 100, 0, 100000000, "", "search",                                  \
    "Swaps at a feasible point without an improving lift that beats the incumbent: integer "     \
    "objective variables sampled for a one-unit improving step whose broken rows one partner "   \
    "repairs (0 = off). They polish incumbents on covering and network models (fast0507, "       \
    "n2seq36q, neos-3024952-loue); 1000 instead of 100 was worse on 23 MIPLIB models")            \
  X(ls_swap_partners, std::int64_t, 50, 1, 1000000, "", "search",                                \
    "Partners tried per swap variable, drawn from the shortest row its step breaks")             \
  X(ls_flip_cache, std::string, "auto", 0, 0, "auto|on|off", "search",                            \
    "Maintained flip scores (as in Feasibility Jump): every binary variable keeps the part of "   \
    "the score of flipping it that comes from its short rows, updated when such a row changes "  \
    "activity or weight, so a binary candidate is scored from its long rows only; a long row "   \
    "whose binary entries share one coefficient magnitude keeps its two possible terms, so it "  \
    "costs a lookup. auto = on when the estimated upkeep per move is below the scoring it "      \
    "saves, decided after ls_flip_cache_probe steps from the candidates scored per step")        \
  X(ls_flip_cache_rows, std::int64_t, 0, 0, 2000000000, "", "search",                             \
    "Rows with more entries than this stay outside the maintained flip scores; 0 = half the "    \
    "binary candidates scored per step (a row is worth keeping when a move through it costs "     \
    "less than the scores it saves)")                                                             \
  X(ls_flip_cache_probe, std::int64_t, 2000, 1, 9000000000000000000, "", "search",                \
    "Steps counted before the maintained flip scores are set up (ls_flip_cache auto, or "        \
    "ls_flip_cache_rows 0); the count also ends after 10,000 work units per step")            \
  X(ls_random_bms, std::int64_t, 250, 1, 100000000, "", "search",                                 \
    "Candidates scored in the random-violated-row escape step")                                   \
  X(ls_mitigation, std::int64_t, 2, 1, 1000, "", "search",                                        \
    "Mitigation factor: a row that stays violated scores 1/ls_mitigation of a status change")     \
  X(ls_bonus_breakthrough, bool, true, 0, 0, "", "search",                                      \
    "Second-level score: bonus w_obj for crossing below the incumbent objective")                 \
  X(ls_bonus_robust, bool, false, 0, 0, "", "search",                                             \
    "Second-level score: bonus w for rows becoming strictly satisfied (minus for the reverse)")   \
  X(ls_tie_objective, std::string, "incumbent", 0, 0, "off|incumbent|always", "search",          \
    "Break ties of the two-level score between integer moves by the smaller objective change "   \
    "before the older variable: never, once an incumbent exists, or always. On 23 MIPLIB models " \
    "(10 s, seeds 1/2, with restarts) 'incumbent' gave a summed gap of 10.62/9.88 against "       \
    "11.04/10.48 with 'off'. Continuous moves are left to the age tie-break: letting them win "   \
    "ties by objective keeps a small continuous model far from its optimum")                     \
  X(ls_obj_before_feasible, bool, false, 0, 0, "", "search",                                      \
    "Let the objective term count in the score before the first feasible solution")              \
  X(ls_weight_scheme, std::string, "monotone", 0, 0, "smooth|monotone", "search",                   \
    "Row weights: probabilistic increase/smoothing (paper) or increase only (Local-MIP 2.x)")     \
  X(ls_smooth_prob, double, 3e-4, 0.0, 1.0, "", "search",                                         \
    "Probability that a weight update smooths instead of increasing (scheme 'smooth')")           \
  X(ls_weight_limit, std::int64_t, 1000000000, 1, 4000000000000000000, "", "search",              \
    "Upper limit of every row weight and of the objective weight")                                \
  X(ls_restart_steps, std::int64_t, 50000, 1, 9000000000000000000, "", "search",                \
    "Restart from the best solution, with fresh weights and tabu, after this many steps without " \
    "improvement (Local-MIP: 1,000,000). On 23 MIPLIB models, 10 s, seeds 1/2, 50,000 gave a "    \
    "summed gap of 9.86/9.84 against 10.95/10.38 without restarts in 10 s")                       \
  X(ls_restart_steps_search, std::int64_t, 1000000, 1, 9000000000000000000, "", "search",         \
    "Before the first solution: restart from a random point after this many steps since the "    \
    "start or the last restart")                                                                 \
  X(ls_restart_luby, bool, false, 0, 0, "", "search",                                            \
    "Scale ls_restart_steps by the Luby sequence (1 1 2 1 1 2 4 ...) of the restart count, so "   \
    "short and long searches alternate")                                                         \
  X(ls_restart_perturb, double, 0.0, 0.0, 1.0, "", "search",                                     \
    "At a restart from the best solution, each variable with a finite domain takes a uniform "   \
    "random value with this probability")                                                        \
  X(ls_lns, bool, true, 0, 0, "", "search",                                                       \
    "Neighbourhood epochs once an incumbent exists: a restart from the best solution freezes "  \
    "every variable outside a neighbourhood grown over the rows (ls_lns_seed), so the search "   \
    "looks for a better solution that changes only that part. On 19 MIPLIB models (10 s, seeds " \
    "1/2) the summed gap was 4.98/4.85 with it and 5.63/5.58 without")                          \
  X(ls_lns_fraction, double, 0.5, 0.0, 1.0, "", "search",                                        \
    "Share of the movable variables left free in a neighbourhood epoch")                         \
  X(ls_lns_seed, std::string, "mixed", 0, 0, "any|objective|mixed", "search",                      \
    "Where a neighbourhood starts: a random movable variable, a random objective variable, or "  \
    "the two in turn")                                                                           \
  X(ls_lns_steps, std::int64_t, 5000, 1, 9000000000000000000, "", "search",                      \
    "A neighbourhood epoch ends after this many steps without improvement")                      \
  X(ls_lns_full_every, std::int64_t, 8, 0, 1000000000, "", "search",                              \
    "Every k-th restart from the best solution leaves all variables free, with the full "        \
    "ls_restart_steps budget, and so does the restart after such a full epoch that improved "    \
    "the incumbent (0 = never)")                                                                 \
  X(ls_parity_start, bool, true, 0, 0, "", "search",                                              \
    "Without a warm start, start from a solution over GF(2) of the parity rows: integer "        \
    "equalities whose odd-coefficient columns are binary and which have an even-coefficient "    \
    "integer column (x1 + x2 + x3 - 2y = 1), as in lights-out puzzles")                          \
  X(ls_parity_min_share, double, 0.25, 0, 1, "", "search",                                        \
    "The parity start is used only when parity rows make up at least this share of the rows "    \
    "(elsewhere they are too few to shape a good start)")                                         \
  X(ls_parity_max_work, double, 1e8, 0, 1e15, "", "search",                                       \
    "Largest parity system solved: rows x 64-bit words per row x min(rows, columns)")            \
  X(ls_split_equalities, bool, false, 0, 0, "", "search",                                         \
    "Split each equality row into two inequalities (false: native |gap| <= tol handling). On "    \
    "MIPLIB at 10 s split gave 30 vs 29 feasible, mean gap 0.414 vs 0.450, but never solves "     \
    "enigma, which native solves in seconds")                                                     \
  X(ls_side_weights, std::string, "unit", 0, 0, "none|unit|all", "search",                     \
    "Rows whose two sides get their own weights, raised when that side is violated, with moves " \
    "scored as if the row were split in two (without splitting it): none, two-sided rows whose " \
    "coefficients all have the same magnitude (unit: partitioning, assignment, balance rows), "  \
    "or every two-sided row (all). MIPLIB 10 s seed 1, none/unit/all: 31/31/30 feasible, mean "  \
    "gap 0.427/0.422/0.426; unit and all gain on nw04, qap10, air05, mzzv11, all loses on "      \
    "knapsack equalities (enigma)")                                                              \
  X(ls_feas_tol, double, 5e-7, 0.0, 1e-3, "", "search",                                           \
    "Row tolerance of the search (see ls_feas_tol_relative); must stay below feas_tol")           \
  X(ls_feas_tol_relative, bool, false, 0, 0, "", "search",                                        \
    "Scale ls_feas_tol by max(1,|side|); off = absolute, which stays valid when presolve shifts "  \
    "row sides (a relative tolerance on a shifted side can exceed the original row's)")            \
  X(ls_obj_epsilon, double, 1e-6, 0.0, 1.0, "", "search",                                         \
    "Required improvement of a new incumbent, relative to max(1,|best|) (non-integral objective)") \
  X(ls_value_limit, double, 1e12, 1.0, 1e300, "", "search",                                       \
    "Candidate values beyond +-this are discarded (never clamped) so moves stay finite")          \
  X(ls_recompute_interval, std::int64_t, 100000, 1, 9000000000000000000, "", "search",            \
    "Recompute all activities exactly every this many moves when arithmetic is not certified "    \
    "exact")                                                                                      \
  X(ls_check_level, std::int64_t, 0, 0, 2, "", "search",                                          \
    "Incumbents are always re-verified from scratch; 2 also compares the whole incremental "     \
    "state (activities, sets, scores, lift cache) with a recomputation every ls_check_interval " \
    "moves and stops with an internal error on a difference (slow)")           \
  X(ls_check_interval, std::int64_t, 1000, 1, 9000000000000000000, "", "search",                     \
    "Moves between full state checks at ls_check_level 2")
// clang-format on

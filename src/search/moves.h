// Candidate generation and scoring for the Local-MIP neighbourhoods
// (Lin, Cai, Zou, Lin, "Local-MIP", AIJ 2025): mixed tight moves from violated
// and satisfied rows, breakthrough moves, Boolean flips, and the lift moves of
// the feasible mode with a per-variable cache refreshed only around the moved
// variable.
//
// Tight values are computed from the row (never from a clamped box), so a
// variable with infinite bounds still gets finite moves; candidates whose value
// exceeds ls_value_limit are dropped. All scores are integers (weights are
// integers and the mitigation factor scales status changes instead of halving
// in-violation changes), so no score is ever infinite or NaN.
//
// Scoring a candidate costs O(column length); the number scored per step is
// bounded by the BMS sample size. The candidate buffer is reused, so the move
// loop does not allocate once the buffer reached its high-water mark.
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "options/options.h"
#include "search/move_kind.h"
#include "search/search_model.h"
#include "search/search_state.h"
#include "util/indexed_set.h"
#include "util/rng.h"

namespace lsmip::search {

struct Candidate {
  Index var;
  double value;  // new value of var
  MoveKind kind;
};

// A transfer: var := value and partner := partner_value, opposite steps along one
// satisfied equality row with coefficients of one magnitude, which stays satisfied.
struct PairMove {
  Index var;
  double value;
  Index partner;
  double partner_value;
};

// Two-level score: progress first, bonus breaks ties.
struct Score {
  std::int64_t progress = 0;
  std::int64_t bonus = 0;
  bool operator==(const Score&) const = default;
};

// Integer step d (or the exact real step for continuous variables) that moves
// an activity with gap = target - activity onto the target through coefficient c,
// staying on the side a + c·d <= target (keep_le) or >= target. `slack` widens
// the allowed side when rounding integers.
double tight_step(Real gap, double c, bool keep_le, bool is_int, double slack);

class MoveGenerator {
 public:
  MoveGenerator(const SearchModel& sm, SearchState& state, const Options& options, Rng& rng);

  // Incumbent information used by breakthrough moves and the objective terms.
  // `threshold`: a point improves iff objective < threshold; `target`: the
  // objective value a breakthrough move aims at (both without the offset).
  void set_incumbent(bool has_incumbent, Real threshold, Real target);
  bool has_incumbent() const { return has_incumbent_; }
  Real threshold() const { return threshold_; }

  // Starts a new candidate list. With respect_tabu, moves reversing a recent
  // move are skipped; `forbid_var`/`forbid_value` excludes exactly undoing the
  // last step (forbid_var < 0: none).
  void begin(bool respect_tabu, Index forbid_var = -1, double forbid_value = 0.0);
  // Tight moves of the variables of up to `num_rows` sampled violated rows; when
  // those rows have more than `max_entries` entries, `max_entries` entries are
  // drawn uniformly instead (so generation costs O(max_entries), not O(row lengths)).
  void add_unsat_tight(std::int64_t num_rows, std::int64_t max_entries, MoveKind kind);
  // Tight moves of every variable of one row (violated or satisfied), tagged `kind`.
  void add_row_tight(Index row, MoveKind kind);
  // Tight moves of one row, sampled as in add_unsat_tight when it has more than
  // `max_entries` candidate entries.
  void add_row_tight_sampled(Index row, std::int64_t max_entries, MoveKind kind);
  // Tight moves to both sides of up to `num_rows` sampled satisfied inequality
  // rows (entries sampled as in add_unsat_tight).
  void add_sat_tight(std::int64_t num_rows, std::int64_t max_entries);
  // Breakthrough moves of up to `max_vars` sampled objective variables.
  void add_breakthrough(std::int64_t max_vars);
  // Flips of up to `count` sampled binary variables.
  void add_flips(std::int64_t count);
  // Adds one candidate (after the domain, tabu, undo and duplicate filters).
  void add(Index var, double value, MoveKind kind);

  std::size_t num_candidates() const { return cands_.size(); }
  const std::vector<Candidate>& candidates() const { return cands_; }

  // Scores up to `bms` sampled candidates and returns the best by (progress,
  // bonus, smaller objective change of an integer move under ls_tie_objective,
  // older variable). With require_positive, only progress > 0 counts.
  // Returns false when there is no eligible candidate.
  bool select(std::int64_t bms, bool require_positive, Candidate* best, Score* best_score);

  // Score of setting x_j = value from the current state. Cost O(column length).
  Score score(Index j, double value) const;
  // Joint score of x_j += dj and x_k += dk (rows shared by both judged on the summed
  // change). Cost O(column lengths of j and k).
  Score pair_score(Index j, double dj, Index k, double dk);

  // Transfers for local optima where no single move helps: for up to `num_rows` sampled
  // violated rows and a few sampled entries each, the entry's tight move would break a
  // satisfied equality with coefficients of one magnitude (SearchModel::row_unit_eq); up
  // to `partners` sampled variables of that equality take the opposite step so that it
  // stays satisfied. Scores at most `max_pairs` pairs jointly (tabu as set by begin())
  // and returns the best with positive progress; false if none.
  bool best_transfer(std::int64_t num_rows, std::int64_t partners, std::int64_t max_pairs,
                     PairMove* best, Score* best_score);

  // Swaps for a feasible point without an improving lift: up to `num_vars` sampled integer
  // objective variables take one unit step in their improving direction; when that breaks
  // at most a few rows, up to `partners` entries of the shortest broken row are tried as the
  // partner, whose tight move repairs that row. A pair counts when it leaves every row
  // satisfied (judged on the double activities; incumbents are re-verified anyway) and
  // lowers the objective. Returns the pair with the largest decrease; false if none.
  bool best_swap(std::int64_t num_vars, std::int64_t partners, PairMove* best);

  // ---- Frozen variables (neighbourhood epochs) ----
  // Freezes every variable except `free_vars`: no move made here changes a frozen variable
  // (tight, breakthrough, flip, transfer, swap and lift moves all skip it), so the search
  // explores the neighbourhood of the point it was loaded with. O(n).
  void freeze_except(const std::vector<Index>& free_vars);
  // Unfreezes every variable. O(n) when some are frozen, else O(1).
  void unfreeze();
  bool any_frozen() const { return any_frozen_; }
  // True when variable j is frozen; reads the flags only while some variable is.
  bool frozen(Index j) const { return any_frozen_ && frozen_[static_cast<std::size_t>(j)] != 0; }

  // ---- Maintained flip scores (ls_flip_cache) ----
  // For every binary variable the generator can keep the row part of the score of flipping
  // it, summed over the "short" rows of its column (at most ls_flip_cache_rows entries), as
  // Feasibility Jump keeps its jump scores. Rows longer than that are scored when a
  // candidate is. The cached sum equals score()'s row terms exactly (integers), so
  // select() ranks the same way with or without it. The cache must see every change of the
  // point and of the row weights: moves go through apply_move(), weights through
  // add_weight(), and flip_invalidate() follows any other change (load, recompute,
  // reset_weights); an invalid cache is rebuilt when select() next needs it.
  //
  // Turns the cache on (rows of at most `row_limit` entries kept) or off (the default).
  void flip_enable(bool on, std::int64_t row_limit);
  bool flip_enabled() const { return flip_on_; }
  // Estimated cost of a cache keeping the rows of at most `row_limit` entries, uniform over
  // the binary columns: the upkeep per move (binary entries of a column's kept rows), the
  // row terms a cached score saves (kept entries of a column), and the entries of a column in
  // longer rows whose binary entries share one coefficient magnitude (those rows keep their
  // two possible terms, a +- c, so such an entry costs a lookup instead of a row term).
  // From the model only, O(nnz).
  void flip_estimate(std::int64_t row_limit, double* upkeep, double* saving, double* uniform) const;
  // Marks the cache stale after a change it did not see. O(1).
  void flip_invalidate() { flip_valid_ = false; }
  // Sets x_j = value (SearchState::apply) and updates the cache. Cost O(column length of j)
  // plus, with the cache valid, the binary entries of the short rows of j's column.
  void apply_move(Index j, double value);
  // SearchState::add_weight plus the cache update of row i. Cost O(binary entries of row i).
  void add_weight(Index i, std::int64_t delta, std::int64_t limit, bool lo_side = false);
  // Binary candidates scored by select() until the first flip_enable() (for the ls_flip_cache
  // decision).
  std::uint64_t binary_scores() const { return binary_scores_; }
  // Checks a valid cache against score() of every binary flip; "" if they agree.
  std::string flip_check() const;

  // ---- Lift moves (feasible mode) ----
  // The cache holds, per lift variable, a lift value and gain that are never
  // worse than the exact ones (optimistic): each variable watches the row that
  // bounded its lift when it was computed (none when its own bound did), and is
  // recomputed whenever that row's activity or its own value changes. A row that
  // tightens elsewhere can only shrink the exact lift, so stale entries are
  // validated lazily by lift_best(). Hence: exact gain > 0 implies a cached
  // gain >= it, and the best cached gain, once validated, is the best exact one.
  //
  // Recomputes the lift of every objective variable. Cost O(sum of their columns).
  void lift_rebuild();
  // Refreshes the cached lifts of `moved` (whose value was `old_value`) and of
  // the variables watching a row of its column on the side that gained room (a
  // row whose activity rose frees its lower-side watchers, and vice versa; the
  // others can only lose room and are validated lazily). Call after every move
  // while the cache is in use. Cost O(sum of the refreshed columns + log n each).
  void lift_refresh_after(Index moved, double old_value);
  // Best lift with a positive gain, validated against the current point; false if none.
  bool lift_best(Candidate* best);
  // Lift of variable j from scratch: its new value and objective gain (0 = none),
  // and the row that bounds it with its coefficient there (-1 and 0: its own bound
  // or the value limit).
  void lift_compute(Index j, double* value, double* gain, Index* bind = nullptr,
                    double* bind_coef = nullptr) const;
  // Checks the cache invariants (optimism, positive set, watch lists); "" if they hold.
  std::string lift_check() const;

 private:
  // Calls f(std::bool_constant<robust>, std::bool_constant<sides>) with the scoring flags of
  // this run, so each hot loop is instantiated once per combination.
  template <typename F>
  decltype(auto) with_flags(F&& f) const;
  template <bool kRobust, bool kSides>
  Score score_impl(Index j, double value) const;
  template <bool kRobust, bool kSides>
  Score pair_score_impl(Index j, double dj, Index k, double dk);
  // Score terms of row i moving from activity a to na per unit of weight: progress is
  // hi·weight + lo·weight_lo, bonus is bonus·weight (mitigation and sides applied).
  struct RowUnits {
    std::int64_t hi;
    std::int64_t lo;
    std::int64_t bonus;
  };
  template <bool kRobust, bool kSides>
  RowUnits row_units(Index i, double a, double na) const;
  // Score terms of row i moving from activity a to na (weights, mitigation, sides).
  template <bool kRobust, bool kSides>
  void row_terms(Index i, double a, double na, std::int64_t* progress, std::int64_t* bonus) const;
  // Maintained flip scores: the cached row part of flipping binary j, recomputed from
  // scratch; the score of the flip from the cache; the cache update after a move of k whose
  // short rows had activities flip_saved_act_ before it; the full rebuild.
  template <bool kRobust, bool kSides>
  void flip_recompute(Index j);
  template <bool kRobust, bool kSides>
  Score flip_score(Index j) const;
  template <bool kRobust, bool kSides>
  void flip_after_move(Index k);
  void flip_rebuild();
  // The magnitude |a_ij| that every binary entry of row i shares; 0 when the row has no
  // binary entry or two magnitudes. Cost O(row length).
  double binary_magnitude(Index i) const;
  // Recomputes the two kept terms of a uniform long row (rt_coef_[i] != 0).
  template <bool kRobust, bool kSides>
  void rt_update(Index i);
  // Score terms of an objective change dobj (objective weight, breakthrough bonus).
  void objective_terms(double dobj, std::int64_t* progress, std::int64_t* bonus) const;
  // Value of the entry's variable that brings row i onto its upper (to_hi) or lower side:
  // the tight move of CSR entry p, rounded as tight_step does.
  double tight_target(Index i, NzIndex p, bool to_hi) const;
  // True when a step of var from its value to `value` passes the tabu and value-limit filters.
  bool step_allowed(Index var, double value) const;
  // Tight move(s) of the variable at CSR position p of row i: to the violated side,
  // or to both sides of a satisfied row.
  void add_entry_tight(Index i, NzIndex p, MoveKind kind);
  // True when row i is violated on the side that only decreases of its
  // (sign-uniform) variables can repair: candidates come from its above-lb list.
  bool needs_decrease_only(Index i) const;
  // Tight moves of picked_rows_, all of them or max_entries sampled entries.
  void add_rows_sampled(std::int64_t max_entries, MoveKind kind);

  const SearchModel& sm_;
  SearchState& st_;
  std::vector<std::uint8_t> frozen_;  // 1 = frozen for the current neighbourhood epoch
  std::vector<Index> free_obj_;       // objective variables not frozen (breakthrough pool)
  bool any_frozen_ = false;
  Rng& rng_;
  std::int64_t mitigation_;
  bool bonus_breakthrough_;
  bool bonus_robust_;
  enum class TieObjective : std::uint8_t { kOff, kIncumbent, kAlways };
  TieObjective tie_objective_;  // ls_tie_objective
  bool obj_before_feasible_;
  double value_limit_;

  bool has_incumbent_ = false;
  Real threshold_ = 0;
  Real target_ = 0;

  bool respect_tabu_ = true;
  Index forbid_var_ = -1;
  double forbid_value_ = 0.0;
  std::vector<Candidate> cands_;
  std::uint32_t gen_ = 0;                 // generation id for the stamps below
  struct Stamp {
    std::uint32_t gen;  // last generation a candidate of this var was added
    double value;       // ... and its value (cheap duplicate filter)
  };
  std::vector<Stamp> var_stamp_;
  std::vector<std::uint32_t> row_stamp_;  // rows already sampled in this generation
  struct SampledEntry {
    Index row;
    NzIndex pos;  // CSR position in the row-wise view
  };
  std::vector<SampledEntry> sampled_;    // entries drawn by add_rows_sampled, in draw order
  std::vector<Index> picked_rows_;        // rows sampled for the current candidate list
  std::vector<double> pair_delta_;        // pair scoring: activity change per row ...
  std::vector<std::uint32_t> pair_stamp_; // ... valid where the stamp is pair_gen_
  std::uint32_t pair_gen_ = 0;
  std::vector<Index> swap_vars_;          // best_swap: objective variables with an improving step

  // Maintained flip scores (see flip_enable). Binary entries of the short rows in CSR order
  // (flip_row_start_ per row, empty for long rows) and, per binary column, its entries in
  // long rows: those of uniform long rows (rt_coef_ != 0) as 2·row + (coefficient < 0), one
  // word each (flip_uni_start_), the others with their coefficients (flip_long_start_).
  bool flip_on_ = false;
  bool flip_valid_ = false;
  std::vector<std::int64_t> flip_progress_;  // cached row part of the flip score per variable
  std::vector<std::int64_t> flip_bonus_;
  std::vector<NzIndex> flip_row_start_;
  std::vector<Index> flip_row_col_;
  std::vector<double> flip_row_coef_;
  std::vector<NzIndex> flip_uni_start_;
  std::vector<std::uint32_t> flip_uni_;
  std::vector<NzIndex> flip_long_start_;
  std::vector<Index> flip_long_row_;
  std::vector<double> flip_long_coef_;
  std::vector<double> flip_saved_act_;  // activities of the moved column's rows before a move
  // Long rows whose binary entries share one magnitude c (rt_coef_[i] = c, else 0): their row
  // terms for an activity change of +c and -c at the current activity and weights.
  struct RowTerm {
    std::int64_t up_progress = 0;
    std::int64_t up_bonus = 0;
    std::int64_t down_progress = 0;
    std::int64_t down_bonus = 0;
  };
  std::vector<double> rt_coef_;
  std::vector<RowTerm> rt_;
  std::int64_t flip_rows_limit_ = -1;  // rows kept: at most this many entries (-1: not built)
  std::uint64_t binary_scores_ = 0;
  bool count_binary_ = true;  // binary_scores_ is counted until flip_enable() decides
  // Starts a new pair_delta_ generation (clears the stamps when the counter wraps).
  void next_pair_gen();

  // Recomputes the lift of j, updating the cache, the heap and j's watch.
  void lift_set(Index j);
  void watch(Index j, Index row, bool hi_side, double coef);
  // True when row i (whose j-entry is coef, on the watched side) still allows j
  // no larger improving step than the cached one: then j's cache stays exact.
  bool watch_still_binds(Index j, Index i, bool hi_side, double coef) const;
  // Max-heap of the variables with a positive cached gain, ordered by (gain,
  // older last move); heap_pos_[j] = position or -1.
  bool heap_before(Index a, Index b) const;
  void heap_fix(Index j);
  void heap_sift_up(Index k);
  void heap_sift_down(Index k);

  std::vector<double> lift_value_;  // cached lift target per variable
  std::vector<double> lift_gain_;   // cached objective decrease (> 0 iff in the heap)
  std::vector<Index> heap_;
  std::vector<Index> heap_pos_;
  std::vector<std::uint32_t> lift_stamp_;
  std::uint32_t lift_gen_ = 0;
  // Watch lists, two per row: list 2i+1 holds the lift variables whose cached
  // lift row i bounds by its upper side, list 2i those bound by its lower side.
  // List l is watch_items_[watch_start_[l] .. + watch_size_[l]); its capacity is
  // the number of lift entries of the row that side can bound.
  std::vector<NzIndex> watch_start_;
  std::vector<Index> watch_size_;
  std::vector<Index> watch_items_;
  std::vector<double> watch_coef_;  // the watcher's coefficient in the row
  std::vector<Index> watch_list_;  // list watched by each variable, -1 = none
  std::vector<Index> watch_pos_;   // its position in that list
};

}  // namespace lsmip::search

// Candidate generation and selection for the Local-MIP neighbourhoods
// (Lin, Cai, Zou, Lin, "Local-MIP", AIJ 2025): mixed tight moves from violated
// and satisfied rows, breakthrough moves and Boolean flips, gathered into one
// candidate list and ranked by Scorer (scoring.h), with the binary flips scored from
// the FlipCache (flip_cache.h) when it is valid. Lift moves live in LiftCache
// (lift_cache.h), transfers and swaps in PairMoves (pair_moves.h).
//
// Tight values are computed from the row (never from a clamped box), so a
// variable with infinite bounds still gets finite moves; candidates whose value
// exceeds ls_value_limit are dropped, and so are moves of frozen variables (FrozenVars).
//
// Generation is bounded by the BMS sample sizes, and scoring a candidate costs
// O(column length). The candidate buffer is reused, so the move loop does not
// allocate once the buffer reached its high-water mark.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "options/choices.h"
#include "options/options.h"
#include "search/flip_cache.h"
#include "search/frozen_vars.h"
#include "search/move_kind.h"
#include "search/scoring.h"
#include "search/search_model.h"
#include "search/search_state.h"
#include "util/rng.h"

namespace lsmip::search {

class MoveGenerator {
 public:
  // Holds references to all of its arguments; `flip` is rebuilt by select() when stale.
  MoveGenerator(const SearchModel& sm, SearchState& state, const Scorer& scorer, FlipCache& flip,
                const FrozenVars& frozen, const Options& options, Rng& rng);
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
  // Tight moves of one uniformly drawn violated row (none when there is none): sampled as in
  // add_row_tight_sampled, or every entry (add_row_tight) when max_entries < 0.
  void add_random_row(std::int64_t max_entries, MoveKind kind);
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

  // True when a step of var from its value to `value` passes the frozen, value-limit and
  // (as set by begin()) tabu filters.
  bool step_allowed(Index var, double value) const {
    const double cur = st_.x[var];
    if (frozen_.frozen(var) || !(std::fabs(value) <= value_limit_) || value == cur) return false;
    return !respect_tabu_ || st_.tabu_allows(var, value);
  }

 private:
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
  const Scorer& scorer_;
  FlipCache& flip_;
  const FrozenVars& frozen_;
  Rng& rng_;
  LsTieObjective tie_objective_;
  double value_limit_;

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
  std::vector<SampledEntry> sampled_;  // entries drawn by add_rows_sampled, in draw order
  std::vector<Index> picked_rows_;     // rows sampled for the current candidate list
};

}  // namespace lsmip::search

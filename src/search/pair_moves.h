// Pair moves: two variables change together where no single move helps.
//  * Transfers (infeasible point): a violated row's tight move would break a satisfied
//    equality with coefficients of one magnitude (SearchModel::row_unit_eq); a partner in that
//    equality takes the opposite step, so it stays satisfied. Scored jointly (pair_score).
//  * Swaps (feasible point without an improving lift): an integer objective variable's unit
//    step in its improving direction breaks a few rows, and a partner's tight move repairs
//    the shortest of them and every other, lowering the objective.
// Both skip frozen variables and obey the tabu and value filters of the MoveGenerator's
// current candidate list (MoveGenerator::begin()).
#pragma once

#include <cstdint>
#include <vector>

#include "options/options.h"
#include "search/frozen_vars.h"
#include "search/move_kind.h"
#include "search/moves.h"
#include "search/scoring.h"
#include "search/search_model.h"
#include "search/search_state.h"
#include "util/rng.h"

namespace lsmip::search {

class PairMoves {
 public:
  PairMoves(const SearchModel& sm, SearchState& state, const Scorer& scorer, const MoveGenerator& gen,
            const FrozenVars& frozen, const Options& options, Rng& rng);

  // Joint score of x_j += dj and x_k += dk (rows shared by both judged on the summed
  // change). Cost O(column lengths of j and k).
  Score pair_score(Index j, double dj, Index k, double dk);

  // Transfers for local optima where no single move helps: for up to `num_rows` sampled
  // violated rows and a few sampled entries each, the entry's tight move would break a
  // satisfied equality with coefficients of one magnitude (SearchModel::row_unit_eq); up
  // to `partners` sampled variables of that equality take the opposite step so that it
  // stays satisfied. Scores at most `max_pairs` pairs jointly (tabu as set by
  // MoveGenerator::begin()) and returns the best with positive progress; false if none.
  bool best_transfer(std::int64_t num_rows, std::int64_t partners, std::int64_t max_pairs,
                     PairMove* best, Score* best_score);

  // Swaps for a feasible point without an improving lift: up to `num_vars` sampled integer
  // objective variables take one unit step in their improving direction; when that breaks
  // at most a few rows, up to `partners` entries of the shortest broken row are tried as the
  // partner, whose tight move repairs that row. A pair counts when it leaves every row
  // satisfied (judged on the double activities; incumbents are re-verified anyway) and
  // lowers the objective. Returns the pair with the largest decrease; false if none.
  bool best_swap(std::int64_t num_vars, std::int64_t partners, PairMove* best);

 private:
  template <bool kRobust, bool kSides>
  Score pair_score_impl(Index j, double dj, Index k, double dk);
  // Starts a new pair_delta_ generation (clears the stamps when the counter wraps).
  void next_pair_gen();

  const SearchModel& sm_;
  SearchState& st_;
  const Scorer& scorer_;
  const MoveGenerator& gen_;
  const FrozenVars& frozen_;
  Rng& rng_;
  double value_limit_;
  std::vector<double> pair_delta_;         // activity change per row ...
  std::vector<std::uint32_t> pair_stamp_;  // ... valid where the stamp is pair_gen_
  std::uint32_t pair_gen_ = 0;
  std::vector<Index> swap_vars_;  // best_swap: objective variables with an improving step
};

}  // namespace lsmip::search

// The state of one search worker together with the move machinery over it, built in
// dependency order: FrozenVars and Scorer read the state, FlipCache and LiftCache follow
// it, MoveGenerator generates and selects single moves (scored by Scorer, flips from the
// FlipCache), PairMoves builds transfers and swaps on the generator's filters. Every part
// holds references into this bundle, so it is neither copied nor moved.
#pragma once

#include <utility>

#include "options/options.h"
#include "search/flip_cache.h"
#include "search/frozen_vars.h"
#include "search/lift_cache.h"
#include "search/moves.h"
#include "search/pair_moves.h"
#include "search/scoring.h"
#include "search/search_model.h"
#include "search/search_state.h"
#include "util/rng.h"

namespace lsmip::search {

struct MoveContext {
  // Takes over `initial` (a fresh SearchState(sm) or a copy of another worker's state);
  // every part draws its random numbers from `rng`.
  MoveContext(const SearchModel& sm, SearchState initial, const Options& options, Rng& rng)
      : state(std::move(initial)),
        frozen(sm),
        scorer(sm, state, options),
        flip(sm, state, scorer),
        lift(sm, state, frozen, options.ls_value_limit),
        gen(sm, state, scorer, flip, frozen, options, rng),
        pairs(sm, state, scorer, gen, frozen, options, rng) {}
  MoveContext(const MoveContext&) = delete;
  MoveContext& operator=(const MoveContext&) = delete;

  SearchState state;
  FrozenVars frozen;
  Scorer scorer;
  FlipCache flip;
  LiftCache lift;
  MoveGenerator gen;
  PairMoves pairs;
};

}  // namespace lsmip::search

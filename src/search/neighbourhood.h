// The neighbourhood of a neighbourhood epoch (ls_lns): a connected set of movable variables
// grown breadth-first over the rows from a random seed, so that the variables left free
// share constraints and can move together while the rest is frozen (FrozenVars).
#pragma once

#include <cstdint>
#include <vector>

#include "search/search_model.h"
#include "util/rng.h"

namespace lsmip::search {

class Neighbourhood {
 public:
  explicit Neighbourhood(const SearchModel& sm);

  // Replaces vars() by a new neighbourhood of round(fraction · movable variables) of them
  // (at least one, when there is any): from a random movable seed (an objective variable
  // when seed_from_objective), the columns of the rows reached so far are taken, each row
  // from a random entry on; an exhausted component gets a new seed. Returns the work spent,
  // O(columns taken + row entries read).
  double grow(Rng& rng, double fraction, bool seed_from_objective);
  // The variables of the last neighbourhood grown (empty before the first).
  const std::vector<Index>& vars() const { return free_; }

 private:
  const SearchModel& sm_;
  std::vector<Index> free_;     // the neighbourhood
  std::vector<Index> rows_;     // breadth-first queue of rows
  std::vector<std::uint32_t> var_mark_, row_mark_;
  std::uint32_t gen_ = 0;       // mark generation of the current neighbourhood
};

}  // namespace lsmip::search

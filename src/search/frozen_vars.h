// The frozen variables of a neighbourhood epoch (ls_lns): every variable outside the
// epoch's neighbourhood keeps its value, so the search explores the neighbourhood of the
// point it restarted from. Every move source (tight, breakthrough, flip, transfer, swap and
// lift moves) skips a frozen variable; this type only holds the flags.
#pragma once

#include <cstdint>
#include <vector>

#include "search/search_model.h"

namespace lsmip::search {

class FrozenVars {
 public:
  explicit FrozenVars(const SearchModel& sm);

  // Freezes every variable except `free_vars`. Returns the work spent, O(n).
  double freeze_except(const std::vector<Index>& free_vars);
  // Unfreezes every variable. Returns the work spent: O(n) when some were frozen, else 0.
  double unfreeze();
  // True while a neighbourhood is frozen.
  bool any() const { return any_; }
  // True when variable j is frozen; reads the flags only while some variable is.
  bool frozen(Index j) const { return any_ && flags_[static_cast<std::size_t>(j)] != 0; }
  // The objective variables a breakthrough move may change: the free ones while a
  // neighbourhood is frozen (sorted), else all of SearchModel::obj_vars.
  const std::vector<Index>& objective_pool() const { return any_ ? free_obj_ : sm_.obj_vars; }

 private:
  const SearchModel& sm_;
  std::vector<std::uint8_t> flags_;  // 1 = frozen for the current neighbourhood epoch
  std::vector<Index> free_obj_;      // objective variables not frozen (breakthrough pool)
  bool any_ = false;
};

}  // namespace lsmip::search

#include "search/frozen_vars.h"

#include <algorithm>

namespace lsmip::search {

FrozenVars::FrozenVars(const SearchModel& sm) : sm_(sm) { flags_.assign(sm.num_vars, 0); }

double FrozenVars::freeze_except(const std::vector<Index>& free_vars) {
  std::fill(flags_.begin(), flags_.end(), std::uint8_t{1});
  free_obj_.clear();
  for (Index j : free_vars) {
    flags_[j] = 0;
    if (sm_.cost[j] != 0.0 && !sm_.is_fixed[j]) free_obj_.push_back(j);
  }
  std::sort(free_obj_.begin(), free_obj_.end());
  any_ = true;
  return static_cast<double>(sm_.num_vars);
}

double FrozenVars::unfreeze() {
  if (!any_) return 0.0;
  std::fill(flags_.begin(), flags_.end(), std::uint8_t{0});
  free_obj_.clear();
  any_ = false;
  return static_cast<double>(sm_.num_vars);
}

}  // namespace lsmip::search

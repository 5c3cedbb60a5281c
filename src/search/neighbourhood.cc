#include "search/neighbourhood.h"

#include <algorithm>
#include <cmath>

namespace lsmip::search {

Neighbourhood::Neighbourhood(const SearchModel& sm) : sm_(sm) {}

double Neighbourhood::grow(Rng& rng, double fraction, bool seed_from_objective) {
  const std::size_t nmov = sm_.movable_vars.size();
  free_.clear();
  if (nmov == 0) return 0.0;
  const std::size_t target = std::clamp<std::size_t>(
      static_cast<std::size_t>(std::llround(fraction * static_cast<double>(nmov))), 1, nmov);
  if (var_mark_.empty()) {
    var_mark_.assign(static_cast<std::size_t>(sm_.num_vars), 0);
    row_mark_.assign(static_cast<std::size_t>(sm_.num_rows), 0);
  }
  if (++gen_ == 0) {
    std::fill(var_mark_.begin(), var_mark_.end(), 0);
    std::fill(row_mark_.begin(), row_mark_.end(), 0);
    gen_ = 1;
  }
  rows_.clear();
  double work = 0.0;
  auto take = [&](Index j) {
    var_mark_[j] = gen_;
    free_.push_back(j);
    for (NzIndex p = sm_.col_start[j]; p < sm_.col_start[j + 1]; ++p) {
      const Index i = sm_.col_row[p];
      if (row_mark_[i] == gen_) continue;
      row_mark_[i] = gen_;
      rows_.push_back(i);
    }
    work += static_cast<double>(sm_.col_length(j)) + 1.0;
  };
  std::size_t head = 0;
  while (free_.size() < target) {
    if (head == rows_.size()) {  // a new seed: the first, or the component is exhausted
      Index j = sm_.movable_vars[rng.below(static_cast<std::uint32_t>(nmov))];
      if (free_.empty() && seed_from_objective && !sm_.obj_vars.empty()) {
        const Index k = sm_.obj_vars[rng.below(static_cast<std::uint32_t>(sm_.obj_vars.size()))];
        if (!sm_.is_fixed[k]) j = k;
      }
      work += 1.0;
      if (var_mark_[j] != gen_) take(j);
      continue;
    }
    const Index i = rows_[head++];
    const NzIndex begin = sm_.row_start[i];
    const NzIndex len = sm_.row_length(i);
    if (len == 0) continue;
    // From a random entry on, so a long row does not always give the same columns.
    const NzIndex off = static_cast<NzIndex>(rng.below(static_cast<std::uint32_t>(len)));
    for (NzIndex t = 0; t < len && free_.size() < target; ++t) {
      const Index j = sm_.row_col[begin + (off + t) % len];
      work += 1.0;
      if (var_mark_[j] == gen_ || sm_.is_fixed[j]) continue;
      take(j);
    }
  }
  return work;
}

}  // namespace lsmip::search

#include "search/restart_policy.h"

#include <limits>

#include "options/choices.h"

namespace lsmip::search {

std::uint64_t luby(std::uint64_t k) {
  for (;;) {
    std::uint64_t size = 1;  // 2^m - 1 >= k
    int m = 1;
    while (size < k) {
      size = 2 * size + 1;
      ++m;
    }
    if (size == k) return std::uint64_t{1} << (m - 1);
    k -= size / 2;  // the sequence repeats its first half
  }
}

RestartPolicy::RestartPolicy(const Options& options)
    : restart_steps_(static_cast<std::uint64_t>(options.ls_restart_steps)),
      restart_steps_search_(static_cast<std::uint64_t>(options.ls_restart_steps_search)),
      lns_steps_(static_cast<std::uint64_t>(options.ls_lns_steps)),
      luby_(options.ls_restart_luby),
      lns_(options.ls_lns),
      lns_full_every_(options.ls_lns_full_every),
      seed_(choice<LsLnsSeed>(options)) {}

std::uint64_t RestartPolicy::limit(bool found, bool in_neighbourhood) const {
  if (in_neighbourhood) return lns_steps_;
  const std::uint64_t base = found ? restart_steps_ : restart_steps_search_;
  if (!luby_) return base;
  const std::uint64_t f = luby(restarts_ + 1);
  return base > std::numeric_limits<std::uint64_t>::max() / f ? std::numeric_limits<std::uint64_t>::max()
                                                             : base * f;
}

RestartPolicy::Epoch RestartPolicy::next_epoch(bool found) {
  ++restarts_;
  Epoch epoch;
  const bool stay_full = full_epoch_ && epoch_improved_;
  full_epoch_ = false;
  epoch_improved_ = false;
  if (!found || !lns_) return epoch;
  ++lns_epochs_;
  full_epoch_ = stay_full ||
                (lns_full_every_ > 0 && lns_since_full_ + 1 >= static_cast<std::uint64_t>(lns_full_every_));
  lns_since_full_ = full_epoch_ ? 0 : lns_since_full_ + 1;
  if (full_epoch_) return epoch;
  epoch.neighbourhood = true;
  epoch.seed_from_objective = seed_ == LsLnsSeed::kObjective || (seed_ == LsLnsSeed::kMixed && lns_epochs_ % 2 == 0);
  ++frozen_epochs_;
  return epoch;
}

}  // namespace lsmip::search

// The restart policy of the local search: how many steps without improvement end an epoch
// (ls_restart_steps / ls_restart_steps_search, scaled by the Luby sequence under
// ls_restart_luby, ls_lns_steps in a neighbourhood epoch), and whether the epoch a restart
// starts is a full one (every variable free) or a neighbourhood epoch (ls_lns: all but a
// neighbourhood frozen, see Neighbourhood and FrozenVars). Counts only; never reads the
// point, the clock or random numbers.
#pragma once

#include <cstdint>

#include "options/choices.h"
#include "options/options.h"

namespace lsmip::search {

// The k-th term (k >= 1) of the Luby sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ..., which scales
// the restart interval under ls_restart_luby. Cost O(log^2 k).
std::uint64_t luby(std::uint64_t k);

class RestartPolicy {
 public:
  explicit RestartPolicy(const Options& options);

  // Steps without improvement before the next restart: ls_lns_steps while `in_neighbourhood`
  // (the current epoch froze a neighbourhood), else ls_restart_steps once an incumbent exists
  // (`found`; ls_restart_steps_search before), times the Luby term of the restart count with
  // ls_restart_luby (saturating).
  std::uint64_t limit(bool found, bool in_neighbourhood) const;

  // What the epoch started by a restart is.
  struct Epoch {
    bool neighbourhood = false;        // freeze all but a neighbourhood
    bool seed_from_objective = false;  // grow it from an objective variable (ls_lns_seed)
  };
  // Counts a restart and chooses its epoch. Without an incumbent (`found` false) or without
  // ls_lns every epoch is full. Otherwise a full epoch that improved the incumbent is followed
  // by another, and else every ls_lns_full_every-th epoch is full.
  Epoch next_epoch(bool found);
  // The incumbent improved during the current epoch.
  void note_improvement() { epoch_improved_ = true; }

  std::uint64_t restarts() const { return restarts_; }
  // Restarts that started a neighbourhood epoch.
  std::uint64_t neighbourhood_epochs() const { return frozen_epochs_; }

 private:
  std::uint64_t restart_steps_;
  std::uint64_t restart_steps_search_;
  std::uint64_t lns_steps_;
  bool luby_;
  bool lns_;
  std::int64_t lns_full_every_;
  LsLnsSeed seed_;

  std::uint64_t restarts_ = 0;
  std::uint64_t lns_epochs_ = 0;
  std::uint64_t frozen_epochs_ = 0;   // epochs that froze a neighbourhood
  std::uint64_t lns_since_full_ = 0;  // neighbourhood epochs since the last full one
  bool full_epoch_ = false;           // the current epoch leaves every variable free
  bool epoch_improved_ = false;       // the incumbent improved since the last restart
};

}  // namespace lsmip::search

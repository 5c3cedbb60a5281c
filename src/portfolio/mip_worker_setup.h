// What the two CBC-based workers (exact_worker.h, lns_worker.h) are given by the solver.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "model/model.h"
#include "options/options.h"
#include "portfolio/dual_bound.h"
#include "portfolio/verifier.h"

namespace lsmip::portfolio {

struct MipWorkerSetup {
  int index = 0;
  std::string name;                    // "exact", "lns"
  Options options;
  const Model* reduced = nullptr;      // the presolved model
  const Verifier* verifier = nullptr;
  DualBound* bound = nullptr;          // shared: bound and LP point, written in publish()
  std::function<bool()> should_stop;   // thread-safe
  std::function<double()> seconds_left;  // until the run's time limit (optional; thread-safe)
  // Seconds on the run's clock (optional; thread-safe): stamps each solution when CBC finds
  // it, since the pool sees it only after the task (PoolEntry::found). Never read by a decision.
  std::function<double()> clock;
  // Tests only: alters each point CBC returns before it is verified (a tampered result
  // must be rejected).
  std::function<void(std::vector<double>&)> tamper;
};

}  // namespace lsmip::portfolio

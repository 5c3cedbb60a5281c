// The configurations of the portfolio's local-search workers. Worker 0 runs
// the options as given (so one thread is today's search); worker k > 0 gets its
// own seed and, under portfolio_configs mixed, one of a fixed cycle of
// variations that change how the search moves (equality handling,
// neighbourhood size, restarts, weights, sample sizes), so that the workers
// explore differently (as ParaILP's do). Options the user set explicitly are
// varied all the same; the cycle is documented in docs/portfolio.md.
#pragma once

#include <string>
#include <vector>

#include "options/options.h"

namespace lsmip::portfolio {

struct WorkerConfig {
  Options options;
  std::string description;  // the changed options as --name=value words ("" for worker 0)
};

// Configurations of workers first..first+n-1 of the cycle, derived from `base`
// (`first` > 0: the workers of a later MPI rank). Deterministic in base, n and first.
std::vector<WorkerConfig> worker_configs(const Options& base, int n, int first = 0);

}  // namespace lsmip::portfolio

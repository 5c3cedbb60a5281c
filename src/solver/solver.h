// The solve pipeline as a library: presolve, a portfolio of workers over a
// shared pool of verified solutions, postsolve, and a final independent check.
//
//   solver::Solver s(model, options, log);
//   s.set_initial_solution(x);                   // optional warm start
//   solver::SolveResult r = s.solve(control);    // control: clock and stop token
//
// The library never reads the clock or installs signal handlers itself: the
// caller passes a clock (seconds since the run started; it decides the time
// limit and the times in the log) and a stop token (a signal, an API
// interrupt), both callable from any thread. Every solution any worker finds is
// checked on the original model before the pool takes it, and the best is
// checked once more before solve() returns it.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "model/model.h"
#include "options/options.h"
#include "solver/solve_result.h"
#include "util/logger.h"

namespace lsmip::portfolio {
class RankLink;
}

namespace lsmip::solver {

// Progress of a run, summed over the workers (as last reported by each).
struct ProgressInfo {
  double seconds = 0;
  double work = 0;
  std::uint64_t moves = 0;
  bool has_solution = false;
  double objective = 0;  // best so far, model's sense (when has_solution)
};

struct SolveControl {
  std::function<double()> clock;      // seconds since the start of the run; thread-safe
  std::function<bool()> interrupted;  // true = stop as soon as possible; thread-safe; optional
  // Optional observers, called one at a time from the solver's threads (never concurrently):
  // each new best solution in order (with its original-space values), and progress every
  // ~1e6 work units of some worker. They must not call back into the solver.
  std::function<void(const TracePoint&, const std::vector<double>& x)> on_incumbent;
  std::function<void(const ProgressInfo&)> on_progress;
  // Optional: called once with the final result as soon as it is known, before the workers
  // are torn down (ending CBC's search on a large model can take a few tenths of a second),
  // so that the caller can write it out at once.
  std::function<void(const SolveResult&)> on_result;
  // Optional: the other ranks of an MPI launch, each running the same solve. This rank's
  // workers take the configurations after those of the lower ranks, and, under the option
  // rank_exchange, the ranks share solutions and bounds in rounds (portfolio/rank_exchange.h)
  // and end together. The link must outlive solve().
  portfolio::RankLink* ranks = nullptr;
};

class Solver {
 public:
  // `model` must outlive the solver.
  Solver(const Model& model, const Options& options, Logger& log);

  // Warm start in the model's space, one value per column, NaN = unspecified. A full
  // feasible one is the first incumbent; otherwise the search starts from it.
  void set_initial_solution(std::vector<double> x);
  // Runs the pipeline until a limit, the stop token, a goal or a proof.
  SolveResult solve(const SolveControl& control);

 private:
  const Model& model_;
  Options opt_;
  Logger& log_;
  std::vector<double> initial_;
};

// Threads a run uses for `threads` (0 = one per core, at least 1).
int resolve_threads(std::int64_t threads);

}  // namespace lsmip::solver

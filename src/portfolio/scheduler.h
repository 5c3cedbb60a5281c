// The work scheduler of one thread of the portfolio (a lane): the workers that share the
// thread take turns, each getting work in proportion to a weight that follows its recent
// reward, as a bandit (in the spirit of SCIP's ALNS and CP-SAT's LNS scheduling).
//
// Every worker has a base weight; its current weight is base * (0.25 + reward), where reward
// is an exponential average (factor 0.8) of 1 for a task that improved the pool's best and
// 0 otherwise, starting at 0.5. The next task goes to the live worker with the least work
// spent per unit of current weight (ties: the lower position). Only work counts, never time,
// so the schedule of a run with --deterministic on is the same every time.
#pragma once

#include <cstddef>
#include <vector>

namespace lsmip::portfolio {

class LaneScheduler {
 public:
  // Adds a worker (its index in the portfolio) with a base weight > 0.
  void add(std::size_t worker, double base_weight);
  // The next worker to run, or npos when none is live.
  std::size_t pick() const;
  // A task of `worker` ended: it spent `work` units and did or did not improve the best.
  void report(std::size_t worker, double work, bool improved);
  // The worker has nothing more to do.
  void retire(std::size_t worker);
  bool any_live() const;
  const std::vector<std::size_t>& workers() const { return order_; }
  static constexpr std::size_t npos = static_cast<std::size_t>(-1);

  // Figures for the log and the tests.
  double work_of(std::size_t worker) const;
  double weight_of(std::size_t worker) const;

 private:
  struct Entry {
    double base = 1, reward = 0.5, work = 0;
    bool live = true;
  };
  std::size_t slot(std::size_t worker) const;
  std::vector<std::size_t> order_;
  std::vector<Entry> entries_;
};

}  // namespace lsmip::portfolio

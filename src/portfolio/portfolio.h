// Runs a set of workers over a shared SolutionPool.
//
// Deterministic mode (CP-SAT's interleaved loop): all live workers run one task
// of `batch_work` work units each, concurrently (one thread per worker), and
// join at a barrier; then, on one thread and in worker order, every worker
// publishes what it found and then every worker absorbs the pool. Nothing a
// worker decides depends on when another thread ran, so with a work limit the
// result depends only on the workers and their order.
//
// Opportunistic mode: each worker runs on its own thread, task after task,
// publishing and absorbing after each task, without waiting for the others.
//
// Lanes: each thread runs a lane, a list of workers that take turns on it under a
// LaneScheduler (work in proportion to a weight that follows the worker's recent reward).
// By default every worker has a lane of its own; the solver puts the exact and sub-MIP
// workers on one lane, and with one thread everything shares the calling thread.
// With one lane both modes run it on the calling thread, task after task.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <vector>

#include "portfolio/dual_bound.h"
#include "portfolio/scheduler.h"
#include "portfolio/solution_pool.h"
#include "portfolio/worker.h"

namespace lsmip::portfolio {

struct PortfolioSettings {
  bool deterministic = false;
  double batch_work = 2e6;  // work units of one task
  // Worker indices of each lane (empty: one lane per worker); every worker in exactly one.
  std::vector<std::vector<std::size_t>> lanes;
  // Base weight of each worker in its lane's schedule (empty: all 1).
  std::vector<double> weights;
  // Per worker (empty or missing: plain): its role in its lane's schedule (LaneScheduler).
  std::vector<LaneScheduler::Role> roles;
  // The lanes' schedulers share a thread by the wall-clock seconds of the tasks instead of
  // their work units. Work units of different workers measure different things (the local
  // search counts nonzeros touched, a MIP solver simplex iterations, which leave out its cut
  // generation and heuristics), so only time gives each worker its share of the core. Never
  // in the deterministic mode, and not when a work limit asks for a reproducible result.
  bool timed_shares = false;
  // The run's dual bound (optional): a task that raises it without a better solution earns
  // the share of the MIP gap it closed as its reward.
  const DualBound* bound = nullptr;
  // Deterministic mode only (optional): called after every batch with the number of
  // batches run so far, on one thread, after the workers published and before they absorb
  // the pool (the ranks' rounds of sharing, see RankExchange).
  std::function<void(std::uint64_t batches)> sync;
};

class Portfolio {
 public:
  // `stop` is polled between tasks (the workers poll their own stop tokens inside tasks).
  Portfolio(std::vector<std::unique_ptr<Worker>> workers, SolutionPool& pool,
            PortfolioSettings settings, std::function<bool()> stop);

  // Runs until every worker is done or stop() is true.
  void run();
  const std::vector<std::unique_ptr<Worker>>& workers() const { return workers_; }
  // Wall-clock seconds each worker spent in its tasks (for the log; never read by a decision).
  // After run().
  const std::vector<double>& task_seconds() const { return seconds_; }
  // Number of barrier-joined batches run (deterministic mode).
  std::uint64_t batches() const { return batches_; }
  // True when a worker ran out of memory (std::bad_alloc); the run then ended.
  bool out_of_memory() const { return out_of_memory_.load(); }

 private:
  void run_inline();
  void run_deterministic();
  void run_opportunistic();
  // Runs one task of lane `l`'s next worker, with publication and absorption done by the
  // caller; returns the worker run, or npos when the lane has no live worker.
  std::size_t lane_task(std::size_t l);
  // After worker i published: tells lane l's scheduler what its task cost and whether the
  // pool's best made a gain (SolutionPool::gains) or the MIP gap closed (`started`: the task's
  // start, in seconds).
  void report(std::size_t l, std::size_t i, double work_before, std::uint64_t gains_before, double started,
              double gap_before);
  // The MIP gap of the pool's best against the bound (1 without a bound, inf without a best).
  double gap() const;

  std::vector<std::unique_ptr<Worker>> workers_;
  SolutionPool& pool_;
  std::function<bool(std::size_t)> waiting_;  // Worker::waiting of worker i
  std::function<bool(std::size_t)> urgent_;   // Worker::urgent of worker i
  PortfolioSettings settings_;
  std::function<bool()> stop_;
  // One task of worker i; a std::bad_alloc ends the worker and the run.
  bool task(std::size_t i);

  std::vector<LaneScheduler> lanes_;
  std::vector<std::size_t> lane_of_;
  std::vector<char> live_;
  std::vector<double> seconds_;  // per worker; written only by the thread of its lane
  std::uint64_t batches_ = 0;
  std::atomic<bool> out_of_memory_{false};
};

}  // namespace lsmip::portfolio

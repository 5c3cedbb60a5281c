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
// With one worker both modes run it on the calling thread, task after task.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <vector>

#include "portfolio/solution_pool.h"
#include "portfolio/worker.h"

namespace lsmip::portfolio {

struct PortfolioSettings {
  bool deterministic = false;
  double batch_work = 2e6;  // work units of one task
};

class Portfolio {
 public:
  // `stop` is polled between tasks (the workers poll their own stop tokens inside tasks).
  Portfolio(std::vector<std::unique_ptr<Worker>> workers, SolutionPool& pool,
            PortfolioSettings settings, std::function<bool()> stop);

  // Runs until every worker is done or stop() is true.
  void run();
  const std::vector<std::unique_ptr<Worker>>& workers() const { return workers_; }
  // Number of barrier-joined batches run (deterministic mode).
  std::uint64_t batches() const { return batches_; }
  // True when a worker ran out of memory (std::bad_alloc); the run then ended.
  bool out_of_memory() const { return out_of_memory_.load(); }

 private:
  void run_inline();
  void run_deterministic();
  void run_opportunistic();

  std::vector<std::unique_ptr<Worker>> workers_;
  SolutionPool& pool_;
  PortfolioSettings settings_;
  std::function<bool()> stop_;
  // One task of worker i; a std::bad_alloc ends the worker and the run.
  bool task(std::size_t i);

  std::uint64_t batches_ = 0;
  std::atomic<bool> out_of_memory_{false};
};

}  // namespace lsmip::portfolio

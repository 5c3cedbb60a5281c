#include "portfolio/portfolio.h"

#include <atomic>
#include <barrier>
#include <new>
#include <thread>

namespace lsmip::portfolio {

Portfolio::Portfolio(std::vector<std::unique_ptr<Worker>> workers, SolutionPool& pool,
                     PortfolioSettings settings, std::function<bool()> stop)
    : workers_(std::move(workers)), pool_(pool), settings_(settings), stop_(std::move(stop)) {}

void Portfolio::run() {
  if (workers_.empty()) return;
  if (workers_.size() == 1) {
    run_inline();
  } else if (settings_.deterministic) {
    run_deterministic();
  } else {
    run_opportunistic();
  }
}

bool Portfolio::task(std::size_t i) {
  try {
    return workers_[i]->run_task(settings_.batch_work);
  } catch (const std::bad_alloc&) {
    out_of_memory_.store(true);
    return false;
  }
}

void Portfolio::run_inline() {
  Worker& w = *workers_[0];
  for (;;) {
    const bool more = task(0);
    w.publish(pool_);
    ++batches_;
    if (!more || out_of_memory_.load() || (stop_ && stop_())) return;
    w.absorb(pool_);
  }
}

void Portfolio::run_deterministic() {
  const std::size_t n = workers_.size();
  // live[i] is written by thread i during a batch and read by the completion step, which the
  // barrier orders after every thread's writes.
  std::vector<char> live(n, 1);
  bool finished = false;  // written by the completion step only, read after the barrier
  auto completion = [&]() noexcept {
    ++batches_;
    for (std::size_t i = 0; i < n; ++i) workers_[i]->publish(pool_);
    bool any = false;
    for (std::size_t i = 0; i < n; ++i) {
      if (live[i]) {
        workers_[i]->absorb(pool_);
        any = true;
      }
    }
    if (!any || out_of_memory_.load() || (stop_ && stop_())) finished = true;
  };
  std::barrier sync(static_cast<std::ptrdiff_t>(n), completion);
  auto body = [&](std::size_t i) {
    while (!finished) {
      if (live[i]) live[i] = task(i) ? 1 : 0;
      sync.arrive_and_wait();
    }
  };
  std::vector<std::thread> threads;
  threads.reserve(n - 1);
  for (std::size_t i = 1; i < n; ++i) threads.emplace_back(body, i);
  body(0);
  for (std::thread& t : threads) t.join();
}

void Portfolio::run_opportunistic() {
  const std::size_t n = workers_.size();
  std::atomic<bool> stopping{false};
  auto body = [&](std::size_t i) {
    Worker& w = *workers_[i];
    for (;;) {
      const bool more = task(i);
      w.publish(pool_);
      if (!more || stopping.load(std::memory_order_relaxed)) return;
      if (out_of_memory_.load() || (stop_ && stop_())) {
        stopping.store(true, std::memory_order_relaxed);
        return;
      }
      w.absorb(pool_);
    }
  };
  std::vector<std::thread> threads;
  threads.reserve(n - 1);
  for (std::size_t i = 1; i < n; ++i) threads.emplace_back(body, i);
  body(0);
  for (std::thread& t : threads) t.join();
  batches_ = 0;
}

}  // namespace lsmip::portfolio

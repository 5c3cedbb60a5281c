#include "portfolio/portfolio.h"

#include <atomic>
#include <barrier>
#include <chrono>
#include <cmath>
#include <new>
#include <thread>

namespace lsmip::portfolio {
namespace {
double seconds_now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}
}  // namespace

Portfolio::Portfolio(std::vector<std::unique_ptr<Worker>> workers, SolutionPool& pool,
                     PortfolioSettings settings, std::function<bool()> stop)
    : workers_(std::move(workers)), pool_(pool), settings_(std::move(settings)), stop_(std::move(stop)) {
  const std::size_t n = workers_.size();
  if (settings_.lanes.empty()) {
    for (std::size_t i = 0; i < n; ++i) settings_.lanes.push_back({i});
  }
  waiting_ = [this](std::size_t i) { return workers_[i]->waiting(); };
  urgent_ = [this](std::size_t i) { return workers_[i]->urgent(); };
  lane_of_.assign(n, 0);
  live_.assign(n, 1);
  seconds_.assign(n, 0.0);
  for (std::size_t l = 0; l < settings_.lanes.size(); ++l) {
    LaneScheduler s;
    for (std::size_t i : settings_.lanes[l]) {
      s.add(i, i < settings_.weights.size() ? settings_.weights[i] : 1.0,
            i < settings_.roles.size() ? settings_.roles[i] : LaneScheduler::Role::kPlain);
      lane_of_[i] = l;
    }
    lanes_.push_back(std::move(s));
  }
}

void Portfolio::run() {
  // A stop that came while the workers were built (a search model of a large model takes a
  // while): no task is started.
  if (workers_.empty() || (stop_ && stop_())) return;
  if (lanes_.size() == 1) {
    run_inline();
  } else if (settings_.deterministic) {
    run_deterministic();
  } else {
    run_opportunistic();
  }
}

bool Portfolio::task(std::size_t i) {
  const double started = seconds_now();
  bool more = false;
  try {
    more = workers_[i]->run_task(settings_.batch_work);
  } catch (const std::bad_alloc&) {
    out_of_memory_.store(true);
  }
  seconds_[i] += seconds_now() - started;
  return more;
}

std::size_t Portfolio::lane_task(std::size_t l) {
  const std::size_t i = lanes_[l].pick(waiting_, urgent_);
  if (i == LaneScheduler::npos) return i;
  if (!task(i)) {
    live_[i] = 0;
    lanes_[l].retire(i);
  }
  return i;
}

double Portfolio::gap() const {
  if (settings_.bound == nullptr) return 1.0;
  return mip_gap(pool_.best_min_objective(), settings_.bound->value());
}

void Portfolio::report(std::size_t l, std::size_t i, double work_before, std::uint64_t gains_before,
                       double started, double gap_before) {
  double reward = pool_.gains() != gains_before ? 1.0 : 0.0;
  const double gap_now = gap();
  if (reward == 0 && gap_before > 0 && std::isfinite(gap_before)) reward = (gap_before - gap_now) / gap_before;
  lanes_[l].set_gap(gap_now);
  lanes_[l].set_share(i, workers_[i]->share());
  if (settings_.bound != nullptr) lanes_[l].set_prover_in_tree(settings_.bound->in_tree());
  if (settings_.timed_shares && !settings_.deterministic) {
    // Seconds, in the scale of work units so that the schedulers' figures stay readable.
    lanes_[l].report(i, (seconds_now() - started) * 1e8, reward);
    return;
  }
  const double spent = workers_[i]->stats().work - work_before;
  // A task that reports no work (a worker that counts none) still costs one batch.
  lanes_[l].report(i, spent > 0 ? spent : settings_.batch_work, reward);
}

void Portfolio::run_inline() {
  for (;;) {
    const std::size_t i = lanes_[0].pick(waiting_, urgent_);
    if (i == LaneScheduler::npos) return;
    const double before = workers_[i]->stats().work;
    const std::uint64_t gains = pool_.gains();  // a live worker publishes during its task
    const double started = seconds_now(), gap_before = gap();
    if (!task(i)) {
      live_[i] = 0;
      lanes_[0].retire(i);
    }
    workers_[i]->publish(pool_);
    report(0, i, before, gains, started, gap_before);
    ++batches_;
    if (settings_.deterministic && settings_.sync) settings_.sync(batches_);
    if (!lanes_[0].any_live() || out_of_memory_.load() || (stop_ && stop_())) return;
    for (std::size_t j : settings_.lanes[0]) {
      if (live_[j]) workers_[j]->absorb(pool_);
    }
  }
}

void Portfolio::run_deterministic() {
  const std::size_t lanes = lanes_.size();
  // ran[l] and before[l] are written by lane l's thread during a batch and read by the
  // completion step, which the barrier orders after every thread's writes.
  std::vector<std::size_t> ran(lanes, LaneScheduler::npos);
  std::vector<double> before(lanes, 0.0);
  bool finished = false;  // written by the completion step only, read after the barrier
  auto completion = [&]() noexcept {
    ++batches_;
    // Publication in worker order, then absorption in worker order.
    for (std::size_t i = 0; i < workers_.size(); ++i) {
      const std::size_t l = lane_of_[i];
      const std::uint64_t gains = pool_.gains();
      const double gap_before = gap();
      workers_[i]->publish(pool_);
      if (ran[l] == i) report(l, i, before[l], gains, 0.0, gap_before);
    }
    if (settings_.sync) settings_.sync(batches_);
    bool any = false;
    for (std::size_t i = 0; i < workers_.size(); ++i) {
      if (live_[i]) {
        workers_[i]->absorb(pool_);
        any = true;
      }
    }
    if (!any || out_of_memory_.load() || (stop_ && stop_())) finished = true;
  };
  std::barrier sync(static_cast<std::ptrdiff_t>(lanes), completion);
  auto body = [&](std::size_t l) {
    while (!finished) {
      const std::size_t i = lanes_[l].pick(waiting_, urgent_);
      ran[l] = i;
      if (i != LaneScheduler::npos) {
        before[l] = workers_[i]->stats().work;
        if (!task(i)) {
          live_[i] = 0;
          lanes_[l].retire(i);
        }
      }
      sync.arrive_and_wait();
    }
  };
  std::vector<std::thread> threads;
  threads.reserve(lanes - 1);
  for (std::size_t l = 1; l < lanes; ++l) threads.emplace_back(body, l);
  body(0);
  for (std::thread& t : threads) t.join();
}

void Portfolio::run_opportunistic() {
  const std::size_t lanes = lanes_.size();
  std::atomic<bool> stopping{false};
  auto body = [&](std::size_t l) {
    for (;;) {
      const std::size_t i = lanes_[l].pick(waiting_, urgent_);
      if (i == LaneScheduler::npos) return;
      const double before = workers_[i]->stats().work;
      const std::uint64_t gains = pool_.gains();
      const double started = seconds_now(), gap_before = gap();
      if (!task(i)) {
        live_[i] = 0;
        lanes_[l].retire(i);
      }
      workers_[i]->publish(pool_);
      report(l, i, before, gains, started, gap_before);
      if (!lanes_[l].any_live() || stopping.load(std::memory_order_relaxed)) return;
      if (out_of_memory_.load() || (stop_ && stop_())) {
        stopping.store(true, std::memory_order_relaxed);
        return;
      }
      for (std::size_t j : settings_.lanes[l]) {
        if (live_[j]) workers_[j]->absorb(pool_);
      }
    }
  };
  std::vector<std::thread> threads;
  threads.reserve(lanes - 1);
  for (std::size_t l = 1; l < lanes; ++l) threads.emplace_back(body, l);
  body(0);
  for (std::thread& t : threads) t.join();
  batches_ = 0;
}

}  // namespace lsmip::portfolio

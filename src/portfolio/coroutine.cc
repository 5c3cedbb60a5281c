#include "portfolio/coroutine.h"

#include <chrono>

namespace lsmip::portfolio {

Coroutine::~Coroutine() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    cancel_ = true;
    body_turn_ = true;
  }
  cv_.notify_all();
  if (thread_.joinable()) thread_.join();
}

bool Coroutine::idle() const {
  std::lock_guard<std::mutex> lock(mu_);
  return !body_turn_;
}

bool Coroutine::resume(double budget, const std::function<bool()>& stop) {
  std::unique_lock<std::mutex> lock(mu_);
  if (finished_) return false;
  if (body_turn_) {  // an earlier resume stopped waiting: the body has not handed back yet
    if (stop && stop()) return true;
    cv_.wait(lock, [this] { return !body_turn_; });
    if (finished_) return false;
  }
  if (!thread_.joinable()) {
    thread_ = std::thread([this] {
      {
        std::unique_lock<std::mutex> l(mu_);
        wait_for_turn(l);
      }
      body_();
      std::lock_guard<std::mutex> l(mu_);
      finished_ = true;
      body_turn_ = false;
      cv_.notify_all();
    });
  }
  budget_ = budget;
  body_turn_ = true;
  cv_.notify_all();
  if (!stop) {
    cv_.wait(lock, [this] { return !body_turn_; });
  } else {
    while (!cv_.wait_for(lock, std::chrono::milliseconds(10), [this] { return !body_turn_; })) {
      if (stop()) return true;  // the body runs on; idle() says when it has handed back
    }
  }
  return !finished_;
}

bool Coroutine::finished() const {
  std::lock_guard<std::mutex> lock(mu_);
  return finished_;
}

void Coroutine::wait_for_turn(std::unique_lock<std::mutex>& lock) {
  cv_.wait(lock, [this] { return body_turn_; });
}

void Coroutine::spend(double work) {
  work_ += work;
  budget_ -= work;
  if (budget_ > 0) return;
  std::unique_lock<std::mutex> lock(mu_);
  if (cancel_) return;
  body_turn_ = false;
  cv_.notify_all();
  wait_for_turn(lock);
}

void Coroutine::yield() { spend(budget_ > 0 ? budget_ : 0); }

bool Coroutine::cancelled() const {
  std::lock_guard<std::mutex> lock(mu_);
  return cancel_;
}

}  // namespace lsmip::portfolio

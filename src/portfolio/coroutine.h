// A body of work that runs on a thread of its own but only while its owner lets it: the
// owner calls resume(budget) and waits; the body calls spend(work) as it works and, once
// the budget is spent, hands control back and waits for the next resume. So exactly one of
// owner and body runs at a time: state written by one and read by the other needs no lock
// of its own (the hand-over's mutex orders it), and a long computation (a CBC search) can
// share one core with other workers and live on from task to task.
#pragma once

#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace lsmip::portfolio {

class Coroutine {
 public:
  explicit Coroutine(std::function<void()> body) : body_(std::move(body)) {}
  // Cancels the body (cancelled() turns true, spend() no longer waits) and joins it.
  ~Coroutine();
  Coroutine(const Coroutine&) = delete;
  Coroutine& operator=(const Coroutine&) = delete;

  // Owner: runs the body until it has spent `budget` or returned. Returns false once the
  // body has returned. `stop` (optional, polled every 10 ms while the body runs) lets the
  // owner stop waiting for a body that does not hand back in time (CBC in a long heuristic
  // after a signal): the body then runs on by itself until it yields, and idle() is false.
  bool resume(double budget, const std::function<bool()>& stop = {});
  // Owner: true when the body is not running (waiting for a resume, or returned): only then
  // may the owner touch the state the body writes.
  bool idle() const;
  bool finished() const;

  // Body: counts `work`; when the budget is spent, waits for the next resume.
  void spend(double work);
  // Body: gives the rest of the current budget back at once.
  void yield();
  // Body: true once the owner is being destroyed; the body should then return soon.
  bool cancelled() const;
  // Work the body has spent in all.
  double work() const { return work_; }

 private:
  void wait_for_turn(std::unique_lock<std::mutex>& lock);
  std::function<void()> body_;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  bool body_turn_ = false, finished_ = false, cancel_ = false;
  double budget_ = 0, work_ = 0;
  std::thread thread_;
};

}  // namespace lsmip::portfolio

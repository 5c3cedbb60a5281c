#include "portfolio/jump_worker.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace lsmip::portfolio {

JumpWorker::JumpWorker(JumpWorkerSetup setup, Logger& log) : setup_(std::move(setup)), log_(log) {
  stats_.name = setup_.name;
}

void JumpWorker::end(const char* why) {
  if (!alive_) return;
  alive_ = false;
  log_.log(LogLevel::kVerbose, "%s: ends: %s (work %.3g, %llu moves)\n", setup_.name.c_str(), why,
           stats_.work, static_cast<unsigned long long>(stats_.moves));
  fj_.reset();
}

bool JumpWorker::run_task(double work) {
  if (!alive_) return false;
  if (!fj_) {
    fj_ = std::make_unique<search::FeasibilityJump>(*setup_.reduced, std::span<const double>{}, setup_.seed);
  }
  ++stats_.tasks;
  if (setup_.work_limit > 0) work = std::min(work, setup_.work_limit - stats_.work);
  const bool feasible = work > 0 && fj_->run(work);
  stats_.work = spent_before_ + fj_->work();
  stats_.moves = moves_before_ + fj_->moves();
  if (feasible) {
    std::string why;
    if (auto s = setup_.verifier->verify(fj_->point(), &why)) {
      ++stats_.found;
      pending_ = std::move(*s);
      found_at_ = setup_.clock ? setup_.clock() : -1;
      end("it found a solution");
      return false;
    }
    ++stats_.rejected;
    log_.warning("%s: a point it found failed the check (%s); ends", setup_.name.c_str(), why.c_str());
    end("its point failed the check");
    return false;
  }
  if (setup_.work_limit > 0 && stats_.work >= setup_.work_limit) {
    end("work limit");
    return false;
  }
  const double stall =
      setup_.stall_factor * static_cast<double>(std::max<NzIndex>(1, setup_.reduced->num_nonzeros()));
  if (fj_->work_since_progress() > stall) {
    log_.log(LogLevel::kVerbose,
             "%s: %zu rows still violated after %.3g work units without progress; starts afresh\n",
             setup_.name.c_str(), fj_->violated_rows(), fj_->work_since_progress());
    spent_before_ += fj_->work();
    moves_before_ += fj_->moves();
    ++stats_.restarts;
    fj_ = std::make_unique<search::FeasibilityJump>(*setup_.reduced, std::span<const double>{},
                                                    setup_.seed + stats_.restarts);
  }
  return true;
}

double JumpWorker::share() const {
  return std::ldexp(1.0, -static_cast<int>(std::min<std::uint64_t>(stats_.restarts, 4)));
}

void JumpWorker::publish(SolutionPool& pool) {
  if (!pending_) return;
  count_admission(pool.offer(std::move(*pending_), setup_.index, setup_.name, -1, found_at_), stats_);
  pending_.reset();
}

void JumpWorker::absorb(const SolutionPool& pool) {
  if (alive_ && pool.size() > 0) end("a solution exists");
}

}  // namespace lsmip::portfolio

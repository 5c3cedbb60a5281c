// The jump worker: Feasibility Jump (search/feasibility_jump.h) on the presolved model, run
// only while no solution is known. It shares the thread of the exact and sub-MIP workers.
//
// Its first point is the model's bounds nearest zero; when its engine has gone
// `stall_factor` x nonzeros work units without lowering its fewest violated rows, it starts
// afresh from a new seed (weights back to one), and asks its lane for half the share it had
// (Worker::share, down to a sixteenth). It ends once it or the pool has a solution,
// or at its work limit. A feasible point is verified on the original model before it is
// offered; a point that fails the check is counted as rejected and the engine goes on.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "model/model.h"
#include "portfolio/verifier.h"
#include "portfolio/worker.h"
#include "search/feasibility_jump.h"
#include "util/logger.h"

namespace lsmip::portfolio {

struct JumpWorkerSetup {
  int index = 0;
  std::string name = "jump";
  const Model* reduced = nullptr;      // the presolved model
  const Verifier* verifier = nullptr;
  std::uint64_t seed = 0;
  double stall_factor = 1024;          // work without progress, in nonzeros, before a fresh start
  double work_limit = 0;               // total work (0: none)
  std::function<double()> clock;       // stamps a found solution (optional; never decides)
};

class JumpWorker final : public Worker {
 public:
  JumpWorker(JumpWorkerSetup setup, Logger& log);

  bool run_task(double work) override;
  void publish(SolutionPool& pool) override;
  void absorb(const SolutionPool& pool) override;
  const WorkerStats& stats() const override { return stats_; }
  // Halves with every fresh start (to 1/16): a model on which the engine keeps stalling
  // leaves the thread to the other workers.
  double share() const override;

 private:
  void end(const char* why);

  JumpWorkerSetup setup_;
  Logger& log_;
  WorkerStats stats_;
  std::unique_ptr<search::FeasibilityJump> fj_;
  double spent_before_ = 0;  // work of the engines it replaced
  std::uint64_t moves_before_ = 0;
  bool alive_ = true;
  std::optional<VerifiedSolution> pending_;
  double found_at_ = -1;
};

}  // namespace lsmip::portfolio

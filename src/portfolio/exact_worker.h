// The exact worker: CBC branch-and-cut on the presolved model (lp::solve_mip), run as a
// coroutine so that it can share a thread with other workers.
//
// CBC runs on a thread of its own, but only while the worker is inside run_task: the
// worker's hook, called at every simplex iteration, counts the work, and when the task's
// budget is spent it hands control back and waits for the next task. So exactly one of the
// owner and CBC runs at a time, the owner sees CBC's state only while CBC waits, and the
// branch-and-bound tree lives on from task to task. With a work limit the hand-over points
// depend only on the work counted, not on time.
//
// Between tasks the worker publishes the solutions CBC found (each rounded and verified on
// the original model first), raises the shared dual bound, and hands on the root LP's
// solution; it absorbs the pool's best as CBC's cutoff (and, before the search starts, as
// a MIP start). A finished search is a proof: optimality of the best solution below the
// cutoff, or infeasibility when no cutoff was ever applied.
//
// The root LP, which the sub-MIP worker's RENS and LP core wait for, is solved within this
// worker's share of the thread. Running it ahead of the others once a first solution exists
// (as the sub-MIP bursts run, uncharged) was measured and not kept: it brought the LP about
// 0.5 s sooner on mzzv11 and eilA101-2, and cost the local search that time elsewhere (dev
// set, 10 s, seeds 1-3: mean gap 0.2362 / 0.1989 / 0.2031 against 0.2066 / 0.1932 / 0.1918
// in the same run; qap10 and ramos3 worse on every seed, air05 on two;
// bench/results/hybrid-stop53.md).
#pragma once

#include <functional>
#include <optional>
#include <vector>

#include "model/model.h"
#include "options/options.h"
#include "portfolio/coroutine.h"
#include "portfolio/dual_bound.h"
#include "portfolio/mip_worker_setup.h"
#include "portfolio/worker.h"
#include "util/logger.h"

namespace lsmip::portfolio {

using ExactWorkerSetup = MipWorkerSetup;

class ExactWorker final : public Worker {
 public:
  ExactWorker(ExactWorkerSetup setup, Logger& log);

  bool run_task(double work) override;
  void publish(SolutionPool& pool) override;
  void absorb(const SolutionPool& pool) override;
  const WorkerStats& stats() const override { return stats_; }

 private:
  void cbc_main();  // the coroutine's body

  ExactWorkerSetup setup_;
  Logger& log_;
  WorkerStats stats_;

  // Written by the body during its turn, read by the owner outside it.
  std::uint64_t body_found_ = 0, body_rejected_ = 0, body_moves_ = 0;
  struct Found {
    VerifiedSolution solution;
    double seconds;  // MipWorkerSetup::clock when found (-1 without a clock)
  };
  std::vector<Found> pending_;
  double bound_ = -kInf;              // minimisation form, offset included
  std::optional<LpPoint> root_lp_;    // handed on once
  bool root_lp_sent_ = false;
  std::optional<LpPoint> preprocessed_lp_;  // the preprocessed model's, handed on once after the root's
  bool preprocessed_lp_sent_ = false;
  bool lp_unbounded_ = false;         // the root LP is unbounded (handed on at publish)
  bool in_tree_ = false;              // CBC has left its root (handed on at publish)
  // Written by the owner outside the body's turn, read by the body during it.
  double cutoff_ = kInf;              // the pool's best (minimisation form)
  std::vector<double> start_;         // MIP start before the search begins
  std::vector<double> incoming_;      // the pool's best, for CBC's next heuristic pass
  double incoming_value_ = kInf;
  double handed_value_ = kInf;        // the best CBC was given (body only)
  bool started_ = false;

  Coroutine cbc_;  // last: destroyed (cancelled and joined) before the state above
};

}  // namespace lsmip::portfolio

// The local search as a portfolio worker: one search::LocalSearch engine over
// the shared read-only SearchModel, with its own options and seed.
//
// Every candidate incumbent the engine accepts is first verified on the
// original model (Verifier); the verified solutions are kept in the worker and
// handed to the pool by publish(), or published at once when the worker is
// given a live pool (opportunistic mode). absorb() adopts a better pool best as
// the engine's incumbent (portfolio_share incumbent) or at the engine's next
// restart, which then starts from it (restart), and sets the next restart point
// from the elites under portfolio_restart (elite, crossover or mixed). Under lp_start,
// once the root LP is known (DualBound::lp), the engine restarts from its rounding if it
// has no incumbent yet, or starts its next restart there.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "model/model.h"
#include "options/options.h"
#include "portfolio/dual_bound.h"
#include "portfolio/worker.h"
#include "search/local_search.h"
#include "util/logger.h"
#include "util/rng.h"

namespace lsmip::portfolio {

// Progress of one worker, reported to the owner every ~1e6 work units (from the worker's
// thread).
struct WorkerProgress {
  int worker = 0;
  search::SearchProgress search;
};

struct SearchWorkerSetup {
  int index = 0;
  std::string name;                                  // "ls#<index>"
  std::string config;                                // options differing from the run's
  Options options;                                   // this worker's options (its seed included)
  const Model* reduced = nullptr;                    // the presolved model
  std::shared_ptr<const search::SearchModel> search_model;  // built from *reduced
  const Verifier* verifier = nullptr;
  std::function<bool()> should_stop;                 // thread-safe
  std::function<void(const WorkerProgress&)> on_progress;  // thread-safe; optional
  SolutionPool* live_pool = nullptr;                 // non-null: publish at once (opportunistic)
  bool may_retire = true;                            // false for a lone worker
  std::vector<double> start;                         // presolved warm start, NaN = unspecified
  const DualBound* bound = nullptr;                  // its root LP point guides a restart (lp_start)
};

class SearchWorker final : public Worker {
 public:
  SearchWorker(SearchWorkerSetup setup, Logger& log);

  bool run_task(double work) override;
  void publish(SolutionPool& pool) override;
  void absorb(const SolutionPool& pool) override;
  const WorkerStats& stats() const override { return stats_; }
  // The engine's final figures (moves by kind, warm-start flags, status).
  search::SearchResult result() const { return ls_->result(); }

 private:
  struct Found {
    VerifiedSolution solution;
    const char* kind;
  };
  void offer_to(SolutionPool& pool, Found f);

  SearchWorkerSetup setup_;
  Logger& log_;
  std::unique_ptr<search::LocalSearch> ls_;
  std::optional<VerifiedSolution> candidate_;  // verified by accept, taken by on_improvement
  std::vector<Found> pending_;
  WorkerStats stats_;
  Rng rng_;
  std::uint64_t seen_version_ = 0;
  std::vector<double> deferred_;        // portfolio_share restart: the pool best to adopt
  std::uint64_t restarts_seen_ = 0;
  std::uint64_t restart_picks_ = 0;
  bool started_ = false;
  bool alive_ = true;
  bool lp_used_ = false;                // lp_start: the root LP point was handed to the engine
};

}  // namespace lsmip::portfolio

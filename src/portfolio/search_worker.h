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
//
// Configuration hand-over (portfolio_handover = H > 0, after ParaILP's configuration
// inheritance): in absorb(), a worker whose last H tasks added nothing to the pool, while
// the pool's best was found under another local-search configuration, takes that
// configuration (its options and SearchModel; the worker keeps its own seed) in a new
// engine that starts from the pool's best. Decided between tasks from the pool and the
// worker's own counts only, so it is as deterministic as the rest of the worker.
//
// Feasibility switch (portfolio_feasibility_switch = W > 0): which equality handling finds a
// first solution differs from model to model (equalities as one row or as two: on a
// timetabling model only the split form reaches feasibility within seconds, on others only
// the single row does). While neither the worker nor the pool has a solution, the worker
// therefore alternates between its engine and a second one with ls_split_equalities
// toggled, built on first use; each resumes where it stopped. Slices are W work units for
// each engine, then 2W each, 4W each, and so on. Once a solution exists the worker keeps the
// engine it runs and drops the other. Decided from work counts and the pool between tasks.
//
// The jump worker's first solution (SearchWorkerSetup::jump_worker) ignores the objective: a
// worker that has no solution of its own adopts it, and ends its feasibility switch, only
// after as much work again as it had done when the solution came, and at least jump_grace
// (1e8) units more.
//
// Feasibility worker (SearchWorkerSetup::until_first_solution): a worker that runs only
// while no solution is known, on the thread of the exact and sub-MIP workers, with the other
// equality handling than the first local search's; it ends once it or the pool has a
// solution. The first local search then keeps one engine (no switch).
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

// A local-search configuration that a worker may hand on: its options and the SearchModel
// built under them (shared, read-only; null: the worker takes it from model_for).
struct SearchConfig {
  Options options;
  std::string description;
  std::shared_ptr<const search::SearchModel> model;
};

struct SearchWorkerSetup {
  int index = 0;
  std::string name;                                  // "ls#<index>"
  std::string config;                                // options differing from the run's
  Options options;                                   // this worker's options (its seed included)
  const Model* reduced = nullptr;                    // the presolved model
  // Built from *reduced; null: built from model_for by the first task (on the worker's thread).
  std::shared_ptr<const search::SearchModel> search_model;
  const Verifier* verifier = nullptr;
  std::function<bool()> should_stop;                 // thread-safe
  std::function<void(const WorkerProgress&)> on_progress;  // thread-safe; optional
  // The SearchModel for a configuration's options (shared, read-only; thread-safe); needed
  // for portfolio_feasibility_switch, which is off without it.
  std::function<std::shared_ptr<const search::SearchModel>(const Options&)> model_for;
  SolutionPool* live_pool = nullptr;                 // non-null: publish at once (opportunistic)
  bool may_retire = true;                            // false for a lone worker
  std::vector<double> start;                         // presolved warm start, NaN = unspecified
  const DualBound* bound = nullptr;                  // its root LP point guides a restart (lp_start)
  // Every local search's configuration, by config index (for portfolio_handover; may be null),
  // and the index of this worker's own.
  std::shared_ptr<const std::vector<SearchConfig>> configs;
  int config_index = -1;
  // A feasibility worker (portfolio_feasibility_worker): it has nothing more to do once it or
  // the pool has a solution, and ends then (not counted as retired).
  bool until_first_solution = false;
  // The jump worker's index (-1: none). Its first solution ignores the objective, so a local
  // search that has none of its own keeps searching for a while before it adopts that one.
  int jump_worker = -1;
  double jump_grace = 1e8;  // the least work the worker waits (work units)
};

class SearchWorker final : public Worker {
 public:
  SearchWorker(SearchWorkerSetup setup, Logger& log);

  bool run_task(double work) override;
  void publish(SolutionPool& pool) override;
  void absorb(const SolutionPool& pool) override;
  const WorkerStats& stats() const override { return stats_; }
  // The engine's final figures (moves by kind, warm-start flags, status).
  // The figures of the engines it replaced (portfolio_handover) and of its second engine
  // (portfolio_feasibility_switch) are included.
  search::SearchResult result() const;

 private:
  struct Found {
    VerifiedSolution solution;
    const char* kind;
  };
  void offer_to(SolutionPool& pool, Found f);
  // portfolio_handover: takes the configuration under which `best` was found, if this
  // worker has been idle long enough; true when it did.
  bool maybe_take_configuration(const PoolEntry& best);
  // Copies the engine's figures (plus those of the engines it replaced) into stats_.
  void update_stats();
  // portfolio_feasibility_switch: at the end of a slice, runs the other engine (built on
  // first use) from the next task on.
  void maybe_switch_engines();
  // A solution exists: the engine that runs now is kept, the other one dropped.
  void end_switching();
  // Builds the engine (and its SearchModel, from model_for, when the setup has none); false
  // when it cannot (out of memory): the worker then ends.
  bool build_engine();
  // A feasibility worker's job is done: it runs no more tasks (logged with `why`).
  void end_search(const char* why);
  // Adds an engine's figures to replaced_.
  void keep_figures(const search::SearchResult& r);

  SearchWorkerSetup setup_;
  Logger& log_;
  search::SearchHooks hooks_;
  std::unique_ptr<search::LocalSearch> ls_;
  int config_ = -1;                     // the configuration it runs now
  std::uint64_t elites_seen_ = 0;       // stats_.elites at last_elite_task_
  std::uint64_t last_elite_task_ = 0;   // the task count when it last added to the pool
  search::SearchResult replaced_;       // summed figures of the engines it replaced
  bool have_replaced_ = false;          // replaced_ holds some engine's figures
  // portfolio_feasibility_switch: the engine that does not run now, its options, its model
  // and whether it has had the root LP point; the current slice.
  bool switching_ = false;
  double jump_seen_work_ = -1;  // the worker's work when a jump worker's solution first came
  // Whether the pool's best, a first solution of the jump worker, waits a while (see jump_worker).
  bool defers(const SolutionPool& pool);
  std::unique_ptr<search::LocalSearch> other_;
  Options other_options_;
  std::shared_ptr<const search::SearchModel> other_model_;
  bool other_lp_used_ = false;
  std::uint64_t slices_ = 0;            // slices ended so far
  double slice_length_ = 0;             // work units of the current slice
  double slice_start_ = 0;              // the worker's work when it began
  double work_limit_ = 0;               // the run's work limit for this worker
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

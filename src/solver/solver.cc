#include "solver/solver.h"

#include <atomic>
#include <cassert>
#include <cmath>
#include <map>
#include <memory>
#include <mutex>
#include <new>
#include <optional>
#include <thread>
#include <tuple>

#include "check/solution_checker.h"
#include "model/model_stats.h"
#include "lp/lp_relaxation.h"
#include "portfolio/dual_bound.h"
#include "portfolio/exact_worker.h"
#include "portfolio/jump_worker.h"
#include "portfolio/lns_worker.h"
#include "portfolio/portfolio.h"
#include "portfolio/rank_exchange.h"
#include "portfolio/rank_link.h"
#include "portfolio/search_worker.h"
#include "portfolio/solution_pool.h"
#include "portfolio/verifier.h"
#include "portfolio/worker_configs.h"
#include "presolve/presolve.h"
#include "search/search_model.h"
#include "solver/progress_log.h"
#include "util/number_format.h"

namespace lsmip::solver {

int resolve_threads(std::int64_t threads) {
  if (threads > 0) return static_cast<int>(threads);
  const unsigned hw = std::thread::hardware_concurrency();
  return hw == 0 ? 1 : static_cast<int>(hw);
}

Solver::Solver(const Model& model, const Options& options, Logger& log)
    : model_(model), opt_(options), log_(log) {}

void Solver::set_initial_solution(std::vector<double> x) { initial_ = std::move(x); }

namespace {

// Shared state of one run that workers reach from their threads.
class RunState {
 public:
  RunState(const Options& opt, const SolveControl& control) : opt_(opt), control_(control) {}

  double now() const { return control_.clock ? control_.clock() : 0.0; }
  bool interrupted() const { return control_.interrupted && control_.interrupted(); }
  bool time_up() const { return now() >= opt_.time_limit; }
  bool goal() const { return goal_.load(std::memory_order_relaxed) != StopReason::kCompleted || proven(); }
  StopReason goal_reason() const {
    const StopReason g = goal_.load();
    return g != StopReason::kCompleted ? g : StopReason::kCompleted;
  }
  bool stop() const { return goal() || interrupted() || time_up() || remote_stop() >= 0; }
  // Another rank ended the run (its reason, a StopReason), or -1.
  int remote_stop() const { return exchange_ != nullptr ? exchange_->stop_code() : -1; }
  // Why this rank ends the run of every rank (a StopReason), or -1: a goal or a proof, a
  // signal, the time limit.
  int local_stop() const {
    if (goal()) return static_cast<int>(goal_reason());
    if (interrupted()) return static_cast<int>(StopReason::kInterrupted);
    if (time_up()) return static_cast<int>(StopReason::kTimeLimit);
    return -1;
  }
  // Set before the workers start.
  void set_exchange(const portfolio::RankExchange* e) { exchange_ = e; }
  // The incumbent meets the dual bound within the MIP gap, or the bound proves that no
  // solution exists.
  bool proven() const { return proven_.load(std::memory_order_relaxed); }
  bool proven_infeasible() const { return proven() && !has_best_.load(); }

  // The pool's best (minimisation form) and the dual bound; both may end the run.
  void note_best_min(double z) {
    best_min_.store(z);
    has_best_.store(true);
    check_gap();
  }
  void note_bound(double b) {
    bound_.store(b);
    check_gap();
  }
  double bound() const { return bound_.load(); }
  // The LP relaxation is unbounded: with a solution, the model is proven unbounded.
  void note_unbounded() {
    unbounded_.store(true);
    check_gap();
  }

  void check_gap() {
    const double b = bound_.load();
    if (!has_best_.load()) {
      if (b == kInf) proven_.store(true);
      return;
    }
    if (unbounded_.load()) {
      proven_.store(true);
      return;
    }
    const double z = best_min_.load();
    const double slack = std::max(opt_.mip_gap_abs, opt_.mip_gap * std::max(std::fabs(z), std::fabs(b)));
    if (b > -kInf && z - b <= slack) proven_.store(true);
  }

  // Called under the pool's lock for each new best.
  void note_best(std::size_t improvements, double objective, ObjSense sense) {
    if (opt_.solution_limit > 0 && static_cast<std::int64_t>(improvements) >= opt_.solution_limit) {
      goal_.store(StopReason::kSolutionLimit);
    } else if (std::isfinite(opt_.objective_target) &&
               (sense == ObjSense::kMinimize ? objective <= opt_.objective_target + target_slack()
                                             : objective >= opt_.objective_target - target_slack())) {
      goal_.store(StopReason::kObjectiveTarget);
    }
  }

 private:
  // --objective-target is met within the feasibility tolerance, relative as for rows.
  double target_slack() const { return opt_.feas_tol * std::max(1.0, std::fabs(opt_.objective_target)); }

  const Options& opt_;
  const SolveControl& control_;
  const portfolio::RankExchange* exchange_ = nullptr;
  std::atomic<StopReason> goal_{StopReason::kCompleted};
  std::atomic<bool> proven_{false}, has_best_{false};
  std::atomic<bool> unbounded_{false};  // the LP relaxation is unbounded
  std::atomic<double> best_min_{kInf}, bound_{-kInf};
};

// The first column with no value the final check accepts: bounds hold within feas_tol
// (absolute), so an integer column needs an integer in [lb - tol, ub + tol]. Bounds that
// cross only within the tolerance are left to presolve, which keeps such a column.
std::optional<Index> empty_domain(const Model& m, double tol) {
  for (Index j = 0; j < m.num_cols(); ++j) {
    const double lb = m.col_lower(j) - tol, ub = m.col_upper(j) + tol;
    if (m.is_integer(j) ? std::floor(ub) < std::ceil(lb) : ub < lb) return j;
  }
  return std::nullopt;
}

// Key of a SearchModel: the options build_search_model reads.
using ModelKey = std::tuple<bool, std::string, double>;
ModelKey model_key(const Options& o) { return {o.ls_split_equalities, o.ls_side_weights, o.ls_feas_tol}; }

}  // namespace

SolveResult Solver::solve(const SolveControl& control) {
  SolveResult result;
  RunState run(opt_, control);
  const int threads = resolve_threads(opt_.threads);
  result.threads = threads;
  const int num_ranks = control.ranks != nullptr ? control.ranks->size() : 1;
  const int rank = control.ranks != nullptr ? control.ranks->rank() : 0;
  result.ranks = num_ranks;
  result.deterministic = opt_.deterministic;
  result.warm_start = !initial_.empty();
  // A rank that ends before its portfolio starts still takes part in the other ranks' rounds
  // until they agree that the run is over (else they would wait for it).
  bool rounds_done = num_ranks <= 1 || !opt_.rank_exchange;
  auto finish = [&](SolveResult& r) -> SolveResult& {
    if (!rounds_done) {
      rounds_done = true;
      portfolio::end_rounds(*control.ranks, static_cast<int>(r.stop_reason));
    }
    r.seconds = run.now();
    if (control.on_result) control.on_result(r);
    return r;
  };

  if (const auto j = empty_domain(model_, opt_.feas_tol)) {
    log_.info("column '%s' has an empty domain [%.17g, %.17g]: the model is infeasible",
              model_.col_name(*j).c_str(), model_.col_lower(*j), model_.col_upper(*j));
    result.status = SolveStatus::kInfeasible;
    result.infeasible_reason = "empty domain of column " + model_.col_name(*j);
    return finish(result);
  }

  // A full warm start that passes the check is the first incumbent, even before presolve.
  bool warm_verified = false;
  if (!initial_.empty() && initial_.size() == static_cast<std::size_t>(model_.num_cols())) {
    bool full = true;
    for (double v : initial_) full = full && !std::isnan(v);
    if (full) {
      const check::CheckReport r = check::check_solution(model_, initial_, opt_.feas_tol, opt_.int_tol);
      if (r.feasible) {
        log_.info("initial solution is feasible, objective %s", shortest(r.objective).c_str());
        warm_verified = true;
        result.warm_start_feasible = true;
      } else {
        log_.info("initial solution is infeasible; the search starts from it and repairs it:\n%s",
                  r.describe(model_).c_str());
      }
    }
  }

  presolve::PresolveResult pre;
  try {
    pre = presolve::run_presolve(model_, opt_, log_, {}, [&run] { return run.stop(); });
  } catch (const std::bad_alloc&) {
    log_.warning("out of memory during presolve");
    result.stop_reason = StopReason::kMemoryLimit;
    if (warm_verified) {
      result.has_solution = true;
      result.x = initial_;
      result.objective = model_.original_objective(model_.objective(initial_));
      result.status = SolveStatus::kFeasible;
    }
    return finish(result);
  }
  // A run that ends before the workers: the verified warm start is its result.
  auto keep_warm_start = [&](SolveResult& r) {
    r.has_solution = true;
    r.x = initial_;
    r.objective = model_.original_objective(model_.objective(initial_));
    r.status = SolveStatus::kFeasible;
    r.time_first = r.time_best = 0;
    r.trace.push_back(TracePoint{0, r.objective, -1, "initial"});
  };
  // A run that a limit or a signal ends before the workers start: the original model's
  // trivial outcome, or the verified warm start.
  auto stopped_before_workers = [&](SolveResult& r) -> SolveResult& {
    r.stop_reason = run.goal()          ? run.goal_reason()
                    : run.interrupted() ? StopReason::kInterrupted
                                        : StopReason::kTimeLimit;
    if (warm_verified) keep_warm_start(r);
    return finish(r);
  };
  if (pre.verdict == presolve::Verdict::kInterrupted) {
    log_.info("presolve stopped by the time limit or a signal");
    return stopped_before_workers(result);
  }
  result.presolved = true;
  result.presolve = pre.stats;
  if (pre.verdict == presolve::Verdict::kInfeasible) {
    log_.info("presolve: the model is infeasible: %s", pre.reason.c_str());
    result.infeasible_reason = pre.reason;
    if (warm_verified) {
      keep_warm_start(result);
    } else {
      result.status = SolveStatus::kInfeasible;
    }
    return finish(result);
  }
  if (opt_.presolve) {
    const ModelStats after = compute_stats(pre.reduced);
    log_.info("presolve: %d rows and %d fixed columns removed, %d columns aggregated, %d bounds "
              "tightened, nonzeros %lld -> %lld (%.2fs)",
              pre.stats.rows_removed, pre.stats.cols_removed, pre.stats.cols_aggregated,
              pre.stats.bounds_tightened, static_cast<long long>(model_.num_nonzeros()),
              static_cast<long long>(pre.reduced.num_nonzeros()), pre.stats.seconds);
    log_.info("presolved model: %d rows, %d columns, %lld nonzeros (%d binary, %d integer, %d continuous)",
              after.rows, after.cols, static_cast<long long>(after.nonzeros), after.binary,
              after.integer, after.continuous);
  }
  if (run.stop() && pre.reduced.num_cols() > 0) {
    // The stop came during presolve's last steps, which do not poll (building the reduced
    // model): no worker is built, as building one reads the whole model. (A model presolve
    // has solved goes on: its one point is the result, below.)
    log_.info("the time limit or a signal came at the end of presolve; no worker is started");
    return stopped_before_workers(result);
  }

  const portfolio::Verifier verifier(model_, pre.postsolve, opt_.feas_tol, opt_.int_tol);
  portfolio::SolutionPool pool(static_cast<std::size_t>(opt_.portfolio_elites));
  // The listener writes the result's trace from worker threads, under the pool's lock; the
  // result is read only after the portfolio has joined its threads.
  // One progress slot per worker of this rank: at most threads - 1 local searches plus the
  // exact, sub-MIP and feasibility workers.
  const int worker_slots = threads + 2;
  ProgressLog progress(log_, opt_, [&run] { return run.now(); }, worker_slots);
  std::mutex observer_mu;  // the caller's observers are called one at a time
  std::vector<search::SearchProgress> latest(static_cast<std::size_t>(worker_slots));
  auto report_progress = [&](const portfolio::WorkerProgress& p) {
    progress.progress(p);
    if (!control.on_progress) return;
    // The pool is read before observer_mu is taken: the pool's listener takes observer_mu
    // under the pool's lock, so the opposite order could deadlock.
    const std::optional<portfolio::PoolEntry> best = pool.best();
    std::lock_guard<std::mutex> lock(observer_mu);
    if (p.worker >= 0 && p.worker < worker_slots) latest[static_cast<std::size_t>(p.worker)] = p.search;
    ProgressInfo info;
    info.seconds = run.now();
    for (const search::SearchProgress& q : latest) {
      info.work += q.work;
      info.moves += q.moves;
    }
    if (best) {
      info.has_solution = true;
      info.objective = best->solution.objective();
    }
    control.on_progress(info);
  };
  pool.set_listener([&](const portfolio::PoolEntry& e) {
    // When its worker found it (a CBC worker offers its solutions after its task), never
    // before an earlier entry of the trace.
    double t = e.found >= 0 ? std::min(e.found, run.now()) : run.now();
    if (!result.trace.empty()) t = std::max(t, result.trace.back().seconds);
    if (result.time_first < 0) result.time_first = t;
    result.time_best = t;
    result.trace.push_back(TracePoint{t, e.solution.objective(), e.worker, e.source});
    run.note_best(result.trace.size(), e.solution.objective(), model_.sense());
    run.note_best_min(e.solution.min_objective());
    progress.improvement(e.solution.objective(), e.source, t);
    if (control.on_incumbent) {
      std::lock_guard<std::mutex> lock(observer_mu);
      control.on_incumbent(result.trace.back(), e.solution.original());
    }
  });
  if (warm_verified) {
    if (auto s = verifier.verify_original(initial_)) pool.offer(std::move(*s), -1, "initial");
  }

  std::vector<double> reduced_start;
  if (!initial_.empty()) reduced_start = pre.postsolve.reduce(initial_);

  // The workers: local searches and, built on COIN-OR, the exact and sub-MIP workers. Under
  // MPI the ranks together run what one process with ranks x threads threads would: the
  // exact and sub-MIP workers on the last thread of the last rank (alone there when it has
  // one thread), local searches on every other thread.
  const bool coin = lp::coin_available() && pre.reduced.num_cols() > 0 && rank == num_ranks - 1;
  const bool with_exact = coin && opt_.lp && opt_.exact;
  const bool with_lns = coin && opt_.lns;
  if (!lp::coin_available() && (opt_.lp || opt_.exact || opt_.lns)) {
    log_.info("LP, exact and sub-MIP workers: absent (%s)", lp::coin_versions().c_str());
  }
  const bool with_coin_workers = with_exact || with_lns;
  // With one thread every worker shares it; with more, the exact and sub-MIP workers share
  // the last thread and the local searches have one each.
  const int searches = ((threads > 1 || num_ranks > 1) && with_coin_workers) ? threads - 1 : threads;
  portfolio::DualBound bound;
  bound.set_listener([&run, &progress, this](double b) {
    run.note_bound(b);
    progress.bound(b == kInf || b == -kInf ? b : model_.original_objective(b));
  });
  bound.set_unbounded_listener([&run] { run.note_unbounded(); });
  // Presolve has fixed every column: the one point left is optimal. It is offered before any
  // worker runs, so a stop that comes before the first task still returns it.
  if (pre.reduced.num_cols() == 0) {
    std::string why;
    if (auto s = verifier.verify({}, &why)) {
      const double z = s->min_objective();
      pool.offer(std::move(*s), -1, "presolve");
      bound.improve(z);
    } else {
      log_.warning("the point presolve leaves failed the independent check:\n%s", why.c_str());
    }
  }

  // Workers: one SearchModel per distinct equality handling, shared read-only by all.
  // Under MPI, rank r's searches take the configurations after those of ranks 0..r-1.
  const int first_config = rank * threads;
  std::vector<portfolio::WorkerConfig> configs = portfolio::worker_configs(opt_, searches, first_config);
  std::map<ModelKey, std::shared_ptr<const search::SearchModel>> models;
  std::mutex models_mutex;
  std::vector<std::unique_ptr<portfolio::Worker>> workers;
  std::vector<portfolio::SearchWorker*> search_workers;
  const portfolio::SearchWorker* feasibility_search = nullptr;  // ends early by design
  std::vector<std::string> descriptions;
  portfolio::PortfolioSettings settings;
  settings.deterministic = opt_.deterministic;
  settings.batch_work = opt_.portfolio_batch_work;
  settings.timed_shares = !opt_.deterministic && !std::isfinite(opt_.work_limit);
  settings.bound = &bound;
  // A search publishes at once when nothing runs beside it on another thread.
  const bool live = !opt_.deterministic || searches == 1;
  const bool shared_thread = searches > 0 && threads == 1 && with_coin_workers;
  // portfolio_feasibility_worker: the coin workers' thread also runs, until a solution exists,
  // a local search with the first one's other equality handling.
  const bool feasibility_worker = searches > 0 && with_coin_workers && !shared_thread && pre.reduced.has_equality_rows() &&
                                  opt_.portfolio_feasibility_worker > 0 && pool.size() == 0;
  try {
    // The SearchModel of a configuration's options, one per equality handling, built on first
    // use: for the configurations here and, during the run, from any lane
    // (portfolio_feasibility_switch).
    auto model_for = [&models, &models_mutex, &pre](const Options& o) {
      const std::lock_guard<std::mutex> lock(models_mutex);
      auto& sm = models[model_key(o)];
      if (!sm) sm = std::make_shared<const search::SearchModel>(search::build_search_model(pre.reduced, o));
      return sm;
    };
    // Every configuration with its SearchModel, for the workers and for hand-over.
    auto table = std::make_shared<std::vector<portfolio::SearchConfig>>();
    for (const portfolio::WorkerConfig& c : configs) {
      table->push_back(portfolio::SearchConfig{c.options, c.description, model_for(c.options)});
    }
    // The feasibility worker's configuration comes last; its SearchModel is built by the worker's
    // first task, so a hand-over to it looks the model up then (model_for).
    Options feasibility_options = configs.empty() ? opt_ : configs.front().options;
    feasibility_options.ls_split_equalities = !feasibility_options.ls_split_equalities;
    const int feasibility_config = static_cast<int>(table->size());
    if (feasibility_worker) {
      table->push_back(portfolio::SearchConfig{
          feasibility_options,
          feasibility_options.ls_split_equalities ? "--ls-split-equalities" : "--no-ls-split-equalities", nullptr});
    }
    const std::shared_ptr<const std::vector<portfolio::SearchConfig>> shared_table = table;
    // The jump worker comes after the local searches, the exact, sub-MIP and feasibility workers.
    const bool with_jump =
        with_coin_workers && searches > 0 && opt_.portfolio_jump_worker > 0 && pool.size() == 0;
    const int jump_index =
        with_jump ? searches + (with_exact ? 1 : 0) + (with_lns ? 1 : 0) + (feasibility_worker ? 1 : 0) : -1;
    // What every local search is given: its position, name, options and configuration.
    auto search_setup = [&](std::string name, const Options& options, int config_index) {
      portfolio::SearchWorkerSetup setup;
      setup.index = static_cast<int>(workers.size());
      setup.name = std::move(name);
      setup.options = options;
      setup.config = (*table)[static_cast<std::size_t>(config_index)].description;
      setup.config_index = config_index;
      setup.reduced = &pre.reduced;
      setup.search_model = (*table)[static_cast<std::size_t>(config_index)].model;
      setup.verifier = &verifier;
      setup.should_stop = [&run] { return run.stop(); };
      setup.on_progress = report_progress;
      setup.live_pool = (live && (threads == 1 || !opt_.deterministic)) ? &pool : nullptr;
      setup.may_retire = searches > 1 || with_coin_workers;
      setup.start = reduced_start;
      setup.bound = &bound;
      setup.model_for = model_for;
      setup.jump_worker = jump_index;
      return setup;
    };
    for (int k = 0; k < searches; ++k) {
      const portfolio::WorkerConfig& c = configs[static_cast<std::size_t>(k)];
      portfolio::SearchWorkerSetup setup = search_setup("ls#" + std::to_string(k), c.options, k);
      setup.configs = shared_table;
      if (k == 0 && feasibility_worker) setup.options.portfolio_feasibility_switch = 0;
      auto w = std::make_unique<portfolio::SearchWorker>(std::move(setup), log_);
      search_workers.push_back(w.get());
      descriptions.push_back("local search" + (c.description.empty() ? std::string(" (the options as given)")
                                                                      : ": " + c.description));
      workers.push_back(std::move(w));
      settings.lanes.push_back({static_cast<std::size_t>(k)});
      // One thread: exact_share to the exact worker, lns_share of the rest to the sub-MIP worker,
      // the local search what is left (the weights below sum to one).
      settings.weights.push_back(shared_thread ? (1.0 - opt_.exact_share) * (with_lns ? 1.0 - opt_.lns_share : 1.0)
                                               : 1.0);
    }
    std::vector<std::size_t> coin_lane;
    // What both CBC workers are given; the index is the worker's position.
    auto mip_setup = [&](const char* name) {
      portfolio::MipWorkerSetup setup;
      setup.index = static_cast<int>(workers.size());
      setup.name = name;
      setup.options = opt_;
      setup.reduced = &pre.reduced;
      setup.verifier = &verifier;
      setup.bound = &bound;
      setup.should_stop = [&run] { return run.stop(); };
      setup.seconds_left = [&run, this] { return opt_.time_limit - run.now(); };
      setup.clock = [&run] { return run.now(); };
      return setup;
    };
    if (with_exact) {
      portfolio::ExactWorkerSetup setup = mip_setup("exact");
      coin_lane.push_back(workers.size());
      workers.push_back(std::make_unique<portfolio::ExactWorker>(std::move(setup), log_));
      descriptions.push_back("CBC branch-and-cut on the presolved model (" + lp::coin_versions() + ")");
      settings.weights.push_back(opt_.exact_share);
      settings.roles.resize(workers.size(), portfolio::LaneScheduler::Role::kPlain);
      settings.roles.back() = portfolio::LaneScheduler::Role::kProver;
    }
    if (with_lns) {
      portfolio::LnsWorkerSetup setup;
      static_cast<portfolio::MipWorkerSetup&>(setup) = mip_setup("lns");
      setup.solve_own_lp = opt_.lp && !with_exact;
      coin_lane.push_back(workers.size());
      workers.push_back(std::make_unique<portfolio::LnsWorker>(std::move(setup), log_));
      descriptions.push_back("sub-MIPs: RENS, RINS, LP core, local branching, random and constraint-graph neighbourhoods");
      settings.weights.push_back(opt_.lns_share * (1.0 - opt_.exact_share) + (with_exact ? 0.0 : opt_.exact_share));
      settings.roles.resize(workers.size(), portfolio::LaneScheduler::Role::kPlain);
      settings.roles.back() = portfolio::LaneScheduler::Role::kBooster;
    }
    if (feasibility_worker) {
      // Its table entry has no SearchModel: the worker's first task builds it (model_for).
      portfolio::SearchWorkerSetup setup = search_setup("feas", feasibility_options, feasibility_config);
      setup.until_first_solution = true;
      descriptions.push_back(std::string("local search until a first solution, equalities ") +
                             (setup.options.ls_split_equalities ? "split into two rows" : "as one row"));
      coin_lane.push_back(workers.size());
      auto w = std::make_unique<portfolio::SearchWorker>(std::move(setup), log_);
      search_workers.push_back(w.get());
      feasibility_search = w.get();
      workers.push_back(std::move(w));
      settings.weights.push_back(opt_.portfolio_feasibility_worker);
    }
    if (with_jump) {
      portfolio::JumpWorkerSetup setup;
      setup.index = jump_index;
      assert(static_cast<std::size_t>(jump_index) == workers.size());
      setup.reduced = &pre.reduced;
      setup.verifier = &verifier;
      setup.seed = static_cast<std::uint64_t>(opt_.seed) * 0x9e3779b97f4a7c15ULL + 0x4a;
      setup.clock = [&run] { return run.now(); };
      coin_lane.push_back(workers.size());
      workers.push_back(std::make_unique<portfolio::JumpWorker>(std::move(setup), log_));
      descriptions.push_back("Feasibility Jump until a first solution");
      settings.weights.push_back(opt_.portfolio_jump_worker);
    }
    if (!coin_lane.empty()) {
      if (shared_thread) {
        for (std::size_t i : coin_lane) settings.lanes[0].push_back(i);
      } else {
        settings.lanes.push_back(coin_lane);
      }
    }
  } catch (const std::bad_alloc&) {
    log_.warning("out of memory while setting up the workers");
    workers.clear();
    search_workers.clear();
    result.stop_reason = StopReason::kMemoryLimit;
  }
  if (!workers.empty()) {
    log_.info("workers: %zu on %d thread%s (%s)", workers.size(), threads, threads == 1 ? "" : "s",
              opt_.deterministic ? "deterministic" : "opportunistic");
    for (std::size_t i = 0; i < workers.size(); ++i) {
      log_.info("  %-6s %s", workers[i]->stats().name.c_str(), descriptions[i].c_str());
    }
    log_.info("%s", "");
  }

  // Sharing with the other ranks: rounds at fixed batch counts in the deterministic mode,
  // on a thread of their own at a period of seconds otherwise.
  std::optional<portfolio::RankExchange> exchange;
  if (num_ranks > 1 && opt_.rank_exchange) {
    exchange.emplace(*control.ranks, pool, verifier, bound, static_cast<int>(opt_.rank_elites), log_);
    rounds_done = true;
    run.set_exchange(&*exchange);
    if (opt_.deterministic) {
      const auto every = static_cast<std::uint64_t>(opt_.rank_sync_batches);
      settings.sync = [&exchange, &run, every](std::uint64_t batches) {
        if (batches % every == 0 && !exchange->over()) exchange->round(false, run.local_stop());
      };
    }
    log_.info("ranks: %d, sharing solutions and bounds every %s", num_ranks,
              opt_.deterministic ? (std::to_string(opt_.rank_sync_batches) + " batches").c_str()
                                 : (shortest(opt_.rank_sync_seconds) + " s").c_str());
  }
  portfolio::Portfolio folio(std::move(workers), pool, std::move(settings), [&run] { return run.stop(); });
  std::atomic<bool> folio_done{false};
  std::thread rounds;
  if (exchange && !opt_.deterministic) {
    rounds = std::thread([&] {
      exchange->run([&folio_done] { return folio_done.load(); }, [&run] { return run.local_stop(); },
                    [&run] { return run.now(); }, opt_.rank_sync_seconds);
    });
  }
  {
    // The rounds' thread is joined however the portfolio ends.
    struct Joiner {
      std::atomic<bool>& done;
      std::thread& t;
      ~Joiner() {
        done.store(true);
        if (t.joinable()) t.join();
      }
    } joiner{folio_done, rounds};
    folio.run();
    folio_done.store(true);
    // In the deterministic mode a rank that has ended takes part in the rounds until all have.
    if (exchange && opt_.deterministic) {
      while (!exchange->over()) exchange->round(true, run.local_stop());
    }
  }
  progress.flush();
  for (std::size_t i = 0; i < folio.workers().size(); ++i) {
    result.workers.push_back(folio.workers()[i]->stats());
    result.workers.back().seconds = folio.task_seconds()[i];
    result.rejected += static_cast<long>(result.workers.back().rejected);
  }
  if (exchange) {
    result.exchanged = true;
    result.exchange = exchange->stats();
  }

  // Figures of every worker.
  bool all_work_limit = !search_workers.empty();
  bool trivially_infeasible = false;
  for (const portfolio::SearchWorker* w : search_workers) {
    const search::SearchResult r = w->result();
    result.moves += r.moves;
    result.restarts += r.restarts;
    result.neighbourhood_epochs += r.neighbourhood_epochs;
    result.work += r.work;
    for (std::size_t k = 0; k < search::kNumMoveKinds; ++k) result.moves_by_kind[k] += r.moves_by_kind[k];
    if (w != feasibility_search) all_work_limit = all_work_limit && r.work >= opt_.work_limit;
    trivially_infeasible = trivially_infeasible || r.trivially_infeasible;
    if (!r.status.ok() && result.error.ok()) result.error = r.status;
    if (w == search_workers.front()) {
      result.warm_start_feasible = result.warm_start_feasible || r.warm_start_feasible;
      result.warm_start_repaired = r.warm_start_repaired;
    }
  }
  for (const portfolio::PoolEntry& e : pool.entries()) {
    result.elites.push_back(EliteSolution{e.solution.original(), e.solution.objective(), e.worker});
  }

  // Final verification of the best from scratch against the original model.
  if (const std::optional<portfolio::PoolEntry> best = pool.best()) {
    const check::CheckReport r = check::check_solution(model_, best->solution.original(), opt_.feas_tol,
                                                       opt_.int_tol, best->solution.objective());
    if (r.ok()) {
      result.has_solution = true;
      result.x = best->solution.original();
      result.objective = best->solution.objective();
    } else {
      log_.warning("final check failed; no solution is reported:\n%s", r.describe(model_).c_str());
    }
  }

  // The dual bound and the gap.
  const double b = bound.value();
  if (b > -kInf) {
    result.has_bound = true;
    result.dual_bound = model_.original_objective(b);
  } else {
    result.dual_bound = model_.sense() == ObjSense::kMinimize ? -kInf : kInf;
  }
  result.mip_gap = result.has_solution && result.has_bound
                       ? portfolio::mip_gap(model_.sense() == ObjSense::kMinimize ? result.objective : -result.objective, b)
                       : kInf;

  // Status and stop reason.
  if (result.has_solution && bound.infeasible()) {
    log_.warning("the exact worker proved the presolved model infeasible, yet a verified solution "
                 "exists: numerical trouble in the LP; no proof is claimed");
    result.status = SolveStatus::kFeasible;
    result.has_bound = false;
    result.mip_gap = kInf;
  } else if (result.has_solution && bound.unbounded()) {
    // A verified point and an unbounded LP relaxation: the objective is unbounded (Meyer:
    // a MIP with rational data and an unbounded relaxation is unbounded once feasible).
    result.status = SolveStatus::kUnbounded;
    result.has_bound = false;
    result.mip_gap = kInf;
    log_.info("the objective is unbounded %s: the LP relaxation has an unbounded ray and a "
              "verified solution exists (the one written is a feasible point, not an optimum)",
              model_.sense() == ObjSense::kMinimize ? "below" : "above");
  } else if (result.has_solution && run.proven()) {
    result.status = SolveStatus::kOptimal;
  } else if (result.has_solution) {
    result.status = SolveStatus::kFeasible;
  } else if (bound.unbounded()) {
    log_.info("the LP relaxation is unbounded and no feasible point was found: the model is "
              "unbounded or infeasible");
  } else if (bound.infeasible()) {
    result.status = SolveStatus::kInfeasible;
    result.infeasible_reason = "the LP relaxation or the branch-and-bound search has no solution";
  } else if (trivially_infeasible && model_.first_empty_domain()) {
    // The search's exact rounding found an empty domain that the tolerance leaves
    // non-empty: no proof, so no verdict.
  } else if (trivially_infeasible) {
    result.status = SolveStatus::kInfeasible;
  }
  if (result.stop_reason == StopReason::kMemoryLimit || folio.out_of_memory()) {
    result.stop_reason = StopReason::kMemoryLimit;
  } else if (run.goal()) {
    result.stop_reason = run.goal_reason();
  } else if (run.interrupted()) {
    result.stop_reason = StopReason::kInterrupted;
  } else if (run.time_up()) {
    result.stop_reason = StopReason::kTimeLimit;
  } else if (run.remote_stop() >= 0) {
    result.stop_reason = static_cast<StopReason>(run.remote_stop());
  } else if (!result.error.ok()) {
    result.stop_reason = StopReason::kError;
  } else if (all_work_limit) {
    result.stop_reason = StopReason::kWorkLimit;
  } else {
    result.stop_reason = StopReason::kCompleted;
  }
  return finish(result);
}

}  // namespace lsmip::solver

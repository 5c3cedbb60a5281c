#include "portfolio/search_worker.h"

#include <algorithm>
#include <new>

#include "options/choices.h"
#include "portfolio/crossover.h"

namespace lsmip::portfolio {

SearchWorker::SearchWorker(SearchWorkerSetup setup, Logger& log)
    : setup_(std::move(setup)),
      log_(log),
      rng_(static_cast<std::uint64_t>(setup_.options.seed) * 0xD1B54A32D192ED03ULL + 77) {
  stats_.name = setup_.name;
  stats_.config = setup_.config;
  config_ = setup_.config_index;
  work_limit_ = setup_.options.work_limit;
  search::SearchHooks& hooks = hooks_;
  hooks.should_stop = setup_.should_stop;
  hooks.accept = [this](std::span<const double> x) {
    std::string why;
    candidate_ = setup_.verifier->verify(x, &why);
    if (candidate_) return true;
    ++stats_.rejected;
    log_.warning("%s: a solution failed the independent check and is discarded:\n%s",
                 setup_.name.c_str(), why.c_str());
    if (setup_.may_retire && stats_.rejected >= static_cast<std::uint64_t>(setup_.options.portfolio_max_rejections)) {
      log_.warning("%s: retired after %llu rejected solutions; the other workers go on",
                   setup_.name.c_str(), static_cast<unsigned long long>(stats_.rejected));
      stats_.retired = true;
      alive_ = false;
    }
    return false;
  };
  hooks.on_improvement = [this](const search::Improvement& imp, std::span<const double>) {
    if (!candidate_) return;
    Found f{std::move(*candidate_), search::move_kind_name(imp.source)};
    candidate_.reset();
    ++stats_.found;
    if (setup_.live_pool != nullptr) {
      offer_to(*setup_.live_pool, std::move(f));
    } else {
      pending_.push_back(std::move(f));
    }
  };
  if (setup_.on_progress) {
    hooks.on_progress = [this](const search::SearchProgress& p) {
      setup_.on_progress(WorkerProgress{setup_.index, p});
    };
  }
  // Without a SearchModel the engine is built by the first task, on the worker's thread.
  if (setup_.search_model) {
    ls_ = std::make_unique<search::LocalSearch>(*setup_.reduced, setup_.search_model, setup_.options,
                                                hooks_, log_);
  }
  // The switch needs equality rows: without them both engines would search the same rows.
  if (setup_.options.portfolio_feasibility_switch > 0 && setup_.model_for && setup_.reduced->has_equality_rows() &&
      !setup_.until_first_solution) {
    switching_ = true;
    slice_length_ = setup_.options.portfolio_feasibility_switch;
  }
}

namespace {
// Adds the figures of `from` (an engine the worker ran before) to `into`.
void add_figures(search::SearchResult& into, const search::SearchResult& from) {
  into.work += from.work;
  into.moves += from.moves;
  for (std::size_t k = 0; k < into.moves_by_kind.size(); ++k) into.moves_by_kind[k] += from.moves_by_kind[k];
  into.restarts += from.restarts;
  into.neighbourhood_epochs += from.neighbourhood_epochs;
  into.imported += from.imported;
  into.warm_start_feasible = into.warm_start_feasible || from.warm_start_feasible;
  into.warm_start_repaired = into.warm_start_repaired || from.warm_start_repaired;
}
}  // namespace

search::SearchResult SearchWorker::result() const {
  search::SearchResult r = ls_ ? ls_->result() : search::SearchResult{};
  if (other_) add_figures(r, other_->result());
  if (have_replaced_) add_figures(r, replaced_);
  return r;
}

void SearchWorker::keep_figures(const search::SearchResult& r) {
  if (have_replaced_) {
    add_figures(replaced_, r);
  } else {
    replaced_ = r;
    have_replaced_ = true;
  }
}

void SearchWorker::end_switching() {
  switching_ = false;
  if (!other_) return;
  keep_figures(other_->result());
  other_.reset();
  other_model_.reset();
}

void SearchWorker::maybe_switch_engines() {
  if (!switching_) return;
  if (stats_.found > 0 || ls_->has_incumbent()) {
    end_switching();
    return;
  }
  if (stats_.work - slice_start_ < slice_length_) return;
  if (!other_) {
    other_options_ = setup_.options;
    other_options_.ls_split_equalities = !setup_.options.ls_split_equalities;
    try {
      other_model_ = setup_.model_for(other_options_);
      if (other_model_) {
        other_ = std::make_unique<search::LocalSearch>(*setup_.reduced, other_model_, other_options_, hooks_, log_);
        other_->start(setup_.start);
      }
    } catch (const std::bad_alloc&) {
      // No room for a second matrix (--memory-limit): the worker goes on with one engine.
      log_.log(LogLevel::kVerbose, "%s: no memory for a second engine; keeps one\n", setup_.name.c_str());
      other_.reset();
    }
    if (!other_) {
      other_model_.reset();
      switching_ = false;
      return;
    }
    other_lp_used_ = false;
  }
  std::swap(ls_, other_);
  std::swap(setup_.options, other_options_);
  std::swap(setup_.search_model, other_model_);
  std::swap(lp_used_, other_lp_used_);
  ++slices_;
  if (slices_ % 2 == 0) slice_length_ *= 2;
  slice_start_ = stats_.work;
  log_.log(LogLevel::kVerbose, "%s: no solution yet; runs the engine with equalities %s for %.3g work units\n",
           setup_.name.c_str(), setup_.options.ls_split_equalities ? "split into two rows" : "as one row",
           slice_length_);
}

bool SearchWorker::build_engine() {
  try {
    if (!setup_.search_model && setup_.model_for) setup_.search_model = setup_.model_for(setup_.options);
    if (setup_.search_model) {
      ls_ = std::make_unique<search::LocalSearch>(*setup_.reduced, setup_.search_model, setup_.options,
                                                  hooks_, log_);
    }
  } catch (const std::bad_alloc&) {
    // No room for its matrix (--memory-limit): the other workers go on.
    log_.log(LogLevel::kVerbose, "%s: no memory for its engine; ends\n", setup_.name.c_str());
    ls_.reset();
  }
  if (!ls_) alive_ = false;
  return ls_ != nullptr;
}

void SearchWorker::end_search(const char* why) {
  if (!alive_) return;
  alive_ = false;
  log_.log(LogLevel::kVerbose, "%s: ends: %s\n", setup_.name.c_str(), why);
}

void SearchWorker::update_stats() {
  const search::SearchResult r = result();
  stats_.work = r.work;
  stats_.moves = r.moves;
  stats_.restarts = r.restarts;
  stats_.imported = r.imported;
}

bool SearchWorker::maybe_take_configuration(const PoolEntry& best) {
  const auto wait = static_cast<std::uint64_t>(setup_.options.portfolio_handover);
  if (wait == 0 || !setup_.configs || best.config < 0 || best.config == config_ ||
      static_cast<std::size_t>(best.config) >= setup_.configs->size()) {
    return false;
  }
  if (stats_.elites != elites_seen_) {
    elites_seen_ = stats_.elites;
    last_elite_task_ = stats_.tasks;
  }
  if (stats_.tasks - last_elite_task_ < wait) return false;
  const SearchConfig& c = (*setup_.configs)[static_cast<std::size_t>(best.config)];
  // A configuration without a SearchModel in the table (the feasibility worker's) has one in
  // the model_for cache by now: the worker that found the best built it.
  std::shared_ptr<const search::SearchModel> model = c.model;
  try {
    if (!model && setup_.model_for) model = setup_.model_for(c.options);
  } catch (const std::bad_alloc&) {
    model.reset();
  }
  if (!model) return false;
  const search::SearchResult so_far = result();
  Options o = c.options;
  o.seed = setup_.options.seed;
  o.work_limit = work_limit_ - so_far.work;  // the worker's limit, not the engine's
  if (!(o.work_limit > 0)) return false;
  replaced_ = so_far;
  have_replaced_ = true;
  ls_ = std::make_unique<search::LocalSearch>(*setup_.reduced, model, o, hooks_, log_);
  ls_->start({});
  ls_->import_incumbent(best.solution.reduced());
  ls_->restart_from(best.solution.reduced());
  setup_.options = o;
  setup_.search_model = model;
  config_ = best.config;
  last_elite_task_ = stats_.tasks;  // give the new configuration its own H tasks
  deferred_.clear();
  ++stats_.handovers;
  stats_.config = c.description.empty() ? "(the options as given)" : c.description;
  stats_.config += " (handed over)";
  log_.log(LogLevel::kVerbose, "%s: takes the configuration of %s's best: %s\n", setup_.name.c_str(),
           best.source.c_str(), stats_.config.c_str());
  update_stats();
  return true;
}

bool SearchWorker::defers(const SolutionPool& pool) {
  // Cheap tests first: the pool's best is a copy of a whole solution.
  if (setup_.jump_worker < 0 || stats_.found > 0 || ls_->has_incumbent() || pool.size() == 0) return false;
  const std::optional<PoolEntry> best = pool.best();
  if (!best || best->worker != setup_.jump_worker) return false;
  if (jump_seen_work_ < 0) jump_seen_work_ = stats_.work;
  return stats_.work < 2 * jump_seen_work_ + setup_.jump_grace;
}

bool SearchWorker::run_task(double work) {
  if (!alive_) return false;
  if (!started_) {
    started_ = true;
    if (!ls_ && !build_engine()) return false;
    ls_->start(setup_.start);
  }
  maybe_switch_engines();
  if (slices_ > 0) {
    // Two engines have run: the worker's work limit bounds their sum.
    const double left = work_limit_ - stats_.work;
    if (!(left > 0)) {
      alive_ = false;
      return false;
    }
    work = std::min(work, left);
  }
  ++stats_.tasks;
  const bool more = ls_->run_for(work);
  const search::SearchResult r = ls_->result();
  update_stats();
  if (!r.status.ok()) {
    log_.warning("%s: retired: %s", setup_.name.c_str(), r.status.to_string().c_str());
    stats_.retired = true;
  }
  if (!more || !alive_) alive_ = false;
  if (setup_.until_first_solution && stats_.found > 0) end_search("it found a solution");
  return alive_;
}

void SearchWorker::offer_to(SolutionPool& pool, Found f) {
  count_admission(pool.offer(std::move(f.solution), setup_.index, setup_.name + " " + f.kind, config_), stats_);
}

void SearchWorker::publish(SolutionPool& pool) {
  for (Found& f : pending_) offer_to(pool, std::move(f));
  pending_.clear();
}

void SearchWorker::absorb(const SolutionPool& pool) {
  if (!alive_) return;
  if (setup_.until_first_solution && pool.size() > 0) {
    end_search("a solution exists");
    return;
  }
  if (!ls_) return;  // not started yet
  const bool defer = defers(pool);
  if (switching_ && pool.size() > 0 && !defer) end_switching();
  if (setup_.options.lp_start && !lp_used_ && setup_.bound != nullptr) {
    if (const std::shared_ptr<const LpPoint> lp = setup_.bound->lp();
        lp && lp->x.size() == static_cast<std::size_t>(setup_.reduced->num_cols())) {
      lp_used_ = true;
      // The incumbent, if any, is kept; without one a rounding worse than the current point is declined.
      const bool restarts = ls_->restart_from(lp->x);
      log_.log(LogLevel::kVerbose, "%s: %s the root LP's rounding\n", setup_.name.c_str(),
               restarts ? "restarts from" : "declines (more rows violated than now)");
    }
  }
  const PortfolioShare share = choice<PortfolioShare>(setup_.options);
  if (setup_.options.portfolio_handover > 0) {
    if (const std::optional<PoolEntry> best = pool.best(); best && maybe_take_configuration(*best)) {
      seen_version_ = pool.version();
      restarts_seen_ = stats_.restarts;
      return;
    }
  }
  const std::uint64_t v = pool.version();
  if (share == PortfolioShare::kRestart && !deferred_.empty() && stats_.restarts > restarts_seen_) {
    // The engine restarted from the deferred solution (its restart point): adopt it now.
    ls_->import_incumbent(deferred_);
    deferred_.clear();
  }
  restarts_seen_ = stats_.restarts;
  if (v != seen_version_ && share != PortfolioShare::kOff && !defer) {
    seen_version_ = v;
    if (const std::optional<PoolEntry> best = pool.best(); best && best->worker != setup_.index) {
      if (share == PortfolioShare::kIncumbent) {
        ls_->import_incumbent(best->solution.reduced());
      } else {
        deferred_ = best->solution.reduced();
        ls_->set_restart_point(deferred_);
      }
    }
  }
  const PortfolioRestart policy = choice<PortfolioRestart>(setup_.options);
  if (policy == PortfolioRestart::kBest || pool.size() < 2 || !deferred_.empty()) return;
  const std::vector<PoolEntry> elites = pool.entries();
  const bool cross = policy == PortfolioRestart::kCrossover ||
                     (policy == PortfolioRestart::kMixed && restart_picks_ % 2 == 1);
  ++restart_picks_;
  const auto pick = [&] { return rng_.below(static_cast<std::uint32_t>(elites.size())); };
  if (!cross) {
    ls_->set_restart_point(elites[pick()].solution.reduced());
    return;
  }
  const std::uint32_t a = pick();
  std::uint32_t b = pick();
  if (b == a) b = (a + 1) % static_cast<std::uint32_t>(elites.size());
  const search::SearchModel& sm = *setup_.search_model;
  ls_->set_restart_point(crossover(elites[a].solution.reduced(), elites[b].solution.reduced(), sm.lb,
                                   sm.ub, sm.is_int, rng_));
}

}  // namespace lsmip::portfolio

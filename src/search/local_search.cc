#include "search/local_search.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "options/choices.h"
#include "search/move_context.h"
#include "search/move_table.h"
#include "search/neighbourhood.h"
#include "search/restart_policy.h"
#include "search/parity.h"
#include "search/search_model.h"
#include "search/search_state.h"
#include "util/rng.h"

namespace lsmip::search {

namespace {

// Value closest to 0 within [lb, ub] (bounds of integer variables are integral).
double default_value(double lb, double ub) {
  if (lb > 0.0) return lb;
  if (ub < 0.0) return ub;
  return 0.0;
}

// A uniform random value of a finite domain [lb, ub] (integral for an integer variable).
double random_value(Rng& rng, double lb, double ub, bool is_int) {
  return is_int ? std::min(ub, lb + std::floor(rng.uniform() * (ub - lb + 1.0)))
                : lb + rng.uniform() * (ub - lb);
}

constexpr double kPollInterval = 1000.0;      // work units between should_stop() calls
constexpr double kProgressInterval = 1.0e6;   // work units between on_progress() calls
constexpr int kStuckLimit = 1000;             // iterations without any possible move

}  // namespace

class Engine {
 public:
  Engine(const Model& model, std::shared_ptr<const SearchModel> sm, const Options& options,
         const SearchHooks& hooks, Logger& log)
      : model_(model),
        opt_(options),
        hooks_(hooks),
        log_(log),
        sm_owner_(std::move(sm)),
        sm_(*sm_owner_),
        rng_(static_cast<std::uint64_t>(options.seed) * 0x9E3779B97F4A7C15ULL + 12345),
        mv_(sm_, SearchState(sm_), opt_, rng_),
        st_(mv_.state),
        policy_(opt_),
        nb_(sm_),
        smooth_(choice<LsWeightScheme>(options) == LsWeightScheme::kSmooth) {}

  void start(std::span<const double> initial);
  bool iterate();
  bool force_move(MoveKind kind);
  std::string check_all();
  SearchResult result() const;
  const SearchState& state() const { return st_; }
  bool frozen(Index j) const { return mv_.frozen.frozen(j); }
  bool stopped() const { return stop_; }
  double work() const { return st_.work(); }
  bool import_incumbent(std::span<const double> x);
  void set_restart_point(std::span<const double> x) { restart_point_ = snap(x); }
  bool restart_from(std::span<const double> x);
  bool has_incumbent() const { return found_; }

 private:
  void feasible_phase();
  void step();
  void apply(const Candidate& c);
  // Applies both steps of a pair move (a transfer or a swap) as two moves of `kind`.
  void apply_pair(const PairMove& pm, MoveKind kind);
  void update_weights();
  void restart();
  void record_incumbent(MoveKind source);
  void refresh_incumbent_info();
  Real unit_step() const;
  // Steps without improvement before the next restart (RestartPolicy::limit).
  std::uint64_t restart_limit() const { return policy_.limit(found_, mv_.frozen.any()); }
  void poll();
  void run_check();
  // x rounded (integers) and clipped into the search model's bounds.
  std::vector<double> snap(std::span<const double> x) const;
  // ls_flip_cache auto: after the probe steps, turns the maintained flip scores on when their
  // estimated upkeep per move is below the scoring they save (both counted, never timed).
  void decide_flip_cache();

  const Model& model_;
  const Options opt_;
  SearchHooks hooks_;
  Logger& log_;
  std::shared_ptr<const SearchModel> sm_owner_;
  const SearchModel& sm_;
  Rng rng_;
  MoveContext mv_;
  SearchState& st_;  // mv_.state
  RestartPolicy policy_;
  Neighbourhood nb_;  // neighbourhood of the current epoch (while frozen)
  const bool smooth_;

  bool found_ = false;
  Real best_internal_ = 0;           // objective of the incumbent without the offset
  Real bm_gap_ = 0;                  // adaptive distance of the breakthrough target below best
  std::vector<double> best_x_;
  double best_objective_ = 0;        // with the offset, min form
  std::uint64_t last_improve_step_ = 0;
  Index last_var_ = -1;              // last moved variable and its previous value
  double last_old_value_ = 0.0;
  MoveKind last_kind_ = MoveKind::kInitial;
  bool stop_ = false;
  bool check_due_ = false;           // a level-2 state check is pending
  bool stopped_by_limit_ = false;
  double next_poll_ = 0.0;
  double next_progress_ = kProgressInterval;
  int stuck_ = 0;
  std::array<std::uint64_t, kNumMoveKinds> by_kind_{};
  bool flip_decided_ = false;        // ls_flip_cache: the choice is made
  bool warm_feasible_ = false;
  bool warm_repaired_ = false;
  std::vector<double> restart_point_;  // the next restart from the best starts here instead
  bool restart_now_ = false;           // restart_from(): restart at restart_point_ next step
  std::uint64_t imported_ = 0;         // incumbents adopted from other workers
  Status status_;
};

void Engine::start(std::span<const double> initial) {
  std::vector<double> x(static_cast<std::size_t>(sm_.num_vars));
  if (!initial.empty() && initial.size() != x.size()) {
    log_.warning("warm start has %zu values for %zu columns; ignored", initial.size(), x.size());
    initial = {};
  }
  // Without a warm start, a solution of the parity system of the model (if it has one)
  // is the starting point; it is not a user's warm start, so it sets no warm-start flags.
  ParityStart parity;
  if (initial.empty() && opt_.ls_parity_start) {
    const auto min_rows = static_cast<Index>(
        std::max(1.0, std::ceil(opt_.ls_parity_min_share * static_cast<double>(model_.num_rows()))));
    parity = parity_start(model_, min_rows, opt_.ls_parity_max_work);
    if (parity.rows > 0) {
      log_.log(LogLevel::kVerbose, "search: %d parity rows over %d binaries: %s\n", parity.rows,
               parity.binaries,
               parity.rows < min_rows    ? "too few for a parity start"
               : !parity.consistent      ? "their congruences contradict each other; not used"
               : parity.values.empty()   ? "too large to solve; not used"
                                         : "solved over GF(2), the search starts there");
      if (!parity.values.empty()) log_.log(LogLevel::kVerbose, "search: parity rank %d\n", parity.rank);
    }
    initial = parity.values;
  }
  const bool from_parity = !parity.values.empty();
  for (Index j = 0; j < sm_.num_vars; ++j) {
    const double lb = sm_.lb[j], ub = sm_.ub[j];
    double v = default_value(lb, ub);
    if (!initial.empty()) {
      const double given = initial[j];
      if (std::isnan(given)) {
        warm_repaired_ = !from_parity;
      } else {
        v = sm_.is_int[j] ? std::round(given) : given;
        if (v < lb) v = lb;
        if (v > ub) v = ub;
        if (!std::isfinite(v)) v = default_value(lb, ub);
        if (v != given && !from_parity) warm_repaired_ = true;
      }
    }
    x[j] = v;
  }
  if (sm_.infeasible) {
    log_.log(LogLevel::kVerbose, "search: model trivially infeasible (%s)\n",
             sm_.infeasible_reason.c_str());
    stop_ = true;
    return;
  }
  st_.load(x);
  const LsFlipCache flip_cache = choice<LsFlipCache>(opt_);
  if (flip_cache == LsFlipCache::kOff || (flip_cache == LsFlipCache::kOn && opt_.ls_flip_cache_rows > 0)) {
    mv_.flip.enable(flip_cache == LsFlipCache::kOn, opt_.ls_flip_cache_rows);
    flip_decided_ = true;
  }
  log_.log(LogLevel::kVerbose,
           "search: %d vars (%zu movable, %zu in objective), %d rows, %s arithmetic, %s objective\n",
           sm_.num_vars, sm_.movable_vars.size(), sm_.obj_vars.size(), sm_.num_rows,
           sm_.exact ? "exact" : "long double", sm_.obj_integral ? "integral" : "real");
  if (!initial.empty()) {
    const bool feasible = verify_solution(model_, x, 0.75 * opt_.feas_tol, opt_.ls_feas_tol_relative);
    log_.log(LogLevel::kVerbose, "search: %s %s%s\n", from_parity ? "parity start" : "warm start",
             feasible ? "feasible" : "infeasible", warm_repaired_ ? " (repaired)" : "");
    if (!from_parity) warm_feasible_ = feasible;
    if (feasible && st_.violated.empty()) record_incumbent(MoveKind::kInitial);
  }
  refresh_incumbent_info();
}

void Engine::refresh_incumbent_info() {
  if (!found_) {
    mv_.scorer.set_incumbent(false, 0, 0);
    return;
  }
  const Real unit = unit_step();
  mv_.scorer.set_incumbent(true, best_internal_ - unit / 2, best_internal_ - std::max(unit, bm_gap_));
}

Real Engine::unit_step() const {
  return sm_.obj_integral ? Real(1)
                          : static_cast<Real>(opt_.ls_obj_epsilon *
                                              std::max(1.0, std::fabs(best_objective_)));
}

void Engine::record_incumbent(MoveKind source) {
  if (!sm_.exact && st_.moves_since_recompute > 0) {
    st_.recompute();  // never accept a point on drifted activities
    mv_.flip.invalidate();
    mv_.lift.invalidate();
    if (!st_.violated.empty()) return;
    if (found_ && !(st_.objective < mv_.scorer.threshold())) return;
  }
  if (!verify_solution(model_, st_.x, 0.75 * opt_.feas_tol, opt_.ls_feas_tol_relative)) {
    log_.log(LogLevel::kVerbose, "search: candidate incumbent failed verification; ignored\n");
    return;
  }
  if (hooks_.accept && !hooks_.accept(st_.x)) {
    log_.log(LogLevel::kVerbose, "search: candidate incumbent rejected by the caller's check\n");
    return;
  }
  if (found_ && opt_.ls_bm_adaptive) {
    // Adaptive breakthrough target: when an improvement reached the target, aim twice as far
    // next time (one-variable breakthroughs on continuous models otherwise gain only eps).
    const Real gained = best_internal_ - st_.objective;
    const Real gap = std::max(unit_step(), bm_gap_);
    bm_gap_ = gained >= gap * Real(0.999) ? 2 * gap : Real(0);
  }
  found_ = true;
  policy_.note_improvement();
  best_x_ = st_.x;
  best_internal_ = st_.objective;
  best_objective_ = model_.objective(best_x_);
  last_improve_step_ = st_.step();
  refresh_incumbent_info();
  if (hooks_.on_improvement) {
    hooks_.on_improvement(Improvement{st_.work(), best_objective_, source, st_.step()}, best_x_);
  }
}

std::vector<double> Engine::snap(std::span<const double> x) const {
  std::vector<double> v(x.begin(), x.end());
  if (v.size() != static_cast<std::size_t>(sm_.num_vars)) return {};
  for (Index j = 0; j < sm_.num_vars; ++j) {
    double& e = v[static_cast<std::size_t>(j)];
    if (sm_.is_int[j]) e = std::round(e);
    e = std::clamp(e, sm_.lb[j], sm_.ub[j]);
    if (!std::isfinite(e)) e = default_value(sm_.lb[j], sm_.ub[j]);
  }
  return v;
}

bool Engine::restart_from(std::span<const double> given) {
  std::vector<double> x = snap(given);
  if (x.empty()) return false;
  // Without an incumbent the current point is the search's progress towards one: a point
  // that violates more rows would undo it.
  if (!found_ && st_.rows_violated_at(x) > static_cast<std::size_t>(st_.violated.size())) return false;
  restart_point_ = std::move(x);
  restart_now_ = true;
  return true;
}

bool Engine::import_incumbent(std::span<const double> given) {
  std::vector<double> x = snap(given);
  if (x.empty()) return false;
  Real internal = 0;
  for (Index j : sm_.obj_vars) internal += static_cast<Real>(sm_.cost[j]) * static_cast<Real>(x[j]);
  // Only a strict improvement by the engine's own step is adopted, so an equal solution
  // never moves the cut-off.
  if (found_ && !(internal < best_internal_ - unit_step() / 2)) return false;
  found_ = true;
  best_x_ = std::move(x);
  best_internal_ = internal;
  best_objective_ = model_.objective(best_x_);
  bm_gap_ = 0;
  ++imported_;
  refresh_incumbent_info();
  return true;
}

void Engine::poll() {
  if (st_.work() >= opt_.work_limit) {
    stop_ = true;
    stopped_by_limit_ = true;
    return;
  }
  if (st_.work() < next_poll_) return;
  next_poll_ = st_.work() + kPollInterval;
  if (hooks_.should_stop && hooks_.should_stop()) {
    stop_ = true;
    stopped_by_limit_ = true;
  }
  if (hooks_.on_progress && st_.work() >= next_progress_) {
    next_progress_ = st_.work() + kProgressInterval;
    SearchProgress p;
    p.work = st_.work();
    p.moves = st_.step();
    p.restarts = policy_.restarts();
    p.violated_rows = st_.violated.size();
    p.found = found_;
    p.best_objective = best_objective_;
    hooks_.on_progress(p);
  }
}

void Engine::decide_flip_cache() {
  flip_decided_ = true;
  if (st_.step() == 0) return;
  // Under a uniform model of moves and candidates over the binary columns, a row of length L
  // costs about 2L row evaluations per move through it and saves one per scored candidate in
  // it: worth keeping when L is below half the binary candidates scored per step.
  const double scores = static_cast<double>(mv_.flip.binary_scores()) / static_cast<double>(st_.step());
  const std::int64_t limit = opt_.ls_flip_cache_rows > 0
                                 ? opt_.ls_flip_cache_rows
                                 : static_cast<std::int64_t>(std::min(scores / 2.0, 2e9));
  double upkeep = 0.0, saving = 0.0, uniform = 0.0;
  mv_.flip.estimate(limit, &upkeep, &saving, &uniform);
  // An entry of a uniform long row costs a lookup instead of a row term: about half saved.
  saving += 0.5 * uniform;
  const bool on = choice<LsFlipCache>(opt_) == LsFlipCache::kOn || (limit > 0 && 2.0 * upkeep < scores * saving);
  mv_.flip.enable(on, limit);
  st_.add_work(static_cast<double>(sm_.col_start.back()));
  log_.log(LogLevel::kVerbose,
           "search: flip score cache %s (rows up to %lld entries; upkeep %.3g per move, saves %.3g "
           "per step at %.3g binary scores per step)\n",
           on ? "on" : "off", static_cast<long long>(limit), 2.0 * upkeep, scores * saving, scores);
}

void Engine::run_check() {
  check_due_ = false;
  const std::string diff = check_all();
  if (!diff.empty()) {
    status_ = Status(StatusCode::kInternal, "search state check failed after move " +
                                                std::to_string(st_.step()) + ": " + diff);
    log_.warning("%s", status_.message().c_str());
    stop_ = true;
  }
}

void Engine::apply(const Candidate& c) {
  const Index j = c.var;
  const double old = st_.x[j];
  mv_.flip.apply_move(j, c.value);
  st_.record_move(j);
  const std::uint64_t tenure =
      static_cast<std::uint64_t>(opt_.ls_tabu_base) +
      rng_.below(static_cast<std::uint32_t>(std::min<std::int64_t>(opt_.ls_tabu_random, 1 << 30)));
  st_.set_tabu(j, c.value > old, st_.step() + tenure);
  last_var_ = j;
  last_old_value_ = old;
  last_kind_ = c.kind;
  ++by_kind_[static_cast<std::size_t>(c.kind)];
  // The lift cache follows every move (its refresh costs only the watchers of
  // the touched rows), so the feasible phase rarely needs a full rebuild.
  if (mv_.lift.valid()) mv_.lift.refresh_after(j, old);
  if (!sm_.exact &&
      st_.moves_since_recompute >= static_cast<std::uint64_t>(opt_.ls_recompute_interval)) {
    st_.recompute();
    mv_.flip.invalidate();
    mv_.lift.invalidate();
  }
  if (opt_.ls_check_level >= 2 && st_.step() % static_cast<std::uint64_t>(opt_.ls_check_interval) == 0) {
    check_due_ = true;  // run once the caller has refreshed the lift cache
  }
}

void Engine::apply_pair(const PairMove& pm, MoveKind kind) {
  apply(Candidate{pm.var, pm.value, kind});
  apply(Candidate{pm.partner, pm.partner_value, kind});
}

void Engine::update_weights() {
  const std::int64_t limit = opt_.ls_weight_limit;
  if (smooth_ && rng_.chance(opt_.ls_smooth_prob)) {
    if (found_ && st_.objective < mv_.scorer.threshold() && st_.obj_weight() > 0) st_.add_obj_weight(-1);
    // Backwards, because lowering a weight to 1 removes the row from the set.
    for (std::int32_t k = st_.raised_weights.size() - 1; k >= 0; --k) {
      const Index i = st_.raised_weights[k];
      if (st_.violated.contains(i)) continue;
      if (st_.weight[i] > 1) mv_.flip.add_weight(i, -1, limit);
      if (st_.weight_lo[i] > 1) mv_.flip.add_weight(i, -1, limit, true);
    }
    st_.add_work(static_cast<double>(st_.raised_weights.size()));
    return;
  }
  if (st_.violated.empty()) {
    if (found_ && st_.obj_weight() < limit) st_.add_obj_weight(1);
    return;
  }
  // A row with per-side weights raises the weight of the side that is violated.
  for (Index i : st_.violated) {
    mv_.flip.add_weight(i, 1, limit, sm_.row_sides[i] && st_.act[i] < sm_.rows[i].lo_tol);
  }
  st_.add_work(static_cast<double>(st_.violated.size()));
}

void Engine::restart() {
  ++by_kind_[static_cast<std::size_t>(MoveKind::kRestart)];
  std::vector<double> x;
  if ((found_ || restart_now_) && !restart_point_.empty()) {
    restart_now_ = false;
    x.swap(restart_point_);
    restart_point_.clear();
  } else if (found_) {
    x = best_x_;
    // Optional perturbation: each variable with a finite domain takes a uniform random value
    // with probability ls_restart_perturb, so the restart does not retrace its last search.
    if (opt_.ls_restart_perturb > 0.0) {
      for (Index j : sm_.movable_vars) {
        const double lb = sm_.lb[j], ub = sm_.ub[j];
        if (!std::isfinite(lb) || !std::isfinite(ub) || !rng_.chance(opt_.ls_restart_perturb)) continue;
        x[j] = random_value(rng_, lb, ub, sm_.is_int[j]);
      }
    }
  } else {
    x.resize(static_cast<std::size_t>(sm_.num_vars));
    for (Index j = 0; j < sm_.num_vars; ++j) {
      const double lb = sm_.lb[j], ub = sm_.ub[j];
      double v = default_value(lb, ub);
      if (std::isfinite(lb) && std::isfinite(ub) && lb < ub) v = random_value(rng_, lb, ub, sm_.is_int[j]);
      x[j] = v;
    }
  }
  st_.load(x);
  st_.reset_weights();
  mv_.flip.invalidate();
  st_.add_work(mv_.frozen.unfreeze());
  const RestartPolicy::Epoch epoch = policy_.next_epoch(found_);
  if (epoch.neighbourhood) {
    st_.add_work(nb_.grow(rng_, opt_.ls_lns_fraction, epoch.seed_from_objective));
    st_.add_work(mv_.frozen.freeze_except(nb_.vars()));
  }
  st_.clear_tabu();
  st_.add_work(static_cast<double>(sm_.num_vars));
  last_improve_step_ = st_.step();
  last_var_ = -1;
  last_kind_ = MoveKind::kRestart;
  mv_.lift.invalidate();
  log_.log(LogLevel::kVerbose, "search: restart %llu at move %llu\n",
           static_cast<unsigned long long>(policy_.restarts()), static_cast<unsigned long long>(st_.step()));
}

void Engine::feasible_phase() {
  if (!mv_.lift.valid()) mv_.lift.rebuild();
  Candidate c;
  PairMove pm;
  while (!stop_ && st_.violated.empty()) {
    if (mv_.lift.best(&c)) {
      apply(c);
    } else if ((!found_ || st_.objective < mv_.scorer.threshold()) &&
               mv_.pairs.best_swap(phase_sizes(MoveKind::kSwap, Phase::kImprove).a.of(opt_, found_),
                               phase_sizes(MoveKind::kSwap, Phase::kImprove).b.of(opt_, found_), &pm)) {
      // Swaps only polish a point that is about to become the incumbent, so their cost is
      // paid once per improvement, not at every return to a feasible point.
      apply_pair(pm, MoveKind::kSwap);
    } else {
      break;
    }
    if (!mv_.lift.valid()) break;
    if (check_due_) run_check();
    poll();
  }
  if (st_.violated.empty() && (!found_ || st_.objective < mv_.scorer.threshold())) {
    record_incumbent(last_kind_);
  }
}

void Engine::step() {
  // The sizes of every kind come from the move table (move_table.h); this is only the order.
  const bool inc = found_;
  const bool breakthrough = inc && !(st_.objective < mv_.scorer.threshold());
  const auto size = [&](MoveKind kind, Phase phase, SampleSize PhaseSizes::*which) {
    return (phase_sizes(kind, phase).*which).of(opt_, inc);
  };
  const auto add = [&](MoveKind kind, Phase phase) { add_candidates(mv_.gen, opt_, kind, phase, inc); };
  Candidate c{};
  Score s;
  // Tight moves of violated rows, with breakthrough moves when the point is not below the
  // incumbent.
  mv_.gen.begin(true);
  if (!st_.violated.empty()) add(MoveKind::kUnsatTight, Phase::kImprove);
  if (breakthrough) add(MoveKind::kBreakthrough, Phase::kImprove);
  if (mv_.gen.select(size(MoveKind::kUnsatTight, Phase::kImprove, &PhaseSizes::select), true, &c, &s)) {
    apply(c);
    return;
  }
  // Transfers (same tabu as the list above).
  const std::int64_t transfer_pairs = size(MoveKind::kTransfer, Phase::kImprove, &PhaseSizes::c);
  if (transfer_pairs > 0 && !st_.violated.empty() && (!inc || opt_.ls_transfer_restore)) {
    PairMove pm;
    if (mv_.pairs.best_transfer(size(MoveKind::kTransfer, Phase::kImprove, &PhaseSizes::a),
                                size(MoveKind::kTransfer, Phase::kImprove, &PhaseSizes::b), transfer_pairs,
                                &pm, &s)) {
      apply_pair(pm, MoveKind::kTransfer);
      return;
    }
  }
  // Tight moves of satisfied rows (once an incumbent exists), then flips.
  if (inc && size(MoveKind::kSatTight, Phase::kImprove, &PhaseSizes::a) > 0) {
    mv_.gen.begin(true);
    add(MoveKind::kSatTight, Phase::kImprove);
    if (mv_.gen.select(size(MoveKind::kSatTight, Phase::kImprove, &PhaseSizes::select), true, &c, &s)) {
      apply(c);
      return;
    }
  }
  if (size(MoveKind::kFlip, Phase::kImprove, &PhaseSizes::a) > 0) {
    mv_.gen.begin(true);
    add(MoveKind::kFlip, Phase::kImprove);
    if (mv_.gen.select(size(MoveKind::kFlip, Phase::kImprove, &PhaseSizes::select), true, &c, &s)) {
      apply(c);
      return;
    }
  }
  // Local optimum: update the weights, then escape with the best move of a random violated
  // row (plus breakthrough moves), even if it does not improve; never undo the last step.
  // The row is sampled like the tight moves: a row that needs decreases draws from its entries
  // above their lower bound, so the few binaries at 1 of a long set-partitioning row are never
  // missed. Without a violated row (or candidate), satisfied rows, then flips.
  update_weights();
  mv_.gen.begin(false, last_var_, last_old_value_);
  add(MoveKind::kRandomTight, Phase::kEscape);
  if (breakthrough) add(MoveKind::kBreakthrough, Phase::kEscape);
  if (mv_.gen.num_candidates() == 0) add(MoveKind::kSatTight, Phase::kEscape);
  if (mv_.gen.num_candidates() == 0) add(MoveKind::kFlip, Phase::kEscape);
  if (mv_.gen.select(size(MoveKind::kRandomTight, Phase::kEscape, &PhaseSizes::select), false, &c, &s)) {
    stuck_ = 0;
    apply(c);
    return;
  }
  if (++stuck_ >= kStuckLimit) {
    stuck_ = 0;
    if (sm_.movable_vars.empty()) {
      stop_ = true;
    } else {
      restart();
    }
  }
  st_.add_work(1.0);  // an idle iteration still costs effort, so the work limit is reached
}

bool Engine::iterate() {
  if (stop_) return false;
  // The probe also ends after 10,000 work units per probe step, so slow steps (long columns,
  // large samples) spend less time unaccelerated.
  if (!flip_decided_ && (st_.step() >= static_cast<std::uint64_t>(opt_.ls_flip_cache_probe) ||
                         st_.work() >= 1e4 * static_cast<double>(opt_.ls_flip_cache_probe))) {
    decide_flip_cache();
  }
  if (bm_gap_ > 0 && st_.step() - last_improve_step_ > static_cast<std::uint64_t>(opt_.ls_bm_reset_steps)) {
    bm_gap_ = 0;
    refresh_incumbent_info();
  }
  if (st_.violated.empty()) {
    feasible_phase();
    if (stop_) return false;
    if (sm_.movable_vars.empty()) {
      stop_ = true;
      return false;
    }
  }
  if (restart_now_ || st_.step() - last_improve_step_ >= restart_limit()) {
    restart();
  } else {
    step();
  }
  if (check_due_) run_check();
  poll();
  return !stop_;
}

bool Engine::force_move(MoveKind kind) {
  if (static_cast<std::size_t>(kind) >= kNumMoveKinds) return false;
  const MoveKindInfo& info = move_kind_info(kind);
  const PhaseSizes& z = phase_sizes(kind, Phase::kForce);
  if (!z.used) return false;
  const auto size = [&](const SampleSize& sz) { return sz.of(opt_, found_); };
  Candidate c{};
  Score s;
  PairMove pm;
  switch (info.source) {
    case MoveSource::kRestart: restart(); return true;
    case MoveSource::kLift:
      if (!st_.violated.empty()) return false;
      if (!mv_.lift.valid()) mv_.lift.rebuild();
      if (!mv_.lift.best(&c)) return false;
      apply(c);
      return true;
    case MoveSource::kTransfer:
      mv_.gen.begin(false);
      if (!mv_.pairs.best_transfer(size(z.a), size(z.b), size(z.c), &pm, &s)) return false;
      apply_pair(pm, kind);
      return true;
    case MoveSource::kSwap:
      if (!st_.violated.empty()) return false;
      if (!mv_.pairs.best_swap(size(z.a), size(z.b), &pm)) return false;
      apply_pair(pm, kind);
      return true;
    case MoveSource::kNone: return false;
    default: break;
  }
  mv_.gen.begin(false);
  add_candidates(mv_.gen, opt_, kind, Phase::kForce, found_);
  if (!mv_.gen.select(size(z.select), false, &c, &s)) return false;
  apply(c);
  return true;
}

std::string Engine::check_all() {
  std::string diff = st_.check_against_scratch();
  if (!diff.empty()) return diff;
  diff = mv_.flip.check();
  if (!diff.empty()) return diff;
  // Scores: the incremental state against a recomputed copy, on the candidates of every
  // neighbourhood. The copies use their own generator so the run is not perturbed.
  Rng r1(st_.step()), r2(0);
  MoveContext inc(sm_, st_, opt_, r1), fresh(sm_, st_, opt_, r2);
  fresh.state.recompute();
  // Same acceptance threshold as the engine; the target only shapes candidate values.
  const bool has = found_;
  inc.scorer.set_incumbent(has, mv_.scorer.threshold(), 0);
  fresh.scorer.set_incumbent(has, mv_.scorer.threshold(), 0);
  if (mv_.frozen.any()) {  // the same neighbourhood, so lifts and candidates compare
    inc.frozen.freeze_except(nb_.vars());
    fresh.frozen.freeze_except(nb_.vars());
  }
  inc.gen.begin(false);
  for (const MoveKindInfo& info : kMoveKinds) add_candidates(inc.gen, opt_, info.kind, Phase::kCheck, has);
  const std::vector<Candidate>& cands = inc.gen.candidates();
  for (std::size_t t = 0; t < cands.size(); ++t) {
    const Candidate& c = cands[t];
    const Score a = inc.scorer.score(c.var, c.value), b = fresh.scorer.score(c.var, c.value);
    if (!(a == b)) {
      return "score of x" + std::to_string(c.var) + " := " + std::to_string(c.value) + ": " +
             std::to_string(a.progress) + "/" + std::to_string(a.bonus) + " vs scratch " +
             std::to_string(b.progress) + "/" + std::to_string(b.bonus);
    }
    // Pair scores (transfers) on consecutive candidates of different variables, where the
    // rows involved have identical activities in both states (drift within its bound may
    // decide a near-tie between two violated sides differently).
    auto same_rows = [&](Index v) {
      for (NzIndex p = sm_.col_start[v]; p < sm_.col_start[v + 1]; ++p) {
        if (inc.state.act_d[sm_.col_row[p]] != fresh.state.act_d[sm_.col_row[p]]) return false;
      }
      return true;
    };
    if (t + 1 < cands.size() && cands[t + 1].var != c.var && same_rows(c.var) &&
        same_rows(cands[t + 1].var)) {
      const Candidate& d = cands[t + 1];
      const double dc = c.value - st_.x[c.var], dd = d.value - st_.x[d.var];
      const Score pa = inc.pairs.pair_score(c.var, dc, d.var, dd);
      const Score pb = fresh.pairs.pair_score(c.var, dc, d.var, dd);
      if (!(pa == pb)) {
        return "pair score of x" + std::to_string(c.var) + ", x" + std::to_string(d.var) + ": " +
               std::to_string(pa.progress) + " vs scratch " + std::to_string(pb.progress);
      }
    }
  }
  if (mv_.lift.valid()) {
    diff = mv_.lift.check();
    if (!diff.empty()) return diff;
    for (Index j : sm_.lift_vars) {
      double v1, g1, v2, g2;
      mv_.lift.compute(j, &v1, &g1);
      fresh.lift.compute(j, &v2, &g2);
      const double tol = sm_.is_int[j] ? 0.0 : 1e-9 * (1.0 + std::fabs(v2));
      if (std::fabs(v1 - v2) > tol) {
        return "lift domain of x" + std::to_string(j) + ": " + std::to_string(v1) +
               " vs scratch " + std::to_string(v2);
      }
    }
  }
  return {};
}

SearchResult Engine::result() const {
  SearchResult r;
  r.found = found_;
  r.best_x = best_x_;
  r.best_objective = best_objective_;
  r.moves = st_.step();
  r.moves_by_kind = by_kind_;
  r.restarts = policy_.restarts();
  r.neighbourhood_epochs = policy_.neighbourhood_epochs();
  r.work = st_.work();
  r.warm_start_feasible = warm_feasible_;
  r.warm_start_repaired = warm_repaired_;
  r.stopped_by_limit = stopped_by_limit_;
  r.trivially_infeasible = sm_.infeasible;
  r.imported = imported_;
  r.status = status_;
  return r;
}

// ---- LocalSearch facade ----

LocalSearch::LocalSearch(const Model& model, const Options& options, const SearchHooks& hooks,
                         Logger& log)
    : LocalSearch(model, std::make_shared<const SearchModel>(build_search_model(model, options)),
                  options, hooks, log) {}
LocalSearch::LocalSearch(const Model& model, std::shared_ptr<const SearchModel> sm,
                         const Options& options, const SearchHooks& hooks, Logger& log)
    : engine_(std::make_unique<Engine>(model, std::move(sm), options, hooks, log)) {}
LocalSearch::~LocalSearch() = default;
void LocalSearch::start(std::span<const double> initial) { engine_->start(initial); }
bool LocalSearch::iterate() { return engine_->iterate(); }
bool LocalSearch::force_move(MoveKind kind) { return engine_->force_move(kind); }
std::string LocalSearch::check_all() { return engine_->check_all(); }
std::span<const double> LocalSearch::values() const { return engine_->state().x; }
std::int32_t LocalSearch::num_violated() const { return engine_->state().violated.size(); }
bool LocalSearch::frozen(Index j) const { return engine_->frozen(j); }
SearchResult LocalSearch::result() const { return engine_->result(); }
bool LocalSearch::run_for(double work) {
  const double until = engine_->work() + work;
  while (engine_->work() < until) {
    if (!engine_->iterate()) return false;
  }
  return !engine_->stopped();
}
double LocalSearch::work() const { return engine_->work(); }
bool LocalSearch::import_incumbent(std::span<const double> x) { return engine_->import_incumbent(x); }
void LocalSearch::set_restart_point(std::span<const double> x) { engine_->set_restart_point(x); }
bool LocalSearch::restart_from(std::span<const double> x) { return engine_->restart_from(x); }
bool LocalSearch::has_incumbent() const { return engine_->has_incumbent(); }

SearchResult run_local_search(const Model& model, const Options& options,
                              std::span<const double> initial, const SearchHooks& hooks,
                              Logger& log) {
  LocalSearch ls(model, options, hooks, log);
  ls.start(initial);
  while (ls.iterate()) {
  }
  return ls.result();
}

}  // namespace lsmip::search

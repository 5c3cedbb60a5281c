#include "portfolio/lns_worker.h"

#include <algorithm>
#include <cmath>
#include <deque>

#include "lp/lp_relaxation.h"
#include "lp/mip_solver.h"
#include "model/restriction.h"
#include "portfolio/mip_point.h"

namespace lsmip::portfolio {

const char* neighbourhood_name(Neighbourhood n) {
  switch (n) {
    case Neighbourhood::kRens: return "rens";
    case Neighbourhood::kRins: return "rins";
    case Neighbourhood::kRandom: return "random";
    case Neighbourhood::kGraph: return "graph";
    case Neighbourhood::kCore: return "core";
    case Neighbourhood::kLocalBranching: return "branching";
  }
  return "?";
}

bool settled(const lp::MipResult& r) {
  return r.status == lp::MipStatus::kOptimal || r.status == lp::MipStatus::kInfeasible ||
         (r.status == lp::MipStatus::kError && r.nodes == 0);
}

double next_fixing_rate(double rate, const lp::MipResult& r, bool under_half_budget, bool improved) {
  const bool finished = settled(r);
  if (finished && under_half_budget) return std::max(0.05, rate - 0.05);       // too easy: free more
  if (improved) return rate;
  if (r.nodes == 0 && !finished) return std::min(0.98, 1 - (1 - rate) / 2);  // root unfinished: halve the free share
  return std::min(0.98, rate + 0.03);                                         // too hard: fix more
}

void BranchingPause::ended(bool branching, const lp::MipResult& r, bool improved) {
  if (branching && r.nodes == 0 && !settled(r) && !improved) {  // its root did not end
    left_ = std::size_t{4} << std::min<std::size_t>(misses_++, 4);
  } else if (!branching && left_ > 0) {
    --left_;
  }
}

namespace {
// Work of one sub-MIP at most, in task budgets: a sub-MIP spans several tasks.
constexpr double kSubMipTasks = 25;
constexpr double kIntegral = 1e-6;  // an LP value this close to an integer counts as integral
// A first RENS or LP-core sub-MIP of at most this many free columns plus rows runs as a burst
// (LnsWorker::urgent), with this many times the work cap of a sub-MIP.
constexpr std::size_t kBurstSize = 2000;
constexpr double kBurstBudget = 3;
}  // namespace

LnsWorker::LnsWorker(LnsWorkerSetup setup, Logger& log)
    : setup_(std::move(setup)),
      log_(log),
      rng_(static_cast<std::uint64_t>(setup_.options.seed) * 0x9E3779B97F4A7C15ULL + 4242),
      co_([this] { body(); }) {
  stats_.name = setup_.name;
  stats_.config = "RENS, RINS, LP-core, local-branching, random and constraint-graph sub-MIPs";
  const Model& m = *setup_.reduced;
  for (Index j = 0; j < m.num_cols(); ++j) {
    if (m.is_integer(j)) integers_.push_back(j);
    if (m.is_binary(j)) ++binaries_;
  }
  arms_[static_cast<std::size_t>(Neighbourhood::kRandom)].rate = 0.8;
  arms_[static_cast<std::size_t>(Neighbourhood::kGraph)].rate = 0.7;
  arms_[static_cast<std::size_t>(Neighbourhood::kRins)].rate = 0.9;
  arms_[static_cast<std::size_t>(Neighbourhood::kCore)].rate = 0.9;
}

bool LnsWorker::available(Neighbourhood n, const LpPoint* lp) const {
  if (integers_.empty()) return false;
  const bool inc = !incumbent_.empty();
  switch (n) {
    case Neighbourhood::kRens: return lp != nullptr && !rens_done_;
    case Neighbourhood::kRins: return lp != nullptr && inc;
    case Neighbourhood::kRandom: return inc;
    case Neighbourhood::kGraph: return inc && setup_.reduced->num_rows() > 0;
    case Neighbourhood::kCore:
      return lp != nullptr && lp->reduced_cost.size() == lp->x.size() && (inc || !core_stuck_);
    case Neighbourhood::kLocalBranching:
      return inc && binaries_ > 0 && lp != nullptr && branching_pause_.open();
  }
  return false;
}

Neighbourhood LnsWorker::draw(const LpPoint* lp) {
  // RENS first while it is due: it is the one neighbourhood that needs no incumbent.
  if (available(Neighbourhood::kRens, lp)) return Neighbourhood::kRens;
  if (!core_done_ && available(Neighbourhood::kCore, lp)) return Neighbourhood::kCore;
  double total = 0;
  std::array<double, kNumNeighbourhoods> w{};
  for (std::size_t k = 0; k < kNumNeighbourhoods; ++k) {
    if (available(static_cast<Neighbourhood>(k), lp)) w[k] = 0.1 + arms_[k].reward;
    total += w[k];
  }
  double u = rng_.uniform() * total;
  for (std::size_t k = 0; k < kNumNeighbourhoods; ++k) {
    if (w[k] <= 0) continue;
    if (u < w[k]) return static_cast<Neighbourhood>(k);
    u -= w[k];
  }
  for (std::size_t k = kNumNeighbourhoods; k-- > 0;) {
    if (w[k] > 0) return static_cast<Neighbourhood>(k);
  }
  return Neighbourhood::kRandom;
}

void LnsWorker::fix_random_share(double rate) {
  const Model& m = *setup_.reduced;
  for (Index j : integers_) {
    const auto k = static_cast<std::size_t>(j);
    if (lo_[k] == up_[k] && lo_[k] == incumbent_[k]) continue;  // fixed already
    if (rng_.chance(rate)) {
      lo_[k] = up_[k] = incumbent_[k];
    } else {
      lo_[k] = m.col_lower(j);
      up_[k] = m.col_upper(j);
    }
  }
}

void LnsWorker::free_around_random_row(double rate) {
  const Model& m = *setup_.reduced;
  const std::size_t want = static_cast<std::size_t>(std::ceil((1.0 - rate) * static_cast<double>(integers_.size())));
  std::vector<char> row_seen(static_cast<std::size_t>(m.num_rows()), 0), col_free(static_cast<std::size_t>(m.num_cols()), 0);
  std::deque<Index> rows;
  const Index start = static_cast<Index>(rng_.below(static_cast<std::uint32_t>(m.num_rows())));
  rows.push_back(start);
  row_seen[static_cast<std::size_t>(start)] = 1;
  std::size_t freed = 0;
  while (!rows.empty() && freed < want) {
    const Index i = rows.front();
    rows.pop_front();
    const SparseVector r = m.row(i);
    for (std::size_t t = 0; t < r.size() && freed < want; ++t) {
      const Index j = r.index[t];
      auto& f = col_free[static_cast<std::size_t>(j)];
      if (f) continue;
      f = 1;
      if (m.is_integer(j)) ++freed;
      const SparseVector c = m.col(j);
      for (std::size_t u = 0; u < c.size(); ++u) {
        auto& seen = row_seen[static_cast<std::size_t>(c.index[u])];
        if (!seen) {
          seen = 1;
          rows.push_back(c.index[u]);
        }
      }
    }
  }
  for (Index j : integers_) {
    const auto k = static_cast<std::size_t>(j);
    if (!col_free[k]) lo_[k] = up_[k] = incumbent_[k];
  }
}

void LnsWorker::fix_outside_core(const LpPoint& lp, double rate) {
  const bool inc = !incumbent_.empty();
  // An improving solution has an objective below the incumbent's: a column whose reduced cost
  // exceeds the distance from the LP bound cannot leave its LP value in one.
  const double gap = inc ? (incumbent_value_ - lp.value) * (1 + 1e-9) + 1e-6 : kInf;
  candidates_.clear();
  for (Index j : integers_) {
    const auto k = static_cast<std::size_t>(j);
    const double v = lp.x[k], r = std::round(v);
    if (std::fabs(v - r) > kIntegral || (inc && incumbent_[k] != r)) continue;
    const double d = std::fabs(lp.reduced_cost[k]);
    if (d > gap) {
      lo_[k] = up_[k] = std::min(std::max(r, lo_[k]), up_[k]);
    } else {
      candidates_.emplace_back(d, j);
    }
  }
  const auto fix = static_cast<std::size_t>(rate * static_cast<double>(candidates_.size()));
  if (fix == 0) return;
  // The `fix` largest reduced costs (ties by column) are fixed.
  std::nth_element(candidates_.begin(), candidates_.begin() + static_cast<std::ptrdiff_t>(fix - 1), candidates_.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first || (a.first == b.first && a.second < b.second); });
  for (std::size_t t = 0; t < fix; ++t) {
    const auto k = static_cast<std::size_t>(candidates_[t].second);
    const double r = std::round(lp.x[k]);
    lo_[k] = up_[k] = std::min(std::max(r, lo_[k]), up_[k]);
  }
}

bool LnsWorker::build(Neighbourhood n, const LpPoint* lp) {
  const Model& m = *setup_.reduced;
  lo_.assign(m.col_lower().begin(), m.col_lower().end());
  up_.assign(m.col_upper().begin(), m.col_upper().end());
  const double rate = arms_[static_cast<std::size_t>(n)].rate;
  std::size_t fixed = 0;
  switch (n) {
    case Neighbourhood::kRens:
      for (Index j : integers_) {
        const auto k = static_cast<std::size_t>(j);
        const double v = lp->x[k], r = std::round(v);
        if (std::fabs(v - r) <= kIntegral) {
          lo_[k] = up_[k] = std::min(std::max(r, lo_[k]), up_[k]);
        } else {
          lo_[k] = std::max(lo_[k], std::floor(v));
          up_[k] = std::min(up_[k], std::ceil(v));
        }
      }
      break;
    case Neighbourhood::kRins:
      for (Index j : integers_) {
        const auto k = static_cast<std::size_t>(j);
        // Agreement fixes the column, up to the arm's rate: beyond it columns stay free.
        if (std::fabs(lp->x[k] - incumbent_[k]) <= kIntegral && rng_.chance(rate)) lo_[k] = up_[k] = incumbent_[k];
      }
      break;
    case Neighbourhood::kRandom: fix_random_share(rate); break;
    case Neighbourhood::kGraph: free_around_random_row(rate); break;
    case Neighbourhood::kCore: fix_outside_core(*lp, rate); break;
    case Neighbourhood::kLocalBranching: return true;  // nothing fixed: the distance row restricts
  }
  for (Index j : integers_) fixed += lo_[static_cast<std::size_t>(j)] == up_[static_cast<std::size_t>(j)];
  return fixed > 0 && (fixed < integers_.size() || m.num_cols() > static_cast<Index>(integers_.size()));
}

void LnsWorker::body() {
  const Model& m = *setup_.reduced;
  auto stop = [this] { return co_.cancelled() || (setup_.should_stop && setup_.should_stop()); };
  if (setup_.solve_own_lp) {
    lp::LpControl c;
    c.row_tolerance = setup_.options.feas_tol;  // infeasible only if nothing passes the check
    c.stop = stop;
    c.on_work = [this](double w) { co_.spend(w); };
    c.work_per_iteration = setup_.options.lp_work_per_iteration;
    lp::LpSolution s = lp::solve_lp(m, c);
    if (s.status == lp::LpStatus::kOptimal) {
      lp_bound_ = s.objective;
      own_lp_ = LpPoint{std::move(s.x), s.objective, std::move(s.reduced_cost)};
    } else if (s.status == lp::LpStatus::kInfeasible) {
      lp_bound_ = kInf;  // no LP point: no integer point either
      return;
    } else if (s.status == lp::LpStatus::kUnbounded) {
      lp_unbounded_ = true;  // no LP point to guide the neighbourhoods; RINS waits for one
    }
  }
  while (!stop()) {
    const std::shared_ptr<const LpPoint> shared = setup_.bound->lp();
    const LpPoint* lp = own_lp_ ? &*own_lp_ : shared.get();
    if (lp_changed(shared)) {
      if (seen_lp_ != nullptr) {  // a tighter relaxation's point: its RENS and core are new
        rens_done_ = core_done_ = core_burst_done_ = core_stuck_ = false;
        last_core_free_ = 0;
      }
      seen_lp_ = shared;
    }
    bool any = false;
    for (std::size_t k = 0; k < kNumNeighbourhoods; ++k) any = any || available(static_cast<Neighbourhood>(k), lp);
    if (!any) {
      if (integers_.empty()) return;  // nothing to fix: no sub-MIP is smaller than the model
      starved_ = true;
      co_.yield();
      starved_ = false;
      continue;
    }
    const Neighbourhood n = draw(lp);
    Arm& arm = arms_[static_cast<std::size_t>(n)];
    if (n == Neighbourhood::kRens) rens_done_ = true;
    if (n == Neighbourhood::kCore) core_done_ = true;
    if (!build(n, lp)) {
      arm.reward *= 0.8;
      arm.rate = std::max(0.05, arm.rate - 0.1);
      co_.spend(setup_.options.portfolio_batch_work / 10);
      continue;
    }
    // The sub-MIP is the restriction to the neighbourhood's box: CBC loads and searches only
    // the free columns.
    const bool branching = n == Neighbourhood::kLocalBranching;
    const DistanceRow distance{incumbent_, std::floor(branching_distance_)};
    const std::optional<Restriction> sub =
        Restriction::build(m, lo_, up_, setup_.options.feas_tol, branching ? &distance : nullptr);
    if (!sub) {  // a row the fixed columns violate: the neighbourhood is empty
      log_.log(LogLevel::kVerbose, "%s: %s neighbourhood is empty (a row without free columns is violated)\n",
               setup_.name.c_str(), neighbourhood_name(n));
      arm.reward *= 0.8;
      if (n != Neighbourhood::kRens) arm.rate = std::max(0.05, arm.rate - 0.05);
      co_.spend(setup_.options.portfolio_batch_work / 10);
      continue;
    }
    lp::MipSettings s;
    s.row_tolerance = setup_.options.feas_tol;
    s.max_nodes = setup_.options.lns_nodes;
    // No cutting planes: a sub-MIP is after solutions, not a bound, and CBC's root cut loop
    // took most of its budget (measured on the dev set at 10 s: sum of primal gaps over 14
    // instances 2.03 without cuts, 2.68 with them, 3.03 without CBC's heuristics instead).
    s.cuts = false;
    s.seed = static_cast<int>(rng_.below(1000000));
    s.work_per_iteration = setup_.options.lp_work_per_iteration;
    if (setup_.seconds_left) s.deadline = setup_.seconds_left();
    const bool have_incumbent = !incumbent_.empty();
    std::vector<double> start;
    if (have_incumbent) {
      s.cutoff = incumbent_value_;
      if (n != Neighbourhood::kRens) {
        start = sub->restrict(incumbent_);
        s.start = start;
      }
    }
    // The first RENS and the first LP-core sub-MIP run as a burst when they are small: they
    // are the sub-MIPs an LP-guided solution is most likely to come from (see the header).
    const bool first_of_kind = n == Neighbourhood::kRens || (n == Neighbourhood::kCore && !core_burst_done_);
    if (n == Neighbourhood::kCore) core_burst_done_ = true;
    burst_ = first_of_kind && sub->free_columns().size() + static_cast<std::size_t>(sub->model().num_rows()) <= kBurstSize;
    const double cap = kSubMipTasks * setup_.options.portfolio_batch_work;
    double spent = 0;
    bool improved = false;
    s.log_level = static_cast<int>(setup_.options.coin_log);
    lp::MipCallbacks cb;
    cb.on_message = [&](const char* line) {
      log_.info("[%s %s cbc] %s", setup_.name.c_str(), neighbourhood_name(n), line);
    };
    const double budget = burst_ ? kBurstBudget * cap : cap;
    // A sub-MIP drawn before the current LP point arrived (no point yet, or the root's before
    // the preprocessed model's) gives way to the LP-guided ones once it does, unless it has
    // found something. (A new shared point always makes RENS due: see the top of the loop.)
    bool preempted = false;
    cb.stop = [&] {
      if (!improved && lp_changed(setup_.bound->lp())) preempted = true;
      return preempted || spent > budget || stop();
    };
    cb.on_work = [&](double w) {
      spent += w;
      co_.spend(w);
    };
    std::vector<double> point;
    cb.on_solution = [&](std::span<const double> x, double z) {
      if (!(z < incumbent_value_)) return;
      std::string why;
      sub->lift(x, point);
      if (setup_.tamper) setup_.tamper(point);
      if (auto v = verify_mip_point(*setup_.verifier, m, point, &why)) {
        ++body_found_;
        improved = true;
        incumbent_ = v->reduced();
        incumbent_value_ = m.objective(incumbent_);
        pending_.push_back(Found{std::move(*v), neighbourhood_name(n), setup_.clock ? setup_.clock() : -1.0});
      } else {
        ++body_rejected_;
        log_.warning("%s: a sub-MIP solution failed the independent check and is discarded:\n%s",
                     setup_.name.c_str(), why.c_str());
      }
    };
    const double left_before = setup_.seconds_left ? setup_.seconds_left() : kInf;
    const lp::MipResult r = lp::solve_mip(sub->model(), s, cb);
    burst_ = false;
    body_moves_ += static_cast<std::uint64_t>(r.nodes);
    if (r.status == lp::MipStatus::kAborted) {
      log_.warning("%s: CBC failed an internal assertion in a %s sub-MIP; that sub-MIP is dropped, its checked "
                   "solutions are kept", setup_.name.c_str(), neighbourhood_name(n));
    }
    if (log_.enabled(LogLevel::kVerbose)) {
      log_.log(LogLevel::kVerbose,
               "%s: %s sub-MIP, %zu free columns and %d rows of %d and %d: %s after %lld nodes, work %.3g%s "
               "(%.2f to %.2f s left)\n",
               setup_.name.c_str(), neighbourhood_name(n), sub->free_columns().size(), sub->model().num_rows(),
               m.num_cols(), m.num_rows(),
               r.preprocessed_infeasible ? "infeasible by CBC's preprocessing (unproven)" : lp::to_string(r.status),
               static_cast<long long>(r.nodes), spent,
               improved ? ", improved" : "", left_before, setup_.seconds_left ? setup_.seconds_left() : kInf);
    }
    if (preempted) {
      log_.log(LogLevel::kVerbose, "%s: a new LP point arrived; the %s sub-MIP gives way to the sub-MIPs it guides\n",
               setup_.name.c_str(), neighbourhood_name(n));
      continue;  // says nothing of its neighbourhood: rates and rewards stay
    }
    arm.reward = 0.8 * arm.reward + (improved ? 0.2 : 0.0);
    if (n == Neighbourhood::kCore && !have_incumbent && !improved) {
      const std::size_t free = sub->free_columns().size();
      core_stuck_ = last_core_free_ > 0 && free >= last_core_free_;
      last_core_free_ = free;
    }
    const bool finished = settled(r);
    branching_pause_.ended(branching, r, improved);
    if (branching) {
      if (finished && spent < cap / 2) {
        branching_distance_ = std::min(static_cast<double>(binaries_), branching_distance_ * 1.5);
      } else if (!finished && !improved) {
        branching_distance_ = std::max(2.0, branching_distance_ * 0.7);
      }
    } else if (n != Neighbourhood::kRens) {
      arm.rate = next_fixing_rate(arm.rate, r, spent < cap / 2, improved);
    }
  }
}

bool LnsWorker::waiting() const {
  if (!starved_ || !co_.idle() || co_.finished()) return false;
  const std::shared_ptr<const LpPoint> shared = setup_.bound->lp();
  if (lp_changed(shared)) return false;  // a new point: its RENS is due
  const LpPoint* lp = own_lp_ ? &*own_lp_ : shared.get();
  for (std::size_t k = 0; k < kNumNeighbourhoods; ++k) {
    if (available(static_cast<Neighbourhood>(k), lp)) return false;
  }
  return true;
}

bool LnsWorker::urgent() const { return burst_ && co_.idle() && !co_.finished(); }

bool LnsWorker::run_task(double work) {
  if (!co_.idle()) return true;  // still running after a stop; the run is ending
  if (co_.finished()) return false;
  // The work limit holds for every worker: the last task is cut to what is left of it.
  const double left = setup_.options.work_limit - co_.work();
  if (left <= 0) return false;
  ++stats_.tasks;
  const bool more = co_.resume(std::min(work, left), setup_.should_stop);
  if (co_.idle()) {  // the body's figures, copied while it waits
    stats_.work = co_.work();
    stats_.found = body_found_;
    stats_.rejected = body_rejected_;
    stats_.moves = body_moves_;
  }
  return more;
}

void LnsWorker::publish(SolutionPool& pool) {
  if (!co_.idle()) return;  // the body still runs after a stop: its state is its own
  for (Found& f : pending_) {
    count_admission(pool.offer(std::move(f.solution), setup_.index, setup_.name + " " + f.kind, -1, f.seconds),
                    stats_);
  }
  pending_.clear();
  if (own_lp_ && !own_lp_sent_) {
    own_lp_sent_ = true;
    setup_.bound->set_lp(*own_lp_);
  }
  if (lp_bound_ > -kInf) setup_.bound->improve(lp_bound_);
  if (lp_unbounded_) setup_.bound->set_unbounded();
}

void LnsWorker::absorb(const SolutionPool& pool) {
  if (!co_.idle()) return;
  const std::optional<PoolEntry> best = pool.best();
  if (!best) return;
  const double z = setup_.reduced->objective(best->solution.reduced());
  if (z < incumbent_value_) {
    incumbent_ = best->solution.reduced();
    incumbent_value_ = z;
  }
}

}  // namespace lsmip::portfolio

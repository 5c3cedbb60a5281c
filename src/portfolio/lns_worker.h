// The large-neighbourhood worker: sub-MIPs around the incumbent and the LP optimum, each
// the presolved model with some integer columns fixed, solved by CBC (without cuts) with a
// node limit and the incumbent as cutoff (lp::solve_mip), as a coroutine like the exact
// worker. CBC gets the restriction to the free columns (model/restriction.h), not the whole
// model with bounds: on a wide model the sub-MIP is then small to load and search.
//
// Neighbourhoods: RENS (no incumbent needed: columns integral in the LP are fixed, the others
// limited to floor/ceil of their LP value), RINS (columns where incumbent and LP agree are
// fixed), random (a random share of the integer columns fixed at the incumbent) and
// constraint graph (the columns near a random row, found breadth-first through the rows,
// are freed and the others fixed). Each keeps its own fixing rate: a sub-MIP that settles
// its neighbourhood (`settled`, below) in less than half its budget frees more columns next
// time, one that ends on its limit without an improvement fixes more: its rate rises by 0.03
// after a tree search, and its free share halves when it never left its root (its LP and
// root heuristics alone took the budget, and each such sub-MIP spends a whole budget for
// nothing: the random neighbourhoods of supportcase10, and eilA101-2's LP cores, of 6,688,
// 4,717 and 2,745 columns in a 10 s run before this rule and 6,688, 3,402 and 1,759 with
// it, none past its root even so). Dev set, 10 s, seeds 1-3, two runs against a rise of
// 0.03 in every case: mean gap 0.2051 / 0.1923 / 0.1878 against 0.2114 / 0.2020 / 0.1894,
// and 0.2222 / 0.1923 / 0.2109 against 0.2220 / 0.1949 / 0.2108: a gain in the first run,
// none beyond the run-to-run noise in the second (bench/results/hybrid-stop54.md). The
// neighbourhood is drawn with weights that follow its recent success, per sub-MIP drawn.
// Dividing each weight by the neighbourhood's mean sub-MIP work (so that shares of the work,
// not of the draws, follow success) was measured against this and not kept: dev set, 10 s,
// seeds 1-3, mean gap 0.2262 / 0.1980 / 0.2015 against 0.2194 / 0.2007 / 0.2131 in the same
// run, no difference beyond the run-to-run noise, and rococoC10-001000 worse on every seed
// (bench/results/hybrid-stop53.md).
//
// Core (needs the LP's reduced costs): of the integer columns whose LP value is integral (and
// equal to the incumbent's, when there is one), those with the largest reduced costs are fixed
// at that value, and so is every one whose reduced cost exceeds the incumbent's distance to
// the LP bound (no better solution moves it: reduced-cost fixing). What stays free is the
// LP's core: the columns an LP-guided solution is likely to use. On wide set-partitioning and
// covering models (tens of thousands of columns, a tight LP) this sub-MIP is small and finds
// the near-optimal solutions that a search over every column does not.
//
// Local branching (needs an incumbent and binary columns): nothing is fixed; one row allows
// at most k binary columns to differ from the incumbent. k starts at 10, grows by half when
// the sub-MIP finishes in less than half its budget and shrinks by 30% (to 2 at least) when it
// ends on its limit without an improvement. Its sub-MIP is the whole model plus that row, so
// its root costs what the model's LP costs: it waits until the LP has been solved once, and
// after a local-branching sub-MIP that ended without finishing its root (no node, no
// improvement) it is not drawn for the next 4, 8, ... 64 sub-MIPs of the other kinds. On the
// dev set at 10 s it took the largest share of the sub-MIP work (1.5e9 units over 66 runs,
// 24 of which never left the root) and found 3 of the 39 improvements.
//
// Bursts: the first RENS and the first LP-core sub-MIP are the ones an LP-guided solution is
// most likely to come from, and when they are small (free columns plus rows at most 2,000)
// they run as a burst: the worker is urgent (Worker::urgent) until the sub-MIP ends, so its
// lane runs it to its end before the others' next tasks, with three times the work cap of a
// sub-MIP and without charging the work to the worker's share. Shared out with the others,
// such a sub-MIP ran for the rest of the run: at 10 s, the LP core of air05 (970 columns)
// never left its root and fast0507's RENS (286 columns) started at 4.7 s and ended at the
// limit. A sub-MIP drawn before the LP arrived gives way to them when it does (unless it has
// improved the incumbent): on fast0507 a 18,900-column graph sub-MIP held the worker from
// 2.0 s to 5.0 s, with the LP there since 2.7 s.
//
// A new LP point: the exact worker replaces the root's LP point with the preprocessed model's
// when that is tighter (DualBound::refine_lp). RENS and the LP core are then due again, with
// a burst, and a running sub-MIP drawn with the old point gives way as above.
//
// Every sub-MIP solution is a point of the presolved model; it is rounded and verified on
// the original model before it is kept (verify_mip_point), and published between tasks.
#pragma once

#include <array>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "lp/mip_solver.h"
#include "model/model.h"
#include "options/options.h"
#include "portfolio/coroutine.h"
#include "portfolio/dual_bound.h"
#include "portfolio/mip_worker_setup.h"
#include "portfolio/worker.h"
#include "util/logger.h"
#include "util/rng.h"

namespace lsmip::portfolio {

struct LnsWorkerSetup : MipWorkerSetup {
  bool solve_own_lp = false;           // no exact worker: this worker solves the LP itself
};

enum class Neighbourhood : std::uint8_t { kRens, kRins, kRandom, kGraph, kCore, kLocalBranching };
inline constexpr std::size_t kNumNeighbourhoods = 6;
const char* neighbourhood_name(Neighbourhood n);

// Whether a sub-MIP settled its neighbourhood, as the fixing rates count it: CBC found its
// optimum or proved it holds nothing below the cutoff, or failed before its first node. In
// a restriction of a feasible LP that failure is nearly always CBC's preprocessing finding
// the neighbourhood infeasible (30n20b8's first LP cores), so the next neighbourhood of its
// kind frees more columns, as after an infeasible one, instead of fixing more.
bool settled(const lp::MipResult& r);

// The fixing rate of a neighbourhood's next sub-MIP (see above), after one with `rate` ended
// as `r` without being preempted: `under_half_budget` whether it spent less than half its
// work cap, `improved` whether it found a new incumbent. Given a rate in [0.05, 0.98], the
// result is in it too.
double next_fixing_rate(double rate, const lp::MipResult& r, bool under_half_budget, bool improved);

// Local branching's pause (see above): after a local-branching sub-MIP whose root did not end
// (no node, not settled, no improvement) the neighbourhood sits out the next 4 sub-MIPs of
// other kinds, then 8, 16, 32 and at most 64 after further such runs. A local-branching run
// that left its root, settled or improved neither starts nor lengthens a pause.
class BranchingPause {
 public:
  // Whether local branching may be drawn now.
  bool open() const { return left_ == 0; }
  // A sub-MIP ended: `branching` tells its kind, `improved` whether it found a new incumbent.
  void ended(bool branching, const lp::MipResult& r, bool improved);
  std::size_t left() const { return left_; }  // sub-MIPs of other kinds still to wait for

 private:
  std::size_t left_ = 0, misses_ = 0;  // misses_: roots that did not end so far
};

class LnsWorker final : public Worker {
 public:
  LnsWorker(LnsWorkerSetup setup, Logger& log);

  bool run_task(double work) override;
  bool waiting() const override;
  // True while a burst sub-MIP runs (see above).
  bool urgent() const override;
  void publish(SolutionPool& pool) override;
  void absorb(const SolutionPool& pool) override;
  const WorkerStats& stats() const override { return stats_; }

 private:
  struct Arm {
    double rate = 0.7;     // share of the integer columns to fix
    double reward = 0.5;   // exponential average of success
  };
  struct Found {
    VerifiedSolution solution;
    const char* kind;
    double seconds;  // MipWorkerSetup::clock when found (-1 without a clock)
  };
  void body();
  bool available(Neighbourhood n, const LpPoint* lp) const;
  Neighbourhood draw(const LpPoint* lp);
  // Fills lo_/up_ for neighbourhood n; false when it fixes nothing or everything.
  bool build(Neighbourhood n, const LpPoint* lp);
  void fix_random_share(double rate);
  void free_around_random_row(double rate);
  void fix_outside_core(const LpPoint& lp, double rate);

  LnsWorkerSetup setup_;
  Logger& log_;
  WorkerStats stats_;
  Rng rng_;
  std::array<Arm, kNumNeighbourhoods> arms_{};
  std::vector<double> lo_, up_;        // the sub-MIP's bounds
  std::vector<Index> integers_;        // integer columns of the presolved model
  bool rens_done_ = false, core_done_ = false;
  // Without an incumbent the LP core is the only neighbourhood left after RENS; once a core
  // sub-MIP found nothing and freed no fewer columns than the one before, it is not run again
  // until an incumbent exists (it would repeat itself), and the worker waits.
  std::size_t last_core_free_ = 0;
  bool core_stuck_ = false;
  std::size_t binaries_ = 0;           // binary columns of the presolved model
  double branching_distance_ = 10;     // local branching's k
  BranchingPause branching_pause_;
  std::vector<std::pair<double, Index>> candidates_;  // core: (|reduced cost|, column)
  bool starved_ = false;  // the body waits for an incumbent or an LP point
  // The running sub-MIP is a burst (urgent); the first core sub-MIP has been drawn.
  bool burst_ = false, core_burst_done_ = false;

  // Written by the body during its turn, read by the owner outside it.
  std::uint64_t body_found_ = 0, body_rejected_ = 0, body_moves_ = 0;
  std::vector<Found> pending_;
  double lp_bound_ = -kInf;
  bool lp_unbounded_ = false;           // its own LP is unbounded (handed on at publish)
  std::optional<LpPoint> own_lp_;
  bool own_lp_sent_ = false;
  // The shared LP point the body last drew with: a new one (the preprocessed model's, after
  // the root's) makes RENS and the LP core due again.
  std::shared_ptr<const LpPoint> seen_lp_;
  // The shared point differs from the one last drawn with (never, with an LP of its own).
  bool lp_changed(const std::shared_ptr<const LpPoint>& shared) const { return !own_lp_ && shared != seen_lp_; }
  // Written by the owner outside the body's turn, read by the body during it.
  std::vector<double> incumbent_;      // presolved values of the pool's best
  double incumbent_value_ = kInf;      // minimisation form

  Coroutine co_;  // last: destroyed (cancelled and joined) before the state above
};

}  // namespace lsmip::portfolio

// The work scheduler of one thread of the portfolio (a lane): the workers that share the
// thread take turns, each getting work in proportion to a weight that follows its recent
// reward, as a bandit (in the spirit of SCIP's ALNS and CP-SAT's LNS scheduling).
//
// Every worker has a base weight; its current weight is base * (0.25 + reward), where reward
// is an exponential average of each task's reward in [0, 1], starting at 0.5: 1 for a task
// that made a gain of the pool's best (SolutionPool::gains), the share of the MIP gap it
// closed for one that raised the dual bound, 0 otherwise. A task of the lane's mean cost
// moves the average by 0.2, a cheaper one by less (down to 0.004), so that the reward is per
// unit of cost: a worker with short tasks does not gain or lose faster than one with long
// tasks. The next task goes to the live worker with the least work spent per unit of current
// weight (ties: the lower position).
//
// A worker added as the lane's prover (the exact worker, which can end the run with a proof)
// has a quarter of its weight while no task of the lane has found a first solution (the local
// search finds first solutions far sooner, and its time is then the scarce one) and the lane
// has spent less than kFirstSolutionWork; without a first solution its weight then grows in
// proportion to the lane's work, to its whole weight at four times that: on models where
// the local search finds no first solution for seconds (enigma, feasibility models whose
// tree search finds or refutes one) the tree search gets its share back. It gets more when the
// incumbent stagnates: once the lane has spent more since the last new
// best found by another worker than it had spent up to it, the prover's weight is multiplied
// by that ratio, up to 8. A model whose optimum was found early is then handed to the search
// that can prove it. New bests found by the prover itself do not end the boost: they show the
// tree search is the one making progress, as it does on small models where it both finds the
// last improvements and proves them.
// While the prover's search is still at its root (set_prover_in_tree), the stagnation boost
// applies to it only when the MIP gap is below 10%. On large models CBC's root may not end
// within the run, and the boost then only took the thread from the local search: on
// supportcase10 (no dual bound within 10 s) the exact worker had most of the thread and the
// local search found every improvement. At a small gap (10teams) the root's cuts are what
// closes it, and the boost stays.
// The prover's weight is also multiplied by 0.1 / gap, between 1 and 4, when the MIP gap
// between the incumbent and the dual bound (set_gap) is below 10%: what is left to gain is
// small, and only the prover can show there is nothing left.
//
// A worker added as a booster (the sub-MIP worker) gets the stagnation boost too while the
// MIP gap is 10% or more, but on its reward only: its weight is base * (0.25 + reward *
// stagnation). When the local search stagnates far from the bound, better solutions are what
// is missing, and sub-MIPs that find them get the time; sub-MIPs that find nothing keep their
// floor and leave the time to the others. Boosting the floor as well gave the sub-MIPs as
// much of the thread as the prover on markshare_4_0 and pk1, where only the prover found
// anything (at 10 s, pk1 went from 14 to the optimum 11 on seeds 1 and 2). Below 10% the
// prover alone is boosted, so that proofs within reach keep their time, but a booster's
// weight is then at least 0.3 times the prover's: a small gap is often reached by a sub-MIP
// (the LP core on air05, RENS on fast0507) while the prover is still in a long root cut loop,
// and the boosted prover then took 90% of the thread from the sub-MIP that was closing the
// gap (air05: the LP-core sub-MIP that CBC alone solves in 1.8 s got 0.3 s of the last 7 s).
// The proofs of the small set stay within the limit (10teams 6.3-7.5 s instead of 5.4-6.6 s,
// seeds 1-3). New bests of the prover and of boosters do not end the boost: stagnation is
// measured on the other workers, the local searches.
//
// A worker that reports itself urgent between tasks (Worker::urgent: the sub-MIP worker during
// a burst) is run before the others, and the work of those tasks is left out of its account.
//
// The schedule follows only the costs reported (work units, or seconds when the portfolio
// asks for timed shares), so with work it is the same every time.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

namespace lsmip::portfolio {

class LaneScheduler {
 public:
  enum class Role : std::uint8_t {
    kPlain,    // its weight follows its reward
    kBooster,  // ... and the stagnation boost on its reward while the MIP gap is 10% or more,
               // at least 0.3 times the prover's weight below it
    kProver,   // ... a quarter before a first solution, the stagnation boost (at its root only
               // at a small gap), the gap factor
  };
  // Adds a worker (its index in the portfolio) with a base weight > 0 and a role (see above).
  void add(std::size_t worker, double base_weight, Role role = Role::kPlain);
  // The next worker to run, or npos when none is live. A live worker for which `urgent` is
  // true comes first (the first such in order), and the work of that task is not charged to
  // its account: a burst changes the order of the lane's work, not the shares that follow.
  // Workers for which `waiting` is true are passed over while another live worker is not
  // waiting, and keep pace meanwhile (their account is raised to the one picked), so that they
  // get no burst of tasks after the wait.
  std::size_t pick(const std::function<bool(std::size_t)>& waiting = {},
                   const std::function<bool(std::size_t)>& urgent = {});
  // A task of `worker` ended: it spent `work` units and earned `reward` (clipped to [0, 1]).
  // The work of an urgent task counts in the lane's totals but not in the worker's account.
  void report(std::size_t worker, double work, double reward);
  // The MIP gap now: in [0, 1], 1 without a dual bound, inf without an incumbent (mip_gap).
  void set_gap(double gap) { gap_ = gap; }
  // Whether the prover's search has left its root (DualBound::in_tree).
  void set_prover_in_tree(bool in_tree) { prover_in_tree_ = in_tree; }
  // The share of its weight the worker asks for (Worker::share), clipped to [1/64, 1].
  void set_share(std::size_t worker, double share);
  // The worker has nothing more to do.
  void retire(std::size_t worker);
  bool any_live() const;
  const std::vector<std::size_t>& workers() const { return order_; }
  static constexpr std::size_t npos = static_cast<std::size_t>(-1);

  // Figures for the log and the tests.
  double work_of(std::size_t worker) const;
  double weight_of(std::size_t worker) const;

 private:
  struct Entry {
    double base = 1, reward = 0.5, work = 0;
    double share = 1;      // set_share
    bool live = true;
    Role role = Role::kPlain;
    bool waiting = false;  // passed over by the last pick
  };
  std::size_t slot(std::size_t worker) const;
  double weight(const Entry& e) const;      // its role's weight times its share
  double role_weight(const Entry& e) const;
  double prover_weight(const Entry& e) const;  // the weight of a kProver entry
  // The stagnation factor: lane work since the last new best of a plain worker over the work
  // up to it, between 1 and 8.
  double stagnation() const;
  std::vector<std::size_t> order_;
  std::vector<Entry> entries_;
  double total_ = 0;             // work of all the lane's tasks
  double total_at_best_ = 0;     // ... up to the last task of a plain worker that found a new best
  std::uint64_t tasks_ = 0;
  bool have_best_ = false;       // some task of the lane found a new best
  std::size_t urgent_ = npos;    // the slot of the last pick when it was urgent
  double gap_ = 1;               // the MIP gap (set_gap)
  bool prover_in_tree_ = false;  // set_prover_in_tree
  // Below this MIP gap the prover's weight grows with 1 / gap and boosters are not boosted.
  static constexpr double kSmallGap = 0.1;
  // Lane work after which a prover without a first solution in the lane starts to regain its
  // share: about a second (timed shares report seconds as 1e8 units, and a local search does
  // 1e8 to 2e8 work units a second).
  static constexpr double kFirstSolutionWork = 1e8;
  // Below the small gap a booster's weight is at least this share of the prover's.
  static constexpr double kBoosterFollow = 0.3;
};

}  // namespace lsmip::portfolio

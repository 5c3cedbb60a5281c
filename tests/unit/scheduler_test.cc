// Tests of the lane scheduler (work in proportion to reward-following weights, deterministic)
// and of the coroutine hand-over the exact and sub-MIP workers run on.
#include <gtest/gtest.h>

#include <atomic>
#include <limits>
#include <vector>

#include "portfolio/coroutine.h"
#include "portfolio/scheduler.h"

namespace lsmip::portfolio {
namespace {

TEST(Scheduler, SharesWorkByWeightAndFollowsReward) {
  LaneScheduler s;
  s.add(0, 3.0);
  s.add(1, 1.0);
  for (int t = 0; t < 400; ++t) s.report(s.pick(), 1.0, 0.0);
  // Equal rewards: work in proportion 3 : 1.
  EXPECT_NEAR(s.work_of(0) / s.work_of(1), 3.0, 0.1);
  // Worker 1 now improves on every task: its share grows past worker 0's.
  for (int t = 0; t < 400; ++t) {
    const std::size_t i = s.pick();
    s.report(i, 1.0, i == 1 ? 1.0 : 0.0);
  }
  EXPECT_GT(s.weight_of(1), s.weight_of(0));
  s.retire(1);
  for (int t = 0; t < 10; ++t) EXPECT_EQ(s.pick(), 0u);
  s.retire(0);
  EXPECT_EQ(s.pick(), LaneScheduler::npos);
  EXPECT_FALSE(s.any_live());
}

// A worker that asks for half its share gets half the work it had, and a share outside
// [1/64, 1] is clipped.
TEST(Scheduler, GivesAWorkerTheShareItAsksFor) {
  LaneScheduler s;
  s.add(0, 1.0);
  s.add(1, 1.0);
  s.set_share(1, 0.5);
  for (int t = 0; t < 600; ++t) s.report(s.pick(), 1.0, 0.0);
  EXPECT_NEAR(s.work_of(0) / s.work_of(1), 2.0, 0.1);
  const double full = s.weight_of(0);
  s.set_share(1, 0.0);
  EXPECT_NEAR(s.weight_of(1), full / 64, 1e-12);
  s.set_share(1, 5.0);
  EXPECT_NEAR(s.weight_of(1), full, 1e-12);
}

// An urgent worker runs first, and the burst leaves the shares that follow as they were.
TEST(Scheduler, AnUrgentWorkerComesFirstAndItsBurstIsNotCharged) {
  LaneScheduler s;
  s.add(0, 3.0);
  s.add(1, 1.0);
  bool burst = true;
  const auto urgent = [&burst](std::size_t i) { return burst && i == 1; };
  for (int t = 0; t < 20; ++t) {
    ASSERT_EQ(s.pick({}, urgent), 1u);
    s.report(1, 1.0, 0.0);
  }
  EXPECT_EQ(s.work_of(1), 0.0);
  burst = false;
  for (int t = 0; t < 400; ++t) s.report(s.pick({}, urgent), 1.0, 0.0);
  EXPECT_NEAR(s.work_of(0) / s.work_of(1), 3.0, 0.1);
  s.retire(1);
  burst = true;  // a retired worker is never picked, urgent or not
  EXPECT_EQ(s.pick({}, urgent), 0u);
}

TEST(Scheduler, GivesTheProverMoreWhenTheIncumbentStagnates) {
  LaneScheduler s;
  s.add(0, 3.0);
  s.add(1, 1.0, LaneScheduler::Role::kProver);
  s.set_prover_in_tree(true);  // past its root (at the root: see the next test)
  s.report(0, 10.0, 1.0);  // a new best after 10 units of the lane's work
  for (int t = 0; t < 400; ++t) s.report(s.pick(), 1.0, 0.0);
  // 410 units since: the prover's weight is boosted eight times over the first worker's
  // share of 3 : 1, so it gets the larger share from then on.
  EXPECT_NEAR(s.weight_of(1) / s.weight_of(0), 8.0 / 3.0, 0.01);
  const double w0 = s.work_of(0), w1 = s.work_of(1);
  for (int t = 0; t < 400; ++t) s.report(s.pick(), 1.0, 0.0);
  EXPECT_GT(s.work_of(1) - w1, s.work_of(0) - w0);
  // The prover's own new best leaves the boost alone; another worker's ends it.
  const double boosted = s.weight_of(1) / s.weight_of(0);
  s.report(1, 1.0, 1.0);
  EXPECT_GE(s.weight_of(1) / s.weight_of(0), boosted);
  s.report(0, 1.0, 1.0);
  EXPECT_LT(s.weight_of(1), s.weight_of(0));
}

// At its root the prover gets the stagnation boost only while the MIP gap is below 10%; once
// its search is in the tree, at any gap.
TEST(Scheduler, BoostsTheProverAtItsRootOnlyAtASmallGap) {
  LaneScheduler s;
  s.add(0, 3.0);
  s.add(1, 1.0, LaneScheduler::Role::kProver);
  s.report(0, 10.0, 1.0);
  for (int t = 0; t < 400; ++t) s.report(s.pick(), 1.0, 0.0);  // stagnation: 8
  s.set_gap(0.5);
  const double root = s.weight_of(1);
  s.set_prover_in_tree(true);
  EXPECT_NEAR(s.weight_of(1) / root, 8.0, 1e-9);
  s.set_prover_in_tree(false);
  s.set_gap(0.05);
  const double small_gap_root = s.weight_of(1);
  EXPECT_NEAR(small_gap_root / root, 8.0 * 2.0, 1e-9);  // the boost and the gap factor 0.1 / 0.05
  s.set_prover_in_tree(true);
  EXPECT_DOUBLE_EQ(s.weight_of(1), small_gap_root);
}

// Until a task finds a first solution the prover has a quarter of its weight: with equal base
// weights and rewards the other worker gets four times its work; after it, equal shares.
TEST(Scheduler, GivesTheProverAQuarterUntilAFirstSolution) {
  LaneScheduler s;
  s.add(0, 1.0);
  s.add(1, 1.0, LaneScheduler::Role::kProver);
  EXPECT_NEAR(s.weight_of(1) / s.weight_of(0), 0.25, 1e-12);
  for (int t = 0; t < 500; ++t) s.report(s.pick(), 1.0, 0.0);
  EXPECT_NEAR(s.work_of(0) / s.work_of(1), 4.0, 0.1);
  s.report(1, 1.0, 1.0);  // the prover's own first solution counts as well
  EXPECT_GT(s.weight_of(1), s.weight_of(0));  // its reward rose; nothing else scales it
}

// Without a first solution the prover's quarter lasts for the lane's first 1e8 work units
// (LaneScheduler::kFirstSolutionWork); its weight then grows with the lane's work, to its whole
// weight at 4e8, and stays there. A first solution ends the ramp (the weight is then the
// prover's usual one, its reward's).
TEST(Scheduler, GivesTheProverItsShareBackWhenNoFirstSolutionComes) {
  LaneScheduler s;
  s.add(0, 1.0);
  s.add(1, 1.0, LaneScheduler::Role::kProver);
  // Rewards of 0.5 keep both averages at their start, 0.5: the weights differ only by the ramp.
  s.report(0, 0.5e8, 0.5);
  EXPECT_NEAR(s.weight_of(1) / s.weight_of(0), 0.25, 1e-12);
  s.report(0, 1.5e8, 0.5);  // 2e8 in all
  EXPECT_NEAR(s.weight_of(1) / s.weight_of(0), 0.5, 1e-12);
  s.report(1, 2e8, 0.5);  // 4e8: the prover's own work counts too
  EXPECT_NEAR(s.weight_of(1) / s.weight_of(0), 1.0, 1e-12);
  s.report(0, 4e8, 0.5);
  EXPECT_NEAR(s.weight_of(1) / s.weight_of(0), 1.0, 1e-12);
  s.report(0, 1.0, 1.0);  // a first solution
  EXPECT_NEAR(s.weight_of(1), 1.0 * (0.25 + 0.5), 1e-12);
}

// A MIP gap below 10% multiplies the prover's weight by 0.1 / gap, at most 4; a gap of 10% or
// more, or no gap at all, leaves it alone; the other workers never change.
TEST(Scheduler, GivesTheProverMoreWhenTheGapIsSmall) {
  LaneScheduler s;
  s.add(0, 3.0);
  s.add(1, 1.0, LaneScheduler::Role::kProver);
  s.report(0, 1.0, 1.0);  // a first solution: the prover's weight is no longer cut to a quarter
  const double w0 = s.weight_of(0), w1 = s.weight_of(1);
  s.set_gap(0.5);
  EXPECT_DOUBLE_EQ(s.weight_of(1), w1);
  s.set_gap(0.05);
  EXPECT_NEAR(s.weight_of(1), 2 * w1, 1e-12);
  s.set_gap(0.001);
  EXPECT_NEAR(s.weight_of(1), 4 * w1, 1e-12);
  s.set_gap(std::numeric_limits<double>::infinity());
  EXPECT_DOUBLE_EQ(s.weight_of(1), w1);
  EXPECT_DOUBLE_EQ(s.weight_of(0), w0);
}

// A booster shares the prover's stagnation boost while the MIP gap is 10% or more (none below
// it, where the prover alone is boosted and the booster keeps 0.3 times the prover's weight),
// on its reward only: one that earns nothing keeps its floor. Its own new bests, like the
// prover's, leave the boost alone, and a plain worker's new best ends it for both.
TEST(Scheduler, GivesTheBoosterTheStagnationBoostWhileTheGapIsLarge) {
  LaneScheduler s;
  s.add(0, 3.0);
  s.add(1, 1.0, LaneScheduler::Role::kProver);
  s.add(2, 1.0, LaneScheduler::Role::kBooster);
  s.set_prover_in_tree(true);
  s.report(0, 10.0, 1.0);  // a new best after 10 units of the lane's work
  for (int t = 0; t < 400; ++t) s.report(s.pick(), 1.0, 0.0);
  const double plain = s.weight_of(0);
  s.set_gap(0.5);
  // Rewards decayed alike (to nearly 0): the prover is boosted 8 x, the booster keeps its floor.
  EXPECT_NEAR(s.weight_of(2) / plain, 1.0 / 3.0, 0.05);
  EXPECT_NEAR(s.weight_of(1) / s.weight_of(2), 8.0, 0.5);
  s.report(2, 1.0, 1.0);  // the booster's own new best: a reward of about 0.2, boosted 8 x
  EXPECT_GT(s.weight_of(2) / s.weight_of(0), 2.0);  // unboosted it would be about 0.6
  s.set_gap(0.05);
  const double prover = s.weight_of(1);
  s.set_gap(0.5);
  EXPECT_GT(prover, s.weight_of(1));  // below 10%: the prover's gap factor ...
  s.set_gap(0.05);
  // ... and no boost for the booster: it keeps 0.3 times the prover's weight, no more.
  EXPECT_NEAR(s.weight_of(2), 0.3 * s.weight_of(1), 1e-12);
  s.set_gap(0.5);
  s.report(0, 1.0, 1.0);  // a plain worker's new best ends the stagnation
  EXPECT_LT(s.weight_of(2), s.weight_of(0));
}

// Below a 10% gap a booster that earns nothing is still given 0.3 times the prover's weight
// (the prover's root cut loop must not starve the sub-MIP that reached the small gap); one
// whose own weight is larger keeps it; without a live prover it keeps its plain weight.
TEST(Scheduler, GivesTheBoosterAShareOfTheProversWeightAtASmallGap) {
  LaneScheduler s;
  s.add(0, 3.0);
  s.add(1, 1.0, LaneScheduler::Role::kProver);
  s.add(2, 1.0, LaneScheduler::Role::kBooster);
  s.report(0, 10.0, 1.0);
  for (int t = 0; t < 400; ++t) s.report(s.pick(), 1.0, 0.0);
  s.set_gap(0.05);
  EXPECT_NEAR(s.weight_of(2), 0.3 * s.weight_of(1), 1e-12);
  for (int t = 0; t < 2000; ++t) s.report(s.pick(), 1.0, 0.0);  // the accounts settle
  // The shares follow: from here on the booster does about 0.3 times the prover's work.
  const double p0 = s.work_of(1), b0 = s.work_of(2);
  for (int t = 0; t < 2000; ++t) s.report(s.pick(), 1.0, 0.0);
  EXPECT_NEAR((s.work_of(2) - b0) / (s.work_of(1) - p0), 0.3, 0.03);
  for (int t = 0; t < 50; ++t) s.report(2, 1.0, 1.0);  // the booster finds on every task
  const double own = s.weight_of(2);
  EXPECT_GT(own, 0.3 * s.weight_of(1));
  s.retire(1);
  EXPECT_DOUBLE_EQ(s.weight_of(2), own);

  LaneScheduler alone;  // no live prover: the plain weight, base x (0.25 + reward 0.5)
  alone.add(0, 3.0);
  alone.add(1, 1.0, LaneScheduler::Role::kProver);
  alone.add(2, 1.0, LaneScheduler::Role::kBooster);
  alone.retire(1);
  alone.set_gap(0.05);
  EXPECT_DOUBLE_EQ(alone.weight_of(2), 0.75);
}

TEST(Coroutine, RunsOnlyWhileResumedAndEndsWhenCancelled) {
  std::atomic<int> steps{0};
  std::atomic<bool> owner_running{true};
  bool overlap = false;
  auto* co_ptr = static_cast<Coroutine*>(nullptr);
  Coroutine co([&] {
    while (!co_ptr->cancelled()) {
      if (owner_running.load()) overlap = true;  // the owner must be waiting
      ++steps;
      co_ptr->spend(1.0);
    }
  });
  co_ptr = &co;
  for (int t = 0; t < 5; ++t) {
    const int before = steps.load();
    owner_running.store(false);
    EXPECT_TRUE(co.resume(10.0));
    owner_running.store(true);
    EXPECT_EQ(steps.load() - before, 10);  // exactly the budget
  }
  EXPECT_FALSE(overlap);
  EXPECT_DOUBLE_EQ(co.work(), 50.0);
  EXPECT_FALSE(co.finished());
}  // the destructor cancels and joins the waiting body

TEST(Coroutine, ABodyThatReturnsFinishes) {
  int ran = 0;
  Coroutine co([&] { ++ran; });
  EXPECT_FALSE(co.resume(1.0));
  EXPECT_TRUE(co.finished());
  EXPECT_FALSE(co.resume(1.0));
  EXPECT_EQ(ran, 1);
}

}  // namespace
}  // namespace lsmip::portfolio

// Tests of the portfolio layer: the verifier gate, the solution pool (duplicates,
// capacity, eviction by rank and diversity, the best never leaves), crossover
// (in-bound integral children), the batch scheduler (fixed order, barrier) and the
// retirement of a worker whose solutions fail the check.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "model/model_builder.h"
#include "portfolio/crossover.h"
#include "portfolio/portfolio.h"
#include "portfolio/search_worker.h"
#include "portfolio/solution_pool.h"
#include "portfolio/verifier.h"
#include "presolve/postsolve.h"
#include "search/search_model.h"
#include "test_util.h"
#include "util/rng.h"

namespace lsmip::portfolio {
namespace {

PortfolioSettings settings(bool deterministic) {
  PortfolioSettings s;
  s.deterministic = deterministic;
  s.batch_work = 100;
  return s;
}

// n binary columns, min sum_j (j+1) x_j, one row sum_j x_j >= 1.
Model cover(int n) {
  ModelBuilder b;
  const Index r = b.add_row("cover", 1, kInf);
  for (int j = 0; j < n; ++j) {
    const Index c = b.add_col("x" + std::to_string(j), 0, 1, j + 1.0, true);
    b.add_entry(r, c, 1);
  }
  return testing::build_model(b);
}

presolve::Postsolve identity(const Model& m) { return presolve::Postsolve::identity(m.num_cols()); }

// Pick exactly one of ten binaries (costs 1..10): an equality row solved at once.
Model pick_one() {
  ModelBuilder b;
  const Index r = b.add_row("pick", 1, 1);
  for (int j = 0; j < 10; ++j) b.add_entry(r, b.add_col("y" + std::to_string(j), 0, 1, j + 1.0, true), 1);
  return testing::build_model(b);
}

std::vector<double> unit(int n, std::vector<int> ones) {
  std::vector<double> x(static_cast<std::size_t>(n), 0.0);
  for (int j : ones) x[static_cast<std::size_t>(j)] = 1.0;
  return x;
}

TEST(Verifier, AcceptsOnlyPointsThatPassTheCheckOnTheOriginalModel) {
  const Model m = cover(4);
  const presolve::Postsolve post = identity(m);
  const Verifier v(m, post, 1e-6, 1e-6);
  std::string why;
  EXPECT_FALSE(v.verify(unit(4, {}), &why)) << "the cover row is violated";
  EXPECT_FALSE(why.empty());
  std::vector<double> fractional = unit(4, {0});
  fractional[1] = 0.5;
  EXPECT_FALSE(v.verify(fractional));
  EXPECT_FALSE(v.verify(std::vector<double>{1.0})) << "wrong size";
  const auto ok = v.verify(unit(4, {2}));
  ASSERT_TRUE(ok);
  EXPECT_EQ(ok->objective(), 3.0);
  EXPECT_EQ(ok->original(), unit(4, {2}));
}

TEST(SolutionPool, RefusesDuplicatesKeepsCapacityAndTheBest) {
  const Model m = cover(10);
  const presolve::Postsolve post = identity(m);
  const Verifier v(m, post, 1e-6, 1e-6);
  SolutionPool pool(3);
  // Empty, the best objective is +inf, so that a gap against a bound reads "no incumbent": a
  // 0 here once made an empty pool and a dual bound of 0 (a feasibility model) a gap of 0.
  EXPECT_FALSE(pool.has_best());
  EXPECT_EQ(pool.best_min_objective(), kInf);
  std::vector<double> seen;
  pool.set_listener([&](const PoolEntry& e) { seen.push_back(e.solution.objective()); });
  EXPECT_EQ(pool.offer(*v.verify(unit(10, {9})), 0, "a"), Admission::kNewBest);   // 10
  EXPECT_TRUE(pool.has_best());
  EXPECT_EQ(pool.best_min_objective(), 10.0);
  EXPECT_EQ(pool.offer(*v.verify(unit(10, {9})), 1, "b"), Admission::kDuplicate);
  EXPECT_EQ(pool.offer(*v.verify(unit(10, {8, 9})), 1, "b"), Admission::kAdmitted);  // 19
  EXPECT_EQ(pool.offer(*v.verify(unit(10, {4})), 1, "c"), Admission::kNewBest);   // 5
  EXPECT_EQ(pool.size(), 3u);
  // Full: a fourth entry evicts one; the best (5) stays whatever comes.
  for (int k = 0; k < 9; ++k) pool.offer(*v.verify(unit(10, {k, 9})), 2, "d");
  EXPECT_EQ(pool.size(), 3u);
  ASSERT_TRUE(pool.best());
  EXPECT_EQ(pool.best()->solution.objective(), 5.0);
  EXPECT_EQ(pool.best()->worker, 1);
  EXPECT_EQ(pool.duplicates(), 1u);
  EXPECT_GE(pool.evictions(), 9u);
  EXPECT_EQ(seen, (std::vector<double>{10.0, 5.0}));
  EXPECT_EQ(pool.version(), 2u);
  const std::vector<PoolEntry> e = pool.entries();
  for (std::size_t k = 1; k < e.size(); ++k) {
    EXPECT_LE(e[k - 1].solution.objective(), e[k].solution.objective()) << "best first, then by objective";
  }
}

// The schedule rewards gains, not every change of the best: a new best counts as a gain only
// when it beats the best at the last gain by more than 1e-6 * max(1, |that best|), so a
// search that polishes a continuous objective by rounding steps earns nothing for it, while
// many small steps that add up to a real improvement still count once they do.
TEST(SolutionPool, CountsGainsBeyondATolerance) {
  ModelBuilder b;
  const Index z = b.add_col("z", 0, 100, 1, false);
  const Index r = b.add_row("floor", 0, kInf);
  b.add_entry(r, z, 1);
  const Model m = testing::build_model(b);
  const presolve::Postsolve post = identity(m);  // the verifier keeps references
  const Verifier v(m, post, 1e-6, 1e-6);
  SolutionPool pool(4);
  auto offer = [&](double value) { return pool.offer(*v.verify(std::vector<double>{value}), 0, ""); };
  EXPECT_EQ(pool.gains(), 0u);
  EXPECT_EQ(offer(16), Admission::kNewBest);
  EXPECT_EQ(pool.gains(), 1u);  // the first solution is a gain
  EXPECT_EQ(offer(16 - 5e-15), Admission::kNewBest);
  EXPECT_EQ(offer(16 - 1e-5), Admission::kNewBest);
  EXPECT_EQ(pool.version(), 3u);
  EXPECT_EQ(pool.gains(), 1u);  // both within 1.6e-5 of 16
  EXPECT_EQ(offer(16 - 2e-5), Admission::kNewBest);
  EXPECT_EQ(pool.gains(), 2u);  // beyond it, measured from 16, not from the last best
  EXPECT_EQ(offer(0.5), Admission::kNewBest);
  EXPECT_EQ(offer(0.5 - 9e-7), Admission::kNewBest);
  EXPECT_EQ(pool.gains(), 3u);  // below 1 the tolerance is absolute: 1e-6
  EXPECT_EQ(offer(0.5 - 1.1e-6), Admission::kNewBest);
  EXPECT_EQ(pool.gains(), 4u);
  EXPECT_EQ(pool.version(), 7u);
}

TEST(SolutionPool, EvictionPrefersWorseAndLessDiverseEntries) {
  // Entries: best {0}; near-duplicates of a worse one {5,6}, {5,6,7}; a distant {1,2,3}.
  // The next offer is full-pool: the victim must be one of the near-duplicate pair, not the
  // distant or the best entry.
  const Model m = cover(12);
  const presolve::Postsolve post = identity(m);
  const Verifier v(m, post, 1e-6, 1e-6);
  SolutionPool pool(4);
  pool.offer(*v.verify(unit(12, {0})), 0, "");           // 1
  pool.offer(*v.verify(unit(12, {1, 2, 3})), 0, "");     // 9, far from everything
  pool.offer(*v.verify(unit(12, {5, 6})), 0, "");        // 13
  pool.offer(*v.verify(unit(12, {5, 6, 7})), 0, "");     // 21, one away from {5,6}
  pool.offer(*v.verify(unit(12, {10, 11})), 0, "");      // 23, far
  std::vector<double> objs;
  for (const PoolEntry& e : pool.entries()) objs.push_back(e.solution.objective());
  EXPECT_EQ(objs.size(), 4u);
  EXPECT_EQ(objs.front(), 1.0);
  EXPECT_NE(std::find(objs.begin(), objs.end(), 9.0), objs.end()) << "the diverse good entry stays";
  EXPECT_EQ(std::find(objs.begin(), objs.end(), 21.0), objs.end())
      << "the worst of the near-duplicate pair leaves";
}

TEST(Crossover, ChildrenAreInBoundsAndIntegralAndKeepAgreement) {
  Rng rng(7);
  const int n = 200;
  std::vector<double> lb(n), ub(n);
  std::vector<std::uint8_t> is_int(n);
  for (int j = 0; j < n; ++j) {
    lb[j] = -3.0 + (j % 5);
    ub[j] = lb[j] + (j % 7) + 0.5;  // fractional upper bound on integers: rounded inward
    is_int[j] = j % 3 != 0;
  }
  for (int round = 0; round < 50; ++round) {
    std::vector<double> a(n), b(n);
    for (int j = 0; j < n; ++j) {
      a[j] = lb[j] - 2 + rng.uniform() * (ub[j] - lb[j] + 4);  // parents may even lie outside
      b[j] = (j % 4 == 0) ? a[j] : lb[j] + rng.uniform() * (ub[j] - lb[j]);
      if (is_int[j]) b[j] = std::round(b[j]);
    }
    const std::vector<double> c = crossover(a, b, lb, ub, is_int, rng);
    ASSERT_EQ(c.size(), static_cast<std::size_t>(n));
    for (int j = 0; j < n; ++j) {
      EXPECT_GE(c[j], lb[j]);
      EXPECT_LE(c[j], ub[j]);
      if (is_int[j]) {
        EXPECT_EQ(c[j], std::round(c[j]));
      }
      if (j % 4 == 0 && a[j] >= lb[j] && a[j] <= ub[j] && (!is_int[j] || a[j] == std::round(a[j]))) {
        EXPECT_EQ(c[j], a[j]) << "values both parents share are kept";
      }
      if (a[j] != b[j]) {
        const bool from_a_or_b = c[j] == std::clamp(is_int[j] ? std::round(a[j]) : a[j], lb[j], ub[j]) ||
                                 c[j] == b[j] || c[j] == std::ceil(lb[j]) || c[j] == std::floor(ub[j]);
        EXPECT_TRUE(from_a_or_b) << j;
      }
    }
  }
}

// A worker that records its events in a shared log.
class FakeWorker final : public Worker {
 public:
  FakeWorker(int id, int tasks, std::vector<std::string>* log, std::mutex* mu)
      : id_(id), tasks_left_(tasks), log_(log), mu_(mu) {
    stats_.name = "fake#" + std::to_string(id);
  }
  bool run_task(double) override {
    record("run" + std::to_string(id_));
    ++stats_.tasks;
    return --tasks_left_ > 0;
  }
  void publish(SolutionPool&) override { record("pub" + std::to_string(id_)); }
  void absorb(const SolutionPool&) override { record("abs" + std::to_string(id_)); }
  const WorkerStats& stats() const override { return stats_; }

 private:
  void record(std::string e) {
    std::lock_guard<std::mutex> lock(*mu_);
    log_->push_back(std::move(e));
  }
  int id_, tasks_left_;
  std::vector<std::string>* log_;
  std::mutex* mu_;
  WorkerStats stats_;
};

TEST(Portfolio, DeterministicBatchesJoinAtABarrierAndSyncInWorkerOrder) {
  std::vector<std::string> log;
  std::mutex mu;
  std::vector<std::unique_ptr<Worker>> workers;
  const int n = 4;
  for (int i = 0; i < n; ++i) workers.push_back(std::make_unique<FakeWorker>(i, i == 2 ? 1 : 3, &log, &mu));
  SolutionPool pool(7);
  Portfolio p(std::move(workers), pool, settings(true), [] { return false; });
  p.run();
  EXPECT_EQ(p.batches(), 3u);
  // Each batch: the runs of the live workers in any order, then pub0..pub3 and abs of the
  // live ones, in worker order.
  std::size_t k = 0;
  for (int batch = 0; batch < 3; ++batch) {
    std::vector<std::string> runs;
    while (k < log.size() && log[k].rfind("run", 0) == 0) runs.push_back(log[k++]);
    std::sort(runs.begin(), runs.end());
    const std::vector<std::string> want_runs =
        batch == 0 ? std::vector<std::string>{"run0", "run1", "run2", "run3"}
                   : std::vector<std::string>{"run0", "run1", "run3"};
    EXPECT_EQ(runs, want_runs) << "batch " << batch;
    for (int i = 0; i < n; ++i) {
      ASSERT_LT(k, log.size());
      EXPECT_EQ(log[k++], "pub" + std::to_string(i));
    }
    for (int i = 0; i < n; ++i) {
      if (i == 2 || batch == 2) continue;  // worker 2 finished after batch 0; all after 2
      ASSERT_LT(k, log.size());
      EXPECT_EQ(log[k++], "abs" + std::to_string(i));
    }
  }
  EXPECT_EQ(k, log.size());
}

TEST(Portfolio, OpportunisticWorkersRunUntilDoneOrStopped) {
  std::vector<std::string> log;
  std::mutex mu;
  std::vector<std::unique_ptr<Worker>> workers;
  for (int i = 0; i < 3; ++i) workers.push_back(std::make_unique<FakeWorker>(i, 5, &log, &mu));
  SolutionPool pool(7);
  Portfolio p(std::move(workers), pool, settings(false), [] { return false; });
  p.run();
  for (int i = 0; i < 3; ++i) EXPECT_EQ(p.workers()[static_cast<std::size_t>(i)]->stats().tasks, 5u);
  // Every task is followed by a publication of the same worker.
  EXPECT_EQ(std::count_if(log.begin(), log.end(), [](const std::string& e) { return e.rfind("pub", 0) == 0; }), 15);

  std::atomic<int> polls{0};
  std::vector<std::unique_ptr<Worker>> more;
  for (int i = 0; i < 2; ++i) more.push_back(std::make_unique<FakeWorker>(i, 1000000, &log, &mu));
  Portfolio q(std::move(more), pool, settings(false), [&] { return ++polls > 50; });
  q.run();  // ends through the stop token
  EXPECT_LT(q.workers()[0]->stats().tasks + q.workers()[1]->stats().tasks, 1000u);
}

// A worker that counts its work and asks its lane for a fixed share.
class ShareWorker final : public Worker {
 public:
  explicit ShareWorker(double share) : share_(share) {}
  bool run_task(double work) override {
    stats_.work += work;
    ++stats_.tasks;
    return true;
  }
  void publish(SolutionPool&) override {}
  void absorb(const SolutionPool&) override {}
  const WorkerStats& stats() const override { return stats_; }
  double share() const override { return share_; }

 private:
  double share_;
  WorkerStats stats_;
};

// Two workers share one lane: the one that asks for a quarter of its weight gets a quarter of
// the other's tasks.
TEST(Portfolio, AWorkerThatAsksForLessOfItsLaneGetsLess) {
  std::vector<std::unique_ptr<Worker>> workers;
  workers.push_back(std::make_unique<ShareWorker>(1.0));
  workers.push_back(std::make_unique<ShareWorker>(0.25));
  SolutionPool pool(4);
  PortfolioSettings s = settings(false);
  s.lanes = {{0, 1}};
  int tasks = 0;
  Portfolio p(std::move(workers), pool, s, [&] { return ++tasks > 1000; });
  p.run();
  const double a = static_cast<double>(p.workers()[0]->stats().tasks);
  const double b = static_cast<double>(p.workers()[1]->stats().tasks);
  EXPECT_NEAR(a / b, 4.0, 0.2);
}

// A stop that came while the workers were built (on a large model that takes a while, and
// under a sanitizer longer): no task runs, in any of the three ways of running.
TEST(Portfolio, AStopBeforeTheFirstTaskRunsNoTask) {
  for (const int lanes : {1, 2}) {
    for (const bool deterministic : {false, true}) {
      std::vector<std::string> log;
      std::mutex mu;
      std::vector<std::unique_ptr<Worker>> workers;
      for (int i = 0; i < 2; ++i) workers.push_back(std::make_unique<FakeWorker>(i, 5, &log, &mu));
      SolutionPool pool(7);
      PortfolioSettings s = settings(deterministic);
      if (lanes == 1) s.lanes = {{0, 1}};
      Portfolio p(std::move(workers), pool, s, [] { return true; });
      p.run();
      EXPECT_TRUE(log.empty()) << lanes << " lanes, deterministic " << deterministic << ": " << log.front();
    }
  }
}

// A worker whose tasks each take `ms` milliseconds of wall-clock time.
class SleepyWorker final : public Worker {
 public:
  SleepyWorker(int tasks, int ms) : tasks_left_(tasks), ms_(ms) { stats_.name = "sleepy"; }
  bool run_task(double) override {
    std::this_thread::sleep_for(std::chrono::milliseconds(ms_));
    ++stats_.tasks;
    return --tasks_left_ > 0;
  }
  void publish(SolutionPool&) override {}
  void absorb(const SolutionPool&) override {}
  const WorkerStats& stats() const override { return stats_; }

 private:
  int tasks_left_, ms_;
  WorkerStats stats_;
};

TEST(Portfolio, CountsTheSecondsOfEachWorkersTasks) {
  for (const bool deterministic : {false, true}) {
    std::vector<std::unique_ptr<Worker>> workers;
    workers.push_back(std::make_unique<SleepyWorker>(3, 30));
    workers.push_back(std::make_unique<SleepyWorker>(3, 0));
    SolutionPool pool(7);
    PortfolioSettings s = settings(deterministic);
    s.lanes = {{0, 1}};  // one thread: the two take turns
    Portfolio p(std::move(workers), pool, s, [] { return false; });
    p.run();
    ASSERT_EQ(p.task_seconds().size(), 2u);
    EXPECT_GE(p.task_seconds()[0], 0.085) << deterministic;
    EXPECT_LT(p.task_seconds()[0], 5.0) << deterministic;
    EXPECT_LT(p.task_seconds()[1], 0.03) << deterministic;
  }
}

// lp_start: once the root LP is known, the search restarts from its rounding, once.
TEST(SearchWorker, RestartsOnceFromTheRootLpRounding) {
  const Model m = cover(30);
  const presolve::Postsolve post = identity(m);
  const Verifier verifier(m, post, 1e-6, 1e-6);
  for (const bool lp_start : {false, true}) {
    SCOPED_TRACE(lp_start ? "lp_start on" : "lp_start off");
    Options o;
    o.lp_start = lp_start;
    o.ls_parity_start = false;
    DualBound bound;
    std::vector<double> lp(30, 0.0);
    lp[0] = 0.9;  // rounds to x0 = 1 alone: the optimum
    lp[7] = 0.1;
    bound.set_lp(LpPoint{lp, 0.9, {}});
    SearchWorkerSetup s;
    s.name = "ls#0";
    s.options = o;
    s.reduced = &m;
    s.search_model = std::make_shared<const search::SearchModel>(search::build_search_model(m, o));
    s.verifier = &verifier;
    s.bound = &bound;
    Logger log(LogLevel::kQuiet);
    SearchWorker w(std::move(s), log);
    SolutionPool pool(7);
    ASSERT_TRUE(w.run_task(100));
    w.publish(pool);
    const std::uint64_t before = w.stats().restarts;
    w.absorb(pool);  // the LP point is taken here
    ASSERT_TRUE(w.run_task(100));
    EXPECT_EQ(w.stats().restarts, before + (lp_start ? 1 : 0));
    w.publish(pool);
    w.absorb(pool);  // once only
    ASSERT_TRUE(w.run_task(100));
    EXPECT_EQ(w.stats().restarts, before + (lp_start ? 1 : 0));
    w.publish(pool);
    ASSERT_TRUE(pool.best());
    if (lp_start) {
      EXPECT_EQ(pool.best()->solution.objective(), 1.0);
    }
  }
}

TEST(SearchWorker, AWorkerWhoseSolutionsFailTheCheckIsRetired) {
  // The search sees a model without the row that the "original" model has, so every
  // solution it finds (x0 = 0 is optimal for it) fails the independent check.
  ModelBuilder searched;
  searched.add_col("x0", 0, 1, 1, true);
  searched.add_col("x1", 0, 1, 1, true);
  const Model reduced = testing::build_model(searched);
  ModelBuilder original;
  original.add_col("x0", 0, 1, 1, true);
  original.add_col("x1", 0, 1, 1, true);
  const Index r = original.add_row("both", 2, kInf);
  original.add_entry(r, 0, 1);
  original.add_entry(r, 1, 1);
  const Model orig = testing::build_model(original);
  const presolve::Postsolve post = identity(orig);
  const Verifier verifier(orig, post, 1e-6, 1e-6);
  Options o;
  o.work_limit = 1e7;
  o.portfolio_max_rejections = 3;
  o.ls_parity_start = false;
  SearchWorkerSetup s;
  s.name = "ls#0";
  s.options = o;
  s.reduced = &reduced;
  s.search_model = std::make_shared<const search::SearchModel>(search::build_search_model(reduced, o));
  s.verifier = &verifier;
  s.may_retire = true;
  std::vector<std::string> lines;
  Logger log(LogLevel::kNormal);
  log.set_sink([&](const std::string& line) { lines.push_back(line); });
  SearchWorker w(std::move(s), log);
  SolutionPool pool(7);
  int tasks = 0;
  while (w.run_task(1e4) && ++tasks < 10000) w.publish(pool);
  w.publish(pool);
  EXPECT_TRUE(w.stats().retired);
  EXPECT_GE(w.stats().rejected, 1u);
  EXPECT_EQ(pool.size(), 0u) << "nothing unverified enters the pool";
  bool logged = false;
  for (const std::string& l : lines) logged = logged || l.find("retired") != std::string::npos;
  EXPECT_TRUE(logged);
}

// portfolio_feasibility_switch: without a solution the worker alternates between its engine
// and one with the other equality handling, in slices that double every second switch, with
// the work limit over both; a solution ends the alternation; 0, or a model without equality
// rows, keeps one engine.
TEST(SearchWorker, AlternatesEqualityHandlingUntilASolutionExists) {
  // No solution, so the switching never ends.
  const Model infeasible = testing::no_solution_pair(1);
  const Model no_equalities = cover(10);
  const Model feasible = pick_one();  // a solution comes at once

  struct Outcome {
    std::vector<std::string> switches;  // the verbose lines of the switches
    int built = 0;                      // SearchModels asked for
    std::vector<bool> split_asked;
    WorkerStats stats;
    std::size_t pool = 0;
  };
  auto run = [](const Model& m, double slice, double work_limit) {
    const presolve::Postsolve post = identity(m);
    const Verifier verifier(m, post, 1e-6, 1e-6);
    Options o;
    o.work_limit = work_limit;
    o.portfolio_feasibility_switch = slice;
    o.ls_parity_start = false;
    Outcome out;
    SearchWorkerSetup s;
    s.name = "ls#0";
    s.options = o;
    s.reduced = &m;
    s.search_model = std::make_shared<const search::SearchModel>(search::build_search_model(m, o));
    s.verifier = &verifier;
    s.model_for = [&m, &out](const Options& asked) {
      ++out.built;
      out.split_asked.push_back(asked.ls_split_equalities);
      return std::make_shared<const search::SearchModel>(search::build_search_model(m, asked));
    };
    Logger log(LogLevel::kVerbose);
    log.set_sink([&](const std::string& line) {
      if (line.find("no solution yet") != std::string::npos) out.switches.push_back(line);
    });
    SearchWorker w(std::move(s), log);
    SolutionPool pool(7);
    int tasks = 0;
    while (w.run_task(1e3) && ++tasks < 100000) {
      w.publish(pool);
      w.absorb(pool);
    }
    w.publish(pool);
    out.stats = w.stats();
    out.pool = pool.size();
    return out;
  };

  const Outcome a = run(infeasible, 1e4, 2e5);
  // Slices 1e4, 1e4, 2e4, 2e4, 4e4, 4e4, 8e4: six switches within 2e5 work units.
  ASSERT_GE(a.switches.size(), 5u);
  EXPECT_EQ(a.built, 1) << "the second engine is built once and kept";
  ASSERT_EQ(a.split_asked.size(), 1u);
  EXPECT_TRUE(a.split_asked[0]);
  for (std::size_t k = 0; k < a.switches.size(); ++k) {
    const bool split = k % 2 == 0;
    EXPECT_NE(a.switches[k].find(split ? "split into two rows" : "as one row"), std::string::npos) << a.switches[k];
  }
  EXPECT_NE(a.switches[0].find("for 1e+04"), std::string::npos) << a.switches[0];
  EXPECT_NE(a.switches[1].find("for 2e+04"), std::string::npos) << a.switches[1];
  EXPECT_NE(a.switches[3].find("for 4e+04"), std::string::npos) << a.switches[3];
  EXPECT_LE(a.stats.work, 2e5 + 1e3 + 100) << "the work limit holds for both engines together";
  EXPECT_GE(a.stats.work, 2e5);
  EXPECT_EQ(a.pool, 0u);

  const Outcome again = run(infeasible, 1e4, 2e5);
  EXPECT_EQ(again.switches, a.switches);
  EXPECT_EQ(again.stats.work, a.stats.work);
  EXPECT_EQ(again.stats.moves, a.stats.moves);

  const Outcome off = run(infeasible, 0, 2e5);
  EXPECT_TRUE(off.switches.empty());
  EXPECT_EQ(off.built, 0);

  const Outcome plain = run(no_equalities, 10, 5e4);
  EXPECT_TRUE(plain.switches.empty());
  EXPECT_EQ(plain.built, 0);

  const Outcome found = run(feasible, 1e4, 2e5);
  EXPECT_TRUE(found.switches.empty());
  EXPECT_EQ(found.built, 0);
  EXPECT_GE(found.pool, 1u);
}

// A feasibility worker (until_first_solution, portfolio_feasibility_worker) builds its engine
// from model_for on its first task, never switches, and ends once it or the pool has a
// solution, without counting as retired; a run without a solution goes to its work limit.
TEST(SearchWorker, AFeasibilityWorkerEndsOnceASolutionExists) {
  const Model feasible = pick_one();
  const Model infeasible = testing::no_solution_pair(1);

  struct Outcome {
    int built = 0, tasks = 0;
    bool ended_logged = false, switched = false;
    WorkerStats stats;
    std::size_t pool = 0;
  };
  // `seeded`: the pool has a solution before the worker's first task.
  auto run = [](const Model& m, bool seeded) {
    const presolve::Postsolve post = identity(m);
    const Verifier verifier(m, post, 1e-6, 1e-6);
    Options o;
    o.work_limit = 2e5;
    o.portfolio_feasibility_switch = 1e3;  // would switch at once in an ordinary worker
    o.ls_split_equalities = true;
    o.ls_parity_start = false;
    Outcome out;
    SearchWorkerSetup s;
    s.name = "feas";
    s.options = o;
    s.reduced = &m;
    s.verifier = &verifier;
    s.until_first_solution = true;
    s.model_for = [&m, &out](const Options& asked) {
      ++out.built;
      EXPECT_TRUE(asked.ls_split_equalities);
      return std::make_shared<const search::SearchModel>(search::build_search_model(m, asked));
    };
    Logger log(LogLevel::kVerbose);
    log.set_sink([&](const std::string& line) {
      out.ended_logged = out.ended_logged || line.find("feas: ends") != std::string::npos;
      out.switched = out.switched || line.find("no solution yet") != std::string::npos;
    });
    SearchWorker w(std::move(s), log);
    SolutionPool pool(7);
    if (seeded) {
      std::vector<double> x(static_cast<std::size_t>(m.num_cols()), 0.0);
      x[0] = 1;
      auto v = verifier.verify(x);
      EXPECT_TRUE(v.has_value());
      if (v) pool.offer(std::move(*v), 9, "other");
      w.absorb(pool);  // between tasks, as the portfolio does
    }
    while (w.run_task(1e3) && ++out.tasks < 100000) {
      w.publish(pool);
      w.absorb(pool);
    }
    w.publish(pool);
    out.stats = w.stats();
    out.pool = pool.size();
    return out;
  };

  const Outcome found = run(feasible, false);
  EXPECT_EQ(found.built, 1);
  EXPECT_GE(found.stats.found, 1u);
  EXPECT_GE(found.pool, 1u);
  EXPECT_TRUE(found.ended_logged);
  EXPECT_FALSE(found.stats.retired);
  EXPECT_LT(found.stats.work, 2e5) << "it ends with its first solution, not at the work limit";

  const Outcome seeded = run(feasible, true);
  EXPECT_EQ(seeded.built, 0) << "a solution already exists: nothing to build";
  EXPECT_EQ(seeded.tasks, 0);
  EXPECT_EQ(seeded.stats.work, 0);
  EXPECT_TRUE(seeded.ended_logged);

  const Outcome none = run(infeasible, false);
  EXPECT_EQ(none.built, 1);
  EXPECT_FALSE(none.switched) << "a feasibility worker keeps one engine";
  EXPECT_GE(none.stats.work, 2e5);
  EXPECT_EQ(none.pool, 0u);
  EXPECT_FALSE(none.ended_logged);
}

}  // namespace
}  // namespace lsmip::portfolio

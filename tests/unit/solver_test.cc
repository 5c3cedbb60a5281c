// Tests of the solver facade: typed status and stop reasons, the warm start, the
// JSON report's keys, and determinism of the portfolio: with --deterministic on and a
// work limit, repeated runs give identical solutions for every thread count.
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <string>
#include <vector>

#include "check/solution_checker.h"
#include "io/model_reader.h"
#include "io/read_options.h"
#include "model/model_builder.h"
#include "solver/solve_report.h"
#include "solver/solver.h"
#include "test_util.h"
#include "util/sanitizers.h"

namespace lsmip::solver {
namespace {

Model read(const std::string& rel) { return testing::read_model(rel); }

// The local-search portfolio (the LP, exact and sub-MIP workers are tested in hybrid_test.cc):
// it runs to the work limit on these small models, which the exact worker proves at once.
SolveResult run(const Model& m, Options o, std::vector<double> warm = {}) {
  o.lp = o.exact = o.lns = false;
  Logger quiet(LogLevel::kQuiet);
  Solver s(m, o, quiet);
  if (!warm.empty()) s.set_initial_solution(std::move(warm));
  SolveControl c;
  c.clock = [] { return 0.0; };
  return s.solve(c);
}

void expect_verified(const Model& m, const SolveResult& r) {
  ASSERT_TRUE(r.has_solution);
  const check::CheckReport c = check::check_solution(m, r.x, 1e-6, 1e-6, r.objective);
  EXPECT_TRUE(c.ok()) << c.describe(m);
}

TEST(Solver, FindsTheOptimumOfP0033WithWorkLimitAndReportsWhy) {
  const Model m = read("models/small/p0033.mps.gz");
  Options o;
  o.work_limit = 2e7;
  const SolveResult r = run(m, o);
  expect_verified(m, r);
  EXPECT_EQ(r.status, SolveStatus::kFeasible);
  EXPECT_EQ(r.stop_reason, StopReason::kWorkLimit);
  EXPECT_EQ(r.objective, 3089.0);
  ASSERT_FALSE(r.trace.empty());
  EXPECT_EQ(r.trace.back().objective, r.objective);
  EXPECT_EQ(r.trace.front().source.rfind("ls#0 ", 0), 0u) << r.trace.front().source;
  EXPECT_EQ(r.workers.size(), 1u);
}

TEST(Solver, GoalsStopTheRun) {
  const Model m = read("models/small/p0033.mps.gz");
  Options o;
  o.work_limit = 1e9;
  o.solution_limit = 1;
  SolveResult r = run(m, o);
  EXPECT_EQ(r.stop_reason, StopReason::kSolutionLimit);
  EXPECT_EQ(r.trace.size(), 1u);
  o.solution_limit = 0;
  o.objective_target = 3200;
  r = run(m, o);
  EXPECT_EQ(r.stop_reason, StopReason::kObjectiveTarget);
  EXPECT_LE(r.objective, 3200);
  o.objective_target = kInf;
  o.threads = 2;
  o.time_limit = 0.0;  // the clock of run() says 0: the limit is met at once
  r = run(m, o);
  EXPECT_EQ(r.stop_reason, StopReason::kTimeLimit);
}

TEST(Solver, InterruptAndInfeasibility) {
  const Model m = read("models/small/p0033.mps.gz");
  Options o;
  Logger quiet(LogLevel::kQuiet);
  Solver s(m, o, quiet);
  SolveControl c;
  c.clock = [] { return 0.0; };
  c.interrupted = [] { return true; };
  const SolveResult r = s.solve(c);
  EXPECT_EQ(r.stop_reason, StopReason::kInterrupted);

  ModelBuilder b;  // x + y >= 3 with binaries: presolve proves it infeasible
  const Index x = b.add_col("x", 0, 1, 1, true), y = b.add_col("y", 0, 1, 1, true);
  const Index row = b.add_row("r", 3, kInf);
  b.add_entry(row, x, 1);
  b.add_entry(row, y, 1);
  const Model inf = testing::build_model(b);
  Options w;
  w.work_limit = 1e6;
  const SolveResult ri = run(inf, w);
  EXPECT_EQ(ri.status, SolveStatus::kInfeasible);
  EXPECT_FALSE(ri.has_solution);
}

TEST(Solver, FeasibleWarmStartIsTheFirstIncumbent) {
  const Model m = read("models/small/p0033.mps.gz");
  Options o;
  o.work_limit = 1e5;
  o.threads = 2;
  o.deterministic = true;
  // Any feasible point of p0033: all ones satisfies its <= rows? Use the search's own.
  Options first = o;
  first.solution_limit = 1;
  first.threads = 1;
  const SolveResult a = run(m, first);
  ASSERT_TRUE(a.has_solution);
  const SolveResult r = run(m, o, a.x);
  expect_verified(m, r);
  ASSERT_FALSE(r.trace.empty());
  EXPECT_EQ(r.trace.front().source, "initial");
  EXPECT_EQ(r.trace.front().worker, -1);
  EXPECT_LE(r.objective, a.objective);
}

TEST(Solver, JsonReportHasTheSameKeysInEveryRun) {
  const Model m = read("models/small/p0033.mps.gz");
  Options o;
  o.work_limit = 1e6;
  o.threads = 2;
  const SolveResult r = run(m, o);
  const std::string with = json_report(&m, o, r, true);
  const std::string without = json_report(nullptr, o, SolveResult{}, false);
  for (const char* key : {"\"status\"", "\"stop_reason\"", "\"objective\"", "\"threads\"",
                          "\"deterministic\"", "\"workers\"", "\"trace\"", "\"time_to_first\"",
                          "\"solution_written\"", "\"presolve\""}) {
    EXPECT_NE(with.find(key), std::string::npos) << key;
    EXPECT_NE(without.find(key), std::string::npos) << key;
  }
  EXPECT_NE(with.find("\"name\": \"ls#1\""), std::string::npos) << with;
}

TEST(Solver, ObserversSeeEveryIncumbentInOrderAndProgressFromThreads) {
  const Model m = read("models/small/p0033.mps.gz");
  Options o;
  o.work_limit = 5e6;
  o.threads = 2;
  o.lp = o.exact = o.lns = false;  // two local searches: the exact worker would prove p0033 first
  Logger quiet(LogLevel::kQuiet);
  Solver s(m, o, quiet);
  SolveControl c;
  c.clock = [] { return 0.0; };
  std::vector<double> seen;
  int progress = 0;
  bool concurrent = false;
  std::atomic<int> inside{0};
  c.on_incumbent = [&](const TracePoint& t, const std::vector<double>& x) {
    concurrent = concurrent || inside.fetch_add(1) != 0;
    EXPECT_EQ(x.size(), static_cast<std::size_t>(m.num_cols()));
    EXPECT_TRUE(check::check_solution(m, x, 1e-6, 1e-6, t.objective).ok());
    seen.push_back(t.objective);
    inside.fetch_sub(1);
  };
  c.on_progress = [&](const ProgressInfo& p) {
    concurrent = concurrent || inside.fetch_add(1) != 0;
    EXPECT_GE(p.work, 0);
    ++progress;
    inside.fetch_sub(1);
  };
  const SolveResult r = s.solve(c);
  EXPECT_FALSE(concurrent) << "observers ran at the same time";
  ASSERT_EQ(seen.size(), r.trace.size());
  for (std::size_t k = 1; k < seen.size(); ++k) EXPECT_LT(seen[k], seen[k - 1]);
  EXPECT_GT(progress, 0);
}

// portfolio_handover: idle workers take the configuration of the pool's best; the run stays
// deterministic, within the work limit, and every solution verified.
TEST(Solver, IdleWorkersTakeTheConfigurationOfThePoolsBest) {
  const Model m = read("models/small/noswot.mps.gz");
  Options o;
  o.work_limit = 3e6;
  o.threads = 4;
  o.deterministic = true;
  o.portfolio_batch_work = 1e5;
  o.portfolio_handover = 2;
  const SolveResult first = run(m, o);
  expect_verified(m, first);
  std::uint64_t handovers = 0;
  for (const portfolio::WorkerStats& w : first.workers) {
    handovers += w.handovers;
    EXPECT_LE(w.work, o.work_limit + 2 * o.portfolio_batch_work) << w.name;
    if (w.handovers > 0) {
      EXPECT_NE(w.config.find("(handed over)"), std::string::npos) << w.config;
    }
  }
  EXPECT_GT(handovers, 0u);
  const SolveResult again = run(m, o);
  EXPECT_EQ(again.x, first.x);
  EXPECT_EQ(again.work, first.work);
  o.portfolio_handover = 0;
  for (const portfolio::WorkerStats& w : run(m, o).workers) EXPECT_EQ(w.handovers, 0u) << w.name;
}

// Deterministic mode: identical solutions over repeated runs, for each thread count.
class Determinism : public ::testing::TestWithParam<const char*> {};

TEST_P(Determinism, RepeatedRunsGiveIdenticalSolutionsForEveryThreadCount) {
  const Model m = read(std::string("models/small/") + GetParam() + ".mps.gz");
  for (int threads : {1, 2, 4, 8}) {
    Options o;
    o.work_limit = 3e6;
    o.threads = threads;
    o.deterministic = true;
    o.portfolio_batch_work = 2e5;  // many batches, so sharing happens
    const SolveResult first = run(m, o);
    for (int rep = 0; rep < 2; ++rep) {
      const SolveResult again = run(m, o);
      ASSERT_EQ(again.has_solution, first.has_solution) << threads;
      EXPECT_EQ(again.x, first.x) << GetParam() << " threads " << threads;
      EXPECT_EQ(again.trace.size(), first.trace.size()) << threads;
      EXPECT_EQ(again.work, first.work) << threads;
    }
    if (first.has_solution) expect_verified(m, first);
  }
}

// Binary (p0033, stein27), general integer (gt2, noswot) and continuous columns (vpm2, khb05250).
// Under the sanitizers, whose runs are 10-20 times slower, one of each kind.
#if LSMIP_ASAN || LSMIP_TSAN
INSTANTIATE_TEST_SUITE_P(Small, Determinism, ::testing::Values("p0033", "noswot", "vpm2"));
#else
INSTANTIATE_TEST_SUITE_P(Small, Determinism,
                         ::testing::Values("p0033", "stein27", "gt2", "vpm2", "khb05250", "noswot"));
#endif

}  // namespace
}  // namespace lsmip::solver

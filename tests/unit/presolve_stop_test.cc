// Presolve honours the stop token: a limit or a signal that falls inside propagation or
// aggregation ends it at once (Verdict::kInterrupted), and the solver then reports the
// original model's trivial outcome with the stop reason.
#include <gtest/gtest.h>

#include <atomic>

#include "model/model_builder.h"
#include "presolve/presolve.h"
#include "solver/solver.h"
#include "test_util.h"

namespace lsmip {
namespace {

// A chain of balance rows s_t = s_{t-1} + x_t - 3 with integer x_t: thousands of rows for
// propagation to pass over.
Model chain(int n) {
  ModelBuilder b;
  Index prev = -1;
  for (int t = 0; t < n; ++t) {
    const Index x = b.add_col("x" + std::to_string(t), 0, 10, 1, true);
    const Index s = b.add_col("s" + std::to_string(t), 0, 100, 0.1, false);
    const Index r = b.add_row("bal" + std::to_string(t), -3, -3);
    b.add_entry(r, s, 1);
    b.add_entry(r, x, -1);
    if (prev >= 0) b.add_entry(r, prev, -1);
    prev = s;
  }
  return testing::build_model(b);
}

TEST(PresolveStop, AStopTokenEndsPresolveAtOnce) {
  const Model m = chain(5000);
  Options o;
  Logger quiet(LogLevel::kQuiet);
  const presolve::PresolveResult full = presolve::run_presolve(m, o, quiet);
  ASSERT_EQ(full.verdict, presolve::Verdict::kReduced);
  for (int after : {0, 1, 3}) {  // at the first poll and at later ones
    std::atomic<int> polls{0};
    const presolve::PresolveResult r =
        presolve::run_presolve(m, o, quiet, {}, [&] { return polls.fetch_add(1) >= after; });
    EXPECT_EQ(r.verdict, presolve::Verdict::kInterrupted) << after;
    EXPECT_GT(polls.load(), after) << "the token was polled";
    EXPECT_EQ(r.reduced.num_cols(), 0);
  }
}

// Few long rows (as eilA101-2: 100 rows, 959k nonzeros): propagation polls by the entries
// it reads, not every 1024 rows, so the token is polled many times within one round.
TEST(PresolveStop, LongRowsArePolledWithinARound) {
  ModelBuilder b;
  const int rows = 100, cols = 200000;
  for (int i = 0; i < rows; ++i) b.add_row("r" + std::to_string(i), 1, 1);
  for (int j = 0; j < cols; ++j) {
    const Index x = b.add_col("x" + std::to_string(j), 0, 1, 1.0 + j % 7, true);
    b.add_entry(j % rows, x, 1);
  }
  const Model m = testing::build_model(b);
  Options o;
  Logger quiet(LogLevel::kQuiet);
  std::atomic<int> polls{0};
  const presolve::PresolveResult r = presolve::run_presolve(m, o, quiet, {}, [&] {
    polls.fetch_add(1);
    return false;
  });
  EXPECT_NE(r.verdict, presolve::Verdict::kInterrupted);
  EXPECT_GE(polls.load(), 10) << "one round reads 200,000 entries in 100 rows";
}

TEST(PresolveStop, TheSolverReportsTheStopReasonWithoutASolution) {
  const Model m = chain(2000);
  Options o;
  o.time_limit = 1.0;
  Logger quiet(LogLevel::kQuiet);
  solver::Solver s(m, o, quiet);
  solver::SolveControl c;
  c.clock = [] { return 5.0; };  // the limit has passed: presolve must not start its work
  const solver::SolveResult r = s.solve(c);
  EXPECT_EQ(r.stop_reason, solver::StopReason::kTimeLimit);
  EXPECT_FALSE(r.has_solution);
  EXPECT_EQ(r.status, solver::SolveStatus::kUnknown);
  EXPECT_FALSE(r.presolved);
}

// A model presolve solves outright (x + y >= 3 with x <= 1 and y <= 2 fixes both): a stop
// at any poll after presolve has finished still returns its one point, proven optimal.
TEST(PresolveStop, AModelPresolveSolvesKeepsItsPointWhateverTheStop) {
  ModelBuilder b;
  const Index x = b.add_col("x", 0, 1, 2, true);
  const Index y = b.add_col("y", 0, 2, 1, true);
  const Index r = b.add_row("cover", 3, kInf);
  b.add_entry(r, x, 1);
  b.add_entry(r, y, 1);
  const Model m = testing::build_model(b);
  Options o;
  o.threads = 1;
  o.time_limit = 10;
  Logger quiet(LogLevel::kQuiet);
  int after_presolve = 0;
  for (int k = 0; k < 40; ++k) {  // the stop at the k-th poll of the token
    solver::Solver s(m, o, quiet);
    solver::SolveControl c;
    std::atomic<int> polls{0};
    c.interrupted = [&] { return polls.fetch_add(1) >= k; };
    const solver::SolveResult res = s.solve(c);
    if (!res.presolved) continue;
    ++after_presolve;
    ASSERT_TRUE(res.has_solution) << "stop at poll " << k;
    EXPECT_DOUBLE_EQ(res.objective, 4.0);
    EXPECT_EQ(res.status, solver::SolveStatus::kOptimal) << "stop at poll " << k;
  }
  EXPECT_GT(after_presolve, 0) << "some stop came after presolve";
}

}  // namespace
}  // namespace lsmip

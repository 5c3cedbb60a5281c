// One feasibility tolerance everywhere: presolve and the search's trivial
// infeasibility test may call a model infeasible only when no point passes
// the final check (feas_tol, int_tol), and --feas-tol reaches all of them.
// Models here are feasible only within that tolerance, or just beyond it.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "check/solution_checker.h"
#include "model/model_builder.h"
#include "presolve/presolve.h"
#include "search/search_model.h"
#include "test_util.h"

namespace lsmip {
namespace {

Model build(const std::function<void(ModelBuilder&)>& fill) {
  ModelBuilder b;
  b.set_name("tol");
  fill(b);
  Result<Model> m = b.build();
  EXPECT_TRUE(m.ok()) << m.status().to_string();
  return std::move(m).value();
}

// a x in [lo, hi] on one column x in [l, u].
Model singleton(double a, double lo, double hi, double l, double u, bool integer) {
  return build([&](ModelBuilder& b) {
    b.add_col("x", l, u, 1, integer);
    b.add_entry(b.add_row("r", lo, hi), 0, a);
  });
}

presolve::PresolveResult run(const Model& m, const Options& o = Options{}) {
  Logger log(LogLevel::kQuiet);
  return presolve::run_presolve(m, o, log);
}

// Presolve keeps the model and its postsolved fixings pass the final check.
void expect_feasible_within_tolerance(const Model& m, const Options& o = Options{}) {
  const presolve::PresolveResult r = run(m, o);
  ASSERT_EQ(r.verdict, presolve::Verdict::kReduced) << r.reason;
  // Every column still in the reduced model at its lower bound, or all at their
  // upper bounds (infinite ones at 0): one of the two points passes the check.
  bool some_passes = false;
  std::string report;
  for (const bool upper : {false, true}) {
    std::vector<double> xr;
    for (Index j = 0; j < r.reduced.num_cols(); ++j) {
      const double v = upper ? r.reduced.col_upper(j) : r.reduced.col_lower(j);
      xr.push_back(std::isfinite(v) ? v : 0.0);
    }
    const std::vector<double> x = r.postsolve.expand(xr);
    const check::CheckReport c = check::check_solution(m, x, o.feas_tol, o.int_tol);
    some_passes = some_passes || c.feasible;
    report += c.describe(m);
  }
  EXPECT_TRUE(some_passes) << report;
}

TEST(Tolerance, TinyCoefficientBinaryEqualityIsNotInfeasible) {
  // The issue's example: min x s.t. 1e-7 x = 5e-7, x binary. x = 0 and x = 1
  // both pass the check (row violation 5e-7 and 4e-7 <= 1e-6).
  const Model m = singleton(1e-7, 5e-7, 5e-7, 0, 1, true);
  expect_feasible_within_tolerance(m);
  const check::CheckReport zero = check::check_solution(m, std::vector<double>{0.0}, 1e-6, 1e-6);
  EXPECT_TRUE(zero.feasible);
}

TEST(Tolerance, SingletonVariantsWithinTolerance) {
  // Negative coefficient, a general integer whose exact value lies outside its bounds.
  expect_feasible_within_tolerance(singleton(-1e-7, -5e-7, -5e-7, 0, 1, true));
  expect_feasible_within_tolerance(singleton(1e-7, 1.5e-6, kInf, 0, 7, true));
  expect_feasible_within_tolerance(singleton(1e-7, -kInf, -6e-7, 2, 5, true));
  // Continuous column: exact solution 5, bounds [0, 1].
  expect_feasible_within_tolerance(singleton(1e-7, 5e-7, 5e-7, 0, 1, false));
  // Large side: 1e6 relative tolerance 1 in activity: x = 3 for side 1e6 + 0.5, a = 333333.
  expect_feasible_within_tolerance(singleton(1e6, 3e6 + 2.5, 3e6 + 2.5, 0, 3, true));
}

TEST(Tolerance, BeyondToleranceIsStillInfeasible) {
  // 1e-7 x >= 2.5e-6 with x binary: at best a violation of 2.4e-6 > 1e-6.
  EXPECT_EQ(run(singleton(1e-7, 2.5e-6, kInf, 0, 1, true)).verdict,
            presolve::Verdict::kInfeasible);
  EXPECT_EQ(run(singleton(1.0, 2.0, 2.0, 0, 1, true)).verdict, presolve::Verdict::kInfeasible);
  EXPECT_EQ(run(singleton(1.0, 1.5, 1.5, -kInf, kInf, true)).verdict,
            presolve::Verdict::kInfeasible);
}

TEST(Tolerance, FeasTolReachesPresolve) {
  const Model m = singleton(1e-7, 5e-7, 5e-7, 0, 1, true);
  Options strict;
  strict.feas_tol = 1e-8;  // 4e-7 > 1e-8: now no point passes the check
  EXPECT_EQ(run(m, strict).verdict, presolve::Verdict::kInfeasible);
  const Model far = singleton(1e-7, 2.5e-6, kInf, 0, 1, true);
  Options loose;
  loose.feas_tol = 1e-5;  // 2.4e-6 <= 1e-5
  expect_feasible_within_tolerance(far, loose);
}

TEST(Tolerance, ContinuousBoundsCrossedWithinTolerance) {
  // [1.5e-6, 0]: x = 7.5e-7 misses both bounds by 7.5e-7 <= 1e-6 (absolute).
  expect_feasible_within_tolerance(build([](ModelBuilder& b) {
    b.add_col("x", 1.5e-6, 0, 1, false);
    b.add_entry(b.add_row("r", -kInf, 10), 0, 1.0);
  }));
  // Crossed beyond: 2.5e-6 apart.
  EXPECT_EQ(run(build([](ModelBuilder& b) { b.add_col("x", 2.5e-6, 0, 1, false); })).verdict,
            presolve::Verdict::kInfeasible);
}

TEST(Tolerance, EmptyAndCrossedRows) {
  // Empty row 0 in [8e-7, 1]: within the check's 1e-6.
  const Model empty = build([](ModelBuilder& b) {
    b.add_col("x", 0, 1, 1, true);
    b.add_row("e", 8e-7, 1);
    b.add_entry(b.add_row("r", -kInf, 1), 0, 1.0);
  });
  expect_feasible_within_tolerance(empty);
  EXPECT_FALSE(search::build_search_model(empty, Options{}).infeasible);
  Options strict;
  strict.feas_tol = 1e-7;
  EXPECT_EQ(run(empty, strict).verdict, presolve::Verdict::kInfeasible);
  EXPECT_TRUE(search::build_search_model(empty, strict).infeasible);
  // A row whose fixed columns leave it violated within tolerance: x = y = 1 fixed.
  expect_feasible_within_tolerance(build([](ModelBuilder& b) {
    b.add_col("x", 1, 1, 1, false);
    b.add_col("y", 1, 1, 1, true);
    const Index r = b.add_row("r", 2.0000015, kInf);
    b.add_entry(r, 0, 1.0);
    b.add_entry(r, 1, 1.0);
  }));
  // Crossed sides within tolerance, two columns: (1, 7.5e-7) passes the check.
  const Model crossed = build([](ModelBuilder& b) {
    b.add_col("x", 0, 1, 1, true);
    b.add_col("y", 0, 1, 1, false);
    const Index r = b.add_row("r", 1 + 1.5e-6, 1);
    b.add_entry(r, 0, 1.0);
    b.add_entry(r, 1, 1.0);
  });
  EXPECT_TRUE(check::check_solution(crossed, std::vector<double>{1, 7.5e-7}, 1e-6, 1e-6).feasible);
  EXPECT_EQ(run(crossed).verdict, presolve::Verdict::kReduced) << run(crossed).reason;
  EXPECT_FALSE(search::build_search_model(crossed, Options{}).infeasible);
}

TEST(Tolerance, PropagationChainWithinTolerance) {
  // x binary, 1e-7 x >= 8e-7 (exact x >= 8, tolerant x >= -2), then
  // x + y <= 1 with y binary and y >= 1: only x = 0, y = 1 works, which
  // misses the first row by 8e-7 <= 1e-6.
  expect_feasible_within_tolerance(build([](ModelBuilder& b) {
    b.add_col("x", 0, 1, 1, true);
    b.add_col("y", 1, 1, 1, true);
    b.add_entry(b.add_row("tiny", 8e-7, kInf), 0, 1e-7);
    const Index r = b.add_row("sum", -kInf, 1);
    b.add_entry(r, 0, 1.0);
    b.add_entry(r, 1, 1.0);
  }));
}

TEST(Tolerance, CliFindsTheIssuesExampleWithAndWithoutPresolve) {
  const std::string dir = ::testing::TempDir();
  const std::string model = dir + "/tiny_eq.mps";
  std::ofstream(model) << "NAME TINY\nROWS\n N obj\n E c\nCOLUMNS\n"
                          "    MARKER    'MARKER'    'INTORG'\n x obj 1 c 0.0000001\n"
                          "    MARKER    'MARKER'    'INTEND'\nRHS\n rhs c 0.0000005\n"
                          "BOUNDS\n UP BND x 1\nENDATA\n";
  for (const char* extra : {"", " --no-presolve"}) {
    const std::string sol = dir + "/tiny_eq.sol";
    const auto r = testing::run_command(testing::lsmip_binary() + " " + model +
                                        " --work-limit 1e5 -q --solution-file " + sol + extra);
    EXPECT_EQ(r.exit_code, 0) << extra << "\n" << r.output;
    const auto c = testing::run_command(testing::lsmip_binary() + " check " + model + " " + sol);
    EXPECT_EQ(c.exit_code, 0) << extra << "\n" << c.output;
  }
  // With --feas-tol 1e-8 no point passes: both runs say infeasible or find nothing.
  const auto strict = testing::run_command(testing::lsmip_binary() + " " + model +
                                           " --work-limit 1e5 -q --feas-tol 1e-8");
  EXPECT_EQ(strict.exit_code, 10) << strict.output;
}

// The LP and CBC workers judge infeasibility with the final check's tolerance too: here
// x = 1 misses the equality by 5e-4, within 1e-6 * 1000.0005, and the LP of the rows as given
// is infeasible (1000 is the most the left side reaches). With --feas-tol 1e-8 nothing passes.
TEST(Tolerance, TheLpAndCbcWorkersDoNotCallAToleranceFeasibleModelInfeasible) {
  const std::string dir = ::testing::TempDir();
  const std::string model = dir + "/wide_eq.lp";
  std::ofstream(model) << "Minimize\n obj: x + y + z\nSubject To\n"
                          " c1: 1000 x + 1000 y + 999.9 z = 1000.0005\n c2: x + y + z <= 1\n"
                          "Binary\n x y z\nEnd\n";
  for (const char* extra : {"", " --no-presolve"}) {
    const std::string sol = dir + "/wide_eq.sol";
    const auto r = testing::run_command(testing::lsmip_binary() + " " + model +
                                        " --work-limit 1e6 -q --solution-file " + sol + extra);
    EXPECT_EQ(r.exit_code, 0) << extra << "\n" << r.output;
    const auto c = testing::run_command(testing::lsmip_binary() + " check " + model + " " + sol);
    EXPECT_EQ(c.exit_code, 0) << extra << "\n" << c.output;
  }
  const auto strict = testing::run_command(testing::lsmip_binary() + " " + model +
                                           " --work-limit 1e6 -q --feas-tol 1e-8");
  EXPECT_EQ(strict.exit_code, 10) << strict.output;
}

}  // namespace
}  // namespace lsmip

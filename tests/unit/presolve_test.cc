// Tests of the light presolve (presolve/presolve.h) and its postsolve map:
// one group per reduction on tiny hand-built models, infeasibility detection
// and its absence on tight-but-feasible models, infinite bounds, and the
// safety test: on the small classic models, known feasible solutions stay
// feasible for the reduced model and survive reduce() then expand().
#include "presolve/presolve.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <initializer_list>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "io/mps_reader.h"
#include "model/model_builder.h"

namespace lsmip::presolve {
namespace {

const double kNaN = std::numeric_limits<double>::quiet_NaN();

Model build(const std::function<void(ModelBuilder&)>& fill) {
  ModelBuilder b;
  b.set_name("t");
  fill(b);
  Result<Model> m = b.build();
  EXPECT_TRUE(m.ok()) << m.status().to_string();
  return std::move(m).value();
}

PresolveResult presolve(const Model& m, const Options& o = Options{},
                        std::span<const double> debug = {}) {
  Logger log(LogLevel::kQuiet);
  return run_presolve(m, o, log, debug);
}

Index col(const Model& m, const std::string& name) {
  const auto j = m.col_names().find(name);
  EXPECT_TRUE(j.has_value()) << name;
  return j.value_or(-1);
}

bool has_row(const Model& m, const std::string& name) {
  return m.row_names().find(name).has_value();
}

// Largest violation of `x` in `m`: bounds and integrality absolute, rows
// relative to max(1, |side|). Returns 0 for a feasible point.
double max_violation(const Model& m, std::span<const double> x, std::string* where = nullptr) {
  double worst = 0;
  auto note = [&](double v, const std::string& what) {
    if (v > worst) {
      worst = v;
      if (where) *where = what;
    }
  };
  for (Index j = 0; j < m.num_cols(); ++j) {
    const double v = x[static_cast<std::size_t>(j)];
    note(m.col_lower(j) - v, "lower bound of " + m.col_name(j));
    note(v - m.col_upper(j), "upper bound of " + m.col_name(j));
    if (m.is_integer(j)) note(std::fabs(v - std::round(v)), "integrality of " + m.col_name(j));
  }
  for (Index i = 0; i < m.num_rows(); ++i) {
    long double act = 0;
    const SparseVector r = m.row(i);
    for (std::size_t k = 0; k < r.size(); ++k) {
      act += static_cast<long double>(r.value[k]) * x[static_cast<std::size_t>(r.index[k])];
    }
    const double a = static_cast<double>(act);
    const double lo = m.row_lower(i), hi = m.row_upper(i);
    if (lo != -kInf) note((lo - a) / std::max(1.0, std::fabs(lo)), "row " + m.row_name(i));
    if (hi != kInf) note((a - hi) / std::max(1.0, std::fabs(hi)), "row " + m.row_name(i));
  }
  return worst;
}

// ---------------------------------------------------------------- empty rows

TEST(PresolveEmptyRow, SatisfiedByZeroIsDropped) {
  const Model m = build([](ModelBuilder& b) {
    b.add_col("x", 0, 5, 1, false);
    b.add_row("empty", -1, 2);
    const Index r = b.add_row("keep", 1, 3);
    b.add_entry(r, 0, 1.0);
    b.add_entry(b.add_row("keep2", -kInf, 4), 0, 2.0);
  });
  const PresolveResult r = presolve(m);
  ASSERT_EQ(r.verdict, Verdict::kReduced);
  EXPECT_FALSE(has_row(r.reduced, "empty"));
  EXPECT_EQ(r.stats.rows_removed, 3);  // the empty row, then both singletons
  EXPECT_EQ(r.reduced.col_lower(0), 1.0);
  EXPECT_EQ(r.reduced.col_upper(0), 2.0);
}

TEST(PresolveEmptyRow, ExcludingZeroIsInfeasible) {
  const Model m = build([](ModelBuilder& b) {
    b.add_col("x", 0, 5, 1, false);
    b.add_row("needs_one", 1, 2);
  });
  const PresolveResult r = presolve(m);
  ASSERT_EQ(r.verdict, Verdict::kInfeasible);
  EXPECT_NE(r.reason.find("needs_one"), std::string::npos) << r.reason;
}

TEST(PresolveEmptyRow, ViolatedWithinToleranceIsNotInfeasible) {
  const Model m = build([](ModelBuilder& b) {
    b.add_col("x", 0, 5, 1, false);
    b.add_row("almost", 1e-9, 2);
  });
  EXPECT_EQ(presolve(m).verdict, Verdict::kReduced);
}

// ----------------------------------------------------------- singleton rows

TEST(PresolveSingleton, ContinuousUpperAndLower) {
  const Model m = build([](ModelBuilder& b) {
    b.add_col("x", -10, 10, 1, false);
    b.add_col("y", 0, 10, 1, false);
    b.add_entry(b.add_row("ub", -kInf, 3), 0, 2.0);  // x <= 1.5
    b.add_entry(b.add_row("lb", -7, kInf), 0, 4.0);  // x >= -1.75
    const Index r = b.add_row("pair", -kInf, 100);   // keeps y alive
    b.add_entry(r, 0, 1.0);
    b.add_entry(r, 1, 1.0);
  });
  const PresolveResult r = presolve(m);
  ASSERT_EQ(r.verdict, Verdict::kReduced);
  EXPECT_EQ(r.reduced.col_upper(col(r.reduced, "x")), 1.5);
  EXPECT_EQ(r.reduced.col_lower(col(r.reduced, "x")), -1.75);
  EXPECT_FALSE(has_row(r.reduced, "ub"));
  EXPECT_FALSE(has_row(r.reduced, "lb"));
}

TEST(PresolveSingleton, NegativeCoefficientIntegerRoundsInward) {
  const Model m = build([](ModelBuilder& b) {
    b.add_col("y", -10, 10, 1, true);
    b.add_col("z", 0, 1, 1, true);
    b.add_entry(b.add_row("a", -7.5, kInf), 0, -3.0);  // -3y >= -7.5  =>  y <= 2.5 -> 2
    b.add_entry(b.add_row("b", -kInf, 4.5), 0, -1.5);  // -1.5y <= 4.5 =>  y >= -3
    const Index r = b.add_row("link", -kInf, 50);
    b.add_entry(r, 0, 1.0);
    b.add_entry(r, 1, 1.0);
  });
  const PresolveResult r = presolve(m);
  ASSERT_EQ(r.verdict, Verdict::kReduced);
  EXPECT_EQ(r.reduced.col_upper(col(r.reduced, "y")), 2.0);
  EXPECT_EQ(r.reduced.col_lower(col(r.reduced, "y")), -3.0);
}

TEST(PresolveSingleton, IntegerNearIntegralBoundIsNotCut) {
  // 3y <= 6.0000000001: the bound 2.00000000003 must round to 2, not cut 2 off;
  // 3y >= 2.9999999999 must give y >= 1.
  const Model m = build([](ModelBuilder& b) {
    b.add_col("y", 0, 10, 1, true);
    b.add_entry(b.add_row("u", 2.9999999999, 6.0000000001), 0, 3.0);
  });
  const PresolveResult r = presolve(m);
  ASSERT_EQ(r.verdict, Verdict::kReduced);
  EXPECT_EQ(r.reduced.col_lower(0), 1.0);
  EXPECT_EQ(r.reduced.col_upper(0), 2.0);
}

TEST(PresolveSingleton, EqualityFixesAndRemovesTheColumn) {
  const Model m = build([](ModelBuilder& b) {
    b.add_col("x", -5, 5, 3, false);
    b.add_col("y", 0, 10, 1, false);
    b.add_entry(b.add_row("fix", 4, 4), 0, -2.0);  // x = -2
    const Index r = b.add_row("sum", 1, 6);        // 1 <= x + y + ... <= 6
    b.add_entry(r, 0, 1.0);
    b.add_entry(r, 1, 1.0);
  });
  const PresolveResult r = presolve(m);
  ASSERT_EQ(r.verdict, Verdict::kReduced);
  EXPECT_EQ(r.reduced.num_cols(), 1);
  EXPECT_EQ(r.reduced.col_name(0), "y");
  // x = -2 turns "sum" into the singleton 3 <= y <= 8, which becomes y's bounds.
  EXPECT_EQ(r.reduced.num_rows(), 0);
  EXPECT_EQ(r.reduced.col_lower(0), 3.0);
  EXPECT_EQ(r.reduced.col_upper(0), 8.0);
  EXPECT_EQ(r.reduced.obj_offset(), -6.0);
  const std::vector<double> x = r.postsolve.expand(std::vector<double>{4.0});
  ASSERT_EQ(x.size(), 2u);
  EXPECT_EQ(x[0], -2.0);
  EXPECT_EQ(x[1], 4.0);
}

TEST(PresolveSingleton, IntegerEqualityWithoutIntegerSolutionIsInfeasible) {
  const Model m = build([](ModelBuilder& b) {
    b.add_col("k", -kInf, kInf, 0, true);
    b.add_entry(b.add_row("odd", 7, 7), 0, 2.0);
  });
  const PresolveResult r = presolve(m);
  ASSERT_EQ(r.verdict, Verdict::kInfeasible);
  EXPECT_NE(r.reason.find("'k'"), std::string::npos) << r.reason;
}

TEST(PresolveSingleton, FractionalEqualityExactlyAtSideIsKept) {
  // 3x = 1 with x in [1/3, 1]: the fixed value 1/3 is the lower bound itself.
  const Model m = build([](ModelBuilder& b) {
    b.add_col("x", 1.0 / 3.0, 1, 1, false);
    b.add_entry(b.add_row("third", 1, 1), 0, 3.0);
  });
  const PresolveResult r = presolve(m);
  ASSERT_EQ(r.verdict, Verdict::kReduced);
  EXPECT_EQ(r.stats.cols_removed, 1);
  EXPECT_NEAR(r.postsolve.fixed_value(0), 1.0 / 3.0, 1e-15);
}

// ------------------------------------------------------------ fixed columns

TEST(PresolveFixedColumn, ContributionMovesToSidesAndOffset) {
  const Model m = build([](ModelBuilder& b) {
    b.set_obj_offset(1.0);
    b.add_col("f", 2, 2, 3, false);      // fixed by its bounds
    b.add_col("g", 0.2, 1.7, -1, true);  // integer with the single value 1
    b.add_col("y", 0, 10, 1, false);
    b.add_col("z", 0, 10, 1, false);
    const Index r = b.add_row("r", 1, 9);  // f + g + y + z in [1, 9]  ->  y + z in [-2, 6]
    for (Index j = 0; j < 4; ++j) b.add_entry(r, j, 1.0);
  });
  const PresolveResult r = presolve(m);
  ASSERT_EQ(r.verdict, Verdict::kReduced);
  ASSERT_EQ(r.reduced.num_cols(), 2);
  EXPECT_EQ(r.reduced.col_name(0), "y");
  EXPECT_EQ(r.reduced.col_name(1), "z");
  EXPECT_EQ(r.reduced.obj_offset(), 1.0 + 6.0 - 1.0);
  ASSERT_EQ(r.reduced.num_rows(), 1);
  EXPECT_EQ(r.reduced.row_lower(0), -2.0);
  EXPECT_EQ(r.reduced.row_upper(0), 6.0);
  EXPECT_EQ(r.stats.cols_removed, 2);
  EXPECT_EQ(r.postsolve.reduced_col(0), -1);
  EXPECT_EQ(r.postsolve.reduced_col(2), 0);
  EXPECT_EQ(r.postsolve.original_col(1), 3);
}

TEST(PresolveFixedColumn, MaximisationKeepsSenseAndOffset) {
  const Model m = build([](ModelBuilder& b) {
    b.set_sense(ObjSense::kMaximize);
    b.set_obj_offset(10.0);
    b.add_col("f", 3, 3, 2, false);  // contributes 6 to the maximised objective
    b.add_col("y", 0, 4, 5, false);
    const Index r = b.add_row("r", -kInf, 100);
    b.add_entry(r, 0, 1.0);
    b.add_entry(r, 1, 1.0);
  });
  const PresolveResult r = presolve(m);
  ASSERT_EQ(r.verdict, Verdict::kReduced);
  EXPECT_EQ(r.reduced.sense(), ObjSense::kMaximize);
  EXPECT_EQ(r.reduced.original_objective(r.reduced.obj_offset()), 16.0);
  EXPECT_EQ(r.reduced.obj(0), m.obj(1));
  // Objectives agree through the map.
  const std::vector<double> y{2.5};
  EXPECT_DOUBLE_EQ(r.reduced.objective(y), m.objective(r.postsolve.expand(y)));
}

TEST(PresolveFixedColumn, ChainOfFixingsCascades) {
  // x1 = 1; x1 + x2 = 3; x2 + x3 = 5 (integers): everything is fixed.
  const Model m = build([](ModelBuilder& b) {
    for (int k = 1; k <= 3; ++k) b.add_col("x" + std::to_string(k), 0, 10, k, true);
    b.add_entry(b.add_row("e1", 1, 1), 0, 1.0);
    const Index r2 = b.add_row("e2", 3, 3);
    b.add_entry(r2, 0, 1.0);
    b.add_entry(r2, 1, 1.0);
    const Index r3 = b.add_row("e3", 5, 5);
    b.add_entry(r3, 1, 1.0);
    b.add_entry(r3, 2, 1.0);
  });
  const PresolveResult r = presolve(m);
  ASSERT_EQ(r.verdict, Verdict::kReduced);
  EXPECT_EQ(r.reduced.num_cols(), 0);
  EXPECT_EQ(r.reduced.num_rows(), 0);
  const std::vector<double> x = r.postsolve.expand({});
  EXPECT_EQ(x, (std::vector<double>{1, 2, 3}));
  EXPECT_EQ(r.reduced.obj_offset(), 1.0 + 4.0 + 9.0);
}

// ------------------------------------------------------- bound propagation

TEST(PresolvePropagation, IntegerBoundsRoundedInward) {
  const Model m = build([](ModelBuilder& b) {
    b.add_col("x", 1, 10, 1, true);
    b.add_col("y", 1, 10, 1, true);
    const Index r = b.add_row("cap", -kInf, 3.5);  // x + y <= 3.5  ->  x, y <= 2
    b.add_entry(r, 0, 1.0);
    b.add_entry(r, 1, 1.0);
  });
  const PresolveResult r = presolve(m);
  ASSERT_EQ(r.verdict, Verdict::kReduced);
  EXPECT_EQ(r.reduced.col_upper(0), 2.0);
  EXPECT_EQ(r.reduced.col_upper(1), 2.0);
  EXPECT_TRUE(has_row(r.reduced, "cap"));  // max activity 4 > 3.5: still needed
  EXPECT_GE(r.stats.bounds_tightened, 2);
}

TEST(PresolvePropagation, ContinuousBoundsAreLoosenedNotCut) {
  const Model m = build([](ModelBuilder& b) {
    b.add_col("x", 1, 100, 1, false);
    b.add_col("y", 1, 100, 1, false);
    const Index r = b.add_row("cap", -kInf, 4);  // x + y <= 4  ->  x, y <= 3 (+ slack)
    b.add_entry(r, 0, 1.0);
    b.add_entry(r, 1, 1.0);
  });
  const PresolveResult r = presolve(m);
  ASSERT_EQ(r.verdict, Verdict::kReduced);
  for (Index j = 0; j < 2; ++j) {
    EXPECT_GE(r.reduced.col_upper(j), 3.0);
    EXPECT_LE(r.reduced.col_upper(j), 3.001);
  }
  EXPECT_TRUE(has_row(r.reduced, "cap"));

  Options keep_off;
  keep_off.presolve_tighten_continuous = false;
  const PresolveResult r2 = presolve(m, keep_off);
  ASSERT_EQ(r2.verdict, Verdict::kReduced);
  EXPECT_EQ(r2.reduced.col_upper(0), 100.0);
}

TEST(PresolvePropagation, NegativeCoefficientsAndRangedRow) {
  // 1 <= x - y <= 2 with x binary, y integer in [0, 5]: x = 1 and y = 0.
  const Model m = build([](ModelBuilder& b) {
    b.add_col("x", 0, 1, 1, true);
    b.add_col("y", 0, 5, 1, true);
    const Index r = b.add_row("rng", 1, 2);
    b.add_entry(r, 0, 1.0);
    b.add_entry(r, 1, -1.0);
  });
  const PresolveResult r = presolve(m);
  ASSERT_EQ(r.verdict, Verdict::kReduced);
  EXPECT_EQ(r.reduced.num_cols(), 0);
  EXPECT_EQ(r.postsolve.expand({}), (std::vector<double>{1, 0}));
}

TEST(PresolvePropagation, RedundantRowIsDropped) {
  const Model m = build([](ModelBuilder& b) {
    b.add_col("x", 0, 2, 1, false);
    b.add_col("y", 0, 2, 1, false);
    const Index r = b.add_row("loose", -1, 5);
    b.add_entry(r, 0, 1.0);
    b.add_entry(r, 1, 1.0);
    const Index t = b.add_row("tight", -kInf, 3);
    b.add_entry(t, 0, 1.0);
    b.add_entry(t, 1, 1.0);
  });
  const PresolveResult r = presolve(m);
  ASSERT_EQ(r.verdict, Verdict::kReduced);
  EXPECT_FALSE(has_row(r.reduced, "loose"));
  EXPECT_TRUE(has_row(r.reduced, "tight"));
  EXPECT_EQ(r.reduced.col_upper(0), 2.0);  // 3 - 0 = 3 does not tighten 2
}

TEST(PresolvePropagation, InfeasibleActivityIsDetected) {
  const Model m = build([](ModelBuilder& b) {
    b.add_col("x", 0, 1, 1, true);
    b.add_col("y", 0, 1, 1, true);
    const Index r = b.add_row("cover", 2.5, kInf);
    b.add_entry(r, 0, 1.0);
    b.add_entry(r, 1, 1.0);
  });
  const PresolveResult r = presolve(m);
  ASSERT_EQ(r.verdict, Verdict::kInfeasible);
  EXPECT_NE(r.reason.find("cover"), std::string::npos) << r.reason;
}

TEST(PresolvePropagation, InfeasibleThroughChainIsDetected) {
  // x + y <= 1, x >= 1 (singleton), y >= 1 (singleton): infeasible on binaries.
  const Model m = build([](ModelBuilder& b) {
    b.add_col("x", 0, 1, 1, true);
    b.add_col("y", 0, 1, 1, true);
    const Index r = b.add_row("pack", -kInf, 1);
    b.add_entry(r, 0, 1.0);
    b.add_entry(r, 1, 1.0);
    b.add_entry(b.add_row("sx", 1, kInf), 0, 1.0);
    b.add_entry(b.add_row("sy", 1, kInf), 1, 1.0);
  });
  EXPECT_EQ(presolve(m).verdict, Verdict::kInfeasible);
}

TEST(PresolvePropagation, TightFractionalRowsAreNotInfeasible) {
  // 0.1x + 0.2y = 0.3 on binaries: in doubles 0.1 + 0.2 > 0.3, yet (1, 1) is feasible.
  const Model m = build([](ModelBuilder& b) {
    b.add_col("x", 0, 1, 1, true);
    b.add_col("y", 0, 1, 1, true);
    const Index r = b.add_row("frac", 0.3, 0.3);
    b.add_entry(r, 0, 0.1);
    b.add_entry(r, 1, 0.2);
  });
  const PresolveResult r = presolve(m);
  ASSERT_EQ(r.verdict, Verdict::kReduced);
  EXPECT_EQ(
      r.postsolve.expand(std::vector<double>(static_cast<std::size_t>(r.reduced.num_cols()), 1.0)),
      (std::vector<double>{1, 1}));

  // 0.7x + 0.3y >= 1 on [0, 1] continuous: the maximum activity is 1 - 5e-17.
  const Model c = build([](ModelBuilder& b) {
    b.add_col("x", 0, 1, 1, false);
    b.add_col("y", 0, 1, 1, false);
    const Index r2 = b.add_row("sum", 1, kInf);
    b.add_entry(r2, 0, 0.7);
    b.add_entry(r2, 1, 0.3);
  });
  const PresolveResult rc = presolve(c);
  ASSERT_EQ(rc.verdict, Verdict::kReduced);
  const std::vector<double> one = rc.postsolve.reduce(std::vector<double>{1, 1});
  EXPECT_LE(max_violation(rc.reduced, one), 1e-12);
}

// Bounds that cross are judged in the scale of the rows that set them, not of
// the bound (found by fuzz_diff): a large fixed contribution makes the bound
// large while the row's side, and so its tolerance, stays small.
TEST(PresolveCrossedBounds, RowsMissedBeyondTheirToleranceAreInfeasible) {
  // y = 6e5 fixed; x - y >= -32 and x - y <= -32.25 ask x >= 599968 and
  // x <= 599967.75. The crossing, 0.25, is below 1e-6 * 6e5, but any x misses
  // one of the rows by at least 0.125, far beyond 1e-6 * 32: infeasible.
  const Model two_rows = build([](ModelBuilder& b) {
    b.add_col("x", -kInf, kInf, 1, false);
    b.add_col("y", 6e5, 6e5, 0, false);
    const Index a = b.add_row("a", -32, kInf);
    b.add_entry(a, 0, 1.0);
    b.add_entry(a, 1, -1.0);
    const Index c = b.add_row("c", -kInf, -32.25);
    b.add_entry(c, 0, 1.0);
    b.add_entry(c, 1, -1.0);
  });
  const PresolveResult r = presolve(two_rows);
  EXPECT_EQ(r.verdict, Verdict::kInfeasible)
      << "x fixed at " << r.postsolve.expand(std::vector<double>{})[0];
  // The same with one ranged row whose sides are inverted.
  const Model inverted = build([](ModelBuilder& b) {
    b.add_col("x", -kInf, kInf, 1, false);
    b.add_col("y", 6e5, 6e5, 0, false);
    const Index a = b.add_row("a", -32, -32.25);
    b.add_entry(a, 0, 1.0);
    b.add_entry(a, 1, -1.0);
  });
  EXPECT_EQ(presolve(inverted).verdict, Verdict::kInfeasible);
}

TEST(PresolveCrossedBounds, CrossingWithinTheRowsToleranceKeepsEveryRowWithinIt) {
  // As above, x >= 599968 from row a (side 32: tolerance 3.2e-5 in x), but
  // x <= 599967.5 from row c with side 1199967.5 (tolerance 1.2 in x, through
  // the fixed z = 6e5). x = 599968 satisfies a and misses c by 0.5, relative
  // 4e-7: feasible within tolerance. The middle of the crossed bounds,
  // 599967.75, would miss row a by 0.25.
  const Model m = build([](ModelBuilder& b) {
    b.add_col("x", -kInf, kInf, 1, false);
    b.add_col("y", 6e5, 6e5, 0, false);
    b.add_col("z", 6e5, 6e5, 0, false);
    const Index a = b.add_row("a", -32, kInf);
    b.add_entry(a, 0, 1.0);
    b.add_entry(a, 1, -1.0);
    const Index c = b.add_row("c", -kInf, 1199967.5);
    b.add_entry(c, 0, 1.0);
    b.add_entry(c, 2, 1.0);
  });
  const PresolveResult r = presolve(m);
  ASSERT_EQ(r.verdict, Verdict::kReduced) << r.reason;
  ASSERT_EQ(r.reduced.num_cols(), 0);
  std::string where;
  EXPECT_LE(max_violation(m, r.postsolve.expand(std::vector<double>{}), &where), 1e-6) << where;

  // A row with a large side tolerates a crossing its column's scale does not:
  // x + 1e6 y >= 1e6 + 0.01 with y binary and x in [-1, 0] holds within
  // tolerance at (0, 1) (relative violation 1e-8), so it is not infeasible.
  const Model big = build([](ModelBuilder& b) {
    b.add_col("x", -1, 0, 1, false);
    b.add_col("y", 0, 1, 0, true);
    const Index r2 = b.add_row("big", 1e6 + 0.01, kInf);
    b.add_entry(r2, 0, 1.0);
    b.add_entry(r2, 1, 1e6);
  });
  const PresolveResult rb = presolve(big);
  ASSERT_EQ(rb.verdict, Verdict::kReduced) << rb.reason;
  const auto kept = static_cast<std::size_t>(rb.reduced.num_cols());
  const std::vector<double> x = rb.postsolve.expand(std::vector<double>(kept, 0.0));
  EXPECT_LE(max_violation(big, x, &where), 1e-6) << where;
}

TEST(PresolveRoundingError, IntegerRoundingToleratesErrorCarriedThroughFixedColumns) {
  // Found by the differential test. y = 700 is fixed; "e" fixes x at the
  // double nearest -6500/3, 5e-10 off the point's x because the side 70021.67
  // carries its own rounding. Row "r" (sides from the point, with 1000 x)
  // then asks b >= 1.0000015 of the binary b: rounding with presolve_int_tol
  // alone declared a model infeasible whose point the checker accepts.
  const double x = -6500.0 / 3.0;
  const auto side = [](std::initializer_list<std::pair<double, double>> terms) {
    long double act = 0;
    for (const auto& [a, v] : terms) act += static_cast<long double>(a) * v;
    return static_cast<double>(act);
  };
  const double e_side = side({{100, 700}, {-0.01, x}});
  const double r_side = side({{1000, x}, {1.0 / 3.0, 1}});
  const Model m = build([&](ModelBuilder& b) {
    b.add_col("y", 700, 700, 0, true);
    b.add_col("x", -kInf, kInf, 0, false);
    b.add_col("b", 0, 1, 1, true);
    const Index e = b.add_row("e", e_side, e_side);
    b.add_entry(e, 0, 100);
    b.add_entry(e, 1, -0.01);
    const Index r = b.add_row("r", r_side, r_side);
    b.add_entry(r, 1, 1000);
    b.add_entry(r, 2, 1.0 / 3.0);
  });
  const std::vector<double> point{700, x, 1};
  ASSERT_LE(max_violation(m, point), 1e-12);
  const PresolveResult r = presolve(m, Options{}, point);
  ASSERT_EQ(r.verdict, Verdict::kReduced) << r.reason;
  EXPECT_EQ(r.debug_report, "");
}

TEST(PresolvePropagation, FreeAndInfiniteBoundsStayExact) {
  // x free, y >= 0: x + y <= 10 gives x <= 10 (x is the only infinite term);
  // x - y >= -2 then gives y <= 12 and x >= -2. No NaN may appear; k stays free.
  const Model m = build([](ModelBuilder& b) {
    b.add_col("x", -kInf, kInf, 1, false);
    b.add_col("y", 0, kInf, 1, false);
    b.add_col("k", -kInf, kInf, 1, true);
    const Index r = b.add_row("r1", -kInf, 10);
    b.add_entry(r, 0, 1.0);
    b.add_entry(r, 1, 1.0);
    const Index s = b.add_row("r2", -2, kInf);
    b.add_entry(s, 0, 1.0);
    b.add_entry(s, 1, -1.0);
    const Index t = b.add_row("r3", -kInf, kInf);  // free row with two free columns
    b.add_entry(t, 0, 1.0);
    b.add_entry(t, 2, 1.0);
  });
  const PresolveResult r = presolve(m);
  ASSERT_EQ(r.verdict, Verdict::kReduced);
  const Model& red = r.reduced;
  for (Index j = 0; j < red.num_cols(); ++j) {
    EXPECT_FALSE(std::isnan(red.col_lower(j)));
    EXPECT_FALSE(std::isnan(red.col_upper(j)));
  }
  EXPECT_LE(red.col_lower(col(red, "x")), -2.0);
  EXPECT_GE(red.col_lower(col(red, "x")), -2.01);
  EXPECT_GE(red.col_upper(col(red, "x")), 10.0);
  EXPECT_LE(red.col_upper(col(red, "x")), 10.01);
  EXPECT_EQ(red.col_lower(col(red, "y")), 0.0);
  EXPECT_GE(red.col_upper(col(red, "y")), 12.0);
  EXPECT_EQ(red.col_lower(col(red, "k")), -kInf);
  EXPECT_EQ(red.col_upper(col(red, "k")), kInf);
  EXPECT_FALSE(has_row(red, "r3"));  // a free row is redundant
}

TEST(PresolvePropagation, WorkAndRoundCapsAreHonoured) {
  // x0 >= 1 and x_k <= x_{k+1} would fix a chain of 200 binaries, one per pass.
  const Model m = build([](ModelBuilder& b) {
    const int n = 200;
    for (int k = 0; k < n; ++k) b.add_col("x" + std::to_string(k), 0, 1, 1, true);
    const Index r0 = b.add_row("start", 1, kInf);
    b.add_entry(r0, 0, 1.0);
    for (int k = n - 2; k >= 0; --k) {
      const Index r = b.add_row("c" + std::to_string(k), -kInf, 0);
      b.add_entry(r, k, 1.0);
      b.add_entry(r, k + 1, -1.0);
    }
  });
  Options o;
  o.presolve_max_rounds = 3;
  const PresolveResult r = presolve(m, o);
  ASSERT_EQ(r.verdict, Verdict::kReduced);
  EXPECT_LE(r.stats.rounds, 3);
  EXPECT_GT(r.reduced.num_cols(), 0);

  Options full;
  full.presolve_max_rounds = 1000;
  const PresolveResult rf = presolve(m, full);
  ASSERT_EQ(rf.verdict, Verdict::kReduced);
  EXPECT_EQ(rf.reduced.num_cols(), 0);
  EXPECT_EQ(rf.postsolve.expand({}), std::vector<double>(200, 1.0));

  Options no_work;
  no_work.presolve_max_work = 0;
  const PresolveResult rw = presolve(m, no_work);
  ASSERT_EQ(rw.verdict, Verdict::kReduced);
  EXPECT_EQ(rw.stats.rounds, 0);
  EXPECT_EQ(rw.reduced.num_cols(), 200);
}

TEST(PresolvePropagation, NothingToDoKeepsTheModel) {
  const Model m = build([](ModelBuilder& b) {
    b.add_col("x", 0, 1, 1, true);
    b.add_col("y", 0, 1, 1, true);
    const Index r = b.add_row("pack", -kInf, 1);
    b.add_entry(r, 0, 1.0);
    b.add_entry(r, 1, 1.0);
  });
  const PresolveResult r = presolve(m);
  ASSERT_EQ(r.verdict, Verdict::kReduced);
  EXPECT_EQ(r.reduced.num_rows(), 1);
  EXPECT_EQ(r.reduced.num_cols(), 2);
  EXPECT_EQ(r.reduced.num_nonzeros(), 2);
  EXPECT_EQ(r.stats.bounds_tightened, 0);
  EXPECT_EQ(r.postsolve.num_reduced_cols(), 2);
}

TEST(PresolveDebugSolution, ReportsTheReductionThatCutsIt) {
  const Model m = build([](ModelBuilder& b) {
    b.add_col("x", 1, 10, 1, true);
    b.add_col("y", 1, 10, 1, true);
    const Index r = b.add_row("cap", -kInf, 3.5);
    b.add_entry(r, 0, 1.0);
    b.add_entry(r, 1, 1.0);
  });
  const std::vector<double> wrong{5, 1};  // violates "cap": any valid reduction may cut it
  const PresolveResult r = presolve(m, Options{}, wrong);
  EXPECT_NE(r.debug_report.find("'cap'"), std::string::npos) << r.debug_report;
  EXPECT_NE(r.debug_report.find("'x'"), std::string::npos) << r.debug_report;
  const std::vector<double> right{2, 1};
  EXPECT_EQ(presolve(m, Options{}, right).debug_report, "");
  const std::vector<double> wrong_size{2};  // ignored: not one value per column
  EXPECT_EQ(presolve(m, Options{}, wrong_size).debug_report, "");
}

// ---------------------------------------------------------------- postsolve

TEST(PresolvePostsolve, ReduceAndExpandWithPartialAssignments) {
  const Postsolve p = Postsolve::from_fixed_values({kNaN, 7.0, kNaN, -1.0});
  EXPECT_EQ(p.num_original_cols(), 4);
  EXPECT_EQ(p.num_reduced_cols(), 2);
  const std::vector<double> red = p.reduce(std::vector<double>{1.0, 7.0, kNaN, -1.0});
  ASSERT_EQ(red.size(), 2u);
  EXPECT_EQ(red[0], 1.0);
  EXPECT_TRUE(std::isnan(red[1]));  // unset stays unset
  EXPECT_EQ(p.expand(std::vector<double>{5.0, 6.0}), (std::vector<double>{5, 7, 6, -1}));
  const Postsolve id = Postsolve::identity(3);
  EXPECT_EQ(id.expand(std::vector<double>{1, 2, 3}), (std::vector<double>{1, 2, 3}));
  EXPECT_EQ(id.reduce(std::vector<double>{1, 2, 3}), (std::vector<double>{1, 2, 3}));
}

TEST(PresolvePostsolve, SubstitutedColumnsAreClampedUnlessAskedNotTo) {
  // Three columns; column 1 is removed as x1 = (10 - x0 - x2) / 1 in [0, 4].
  Postsolve p = Postsolve::from_fixed_values({kNaN, kNaN, kNaN});
  Substitution s;
  s.col = 1;
  s.rhs = 10.0;
  s.lb = 0.0;
  s.ub = 4.0;
  s.cols = {0, 2};
  s.vals = {1.0, 1.0};
  p.add_substitutions({0, 1, 0}, {s});
  ASSERT_EQ(p.num_reduced_cols(), 2);
  EXPECT_EQ(p.expand(std::vector<double>{3.0, 4.0}), (std::vector<double>{3, 3, 4}));
  // Slightly past the bound (as a search within its row tolerance may leave it).
  const std::vector<double> y{3.0, 2.9999995};
  EXPECT_EQ(p.expand(y)[1], 4.0);
  EXPECT_DOUBLE_EQ(p.expand(y, Postsolve::Clamp::kNo)[1], 4.0000005);
}

TEST(PresolvePostsolve, PresolveOffGivesIdentity) {
  const Model m = build([](ModelBuilder& b) {
    b.add_col("f", 2, 2, 3, false);
    b.add_row("empty", 0, 0);
  });
  Options o;
  o.presolve = false;
  const PresolveResult r = presolve(m, o);
  ASSERT_EQ(r.verdict, Verdict::kReduced);
  EXPECT_EQ(r.reduced.num_cols(), 1);
  EXPECT_EQ(r.reduced.num_rows(), 1);
  EXPECT_EQ(r.postsolve.num_reduced_cols(), 1);
}

// ------------------------------------------------------------- aggregation

// Lot sizing over four periods: produce 5 units in period t (binary y_t), keep stock
// s_t in [0, 6] with holding cost 1, start with s_init in [0, 3], meet demand d_t:
// s_{t-1} + 5 y_t - s_t = d_t (s_{-1} = s_init). Column 8 is s_init.
Model lot_sizing() {
  return build([](ModelBuilder& b) {
    const double demand[] = {2, 4, 1, 3};
    for (int t = 0; t < 4; ++t) b.add_col("y" + std::to_string(t), 0, 1, 10, true);
    for (int t = 0; t < 4; ++t) b.add_col("s" + std::to_string(t), 0, 6, 1, false);
    b.add_col("s_init", 0, 3, 0, false);
    for (int t = 0; t < 4; ++t) {
      const Index r = b.add_row("bal" + std::to_string(t), demand[t], demand[t]);
      b.add_entry(r, t > 0 ? 4 + t - 1 : 8, 1.0);
      b.add_entry(r, t, 5.0);
      b.add_entry(r, 4 + t, -1.0);
    }
  });
}

TEST(PresolveAggregate, StockChainCollapsesAndPostsolveRecoversIt) {
  const Model m = lot_sizing();
  const PresolveResult r = presolve(m);
  ASSERT_EQ(r.verdict, Verdict::kReduced);
  // Four stocks go through their balance rows; the fifth continuous column, now in the
  // single row left of the chain, stays (it has more than two rows by then).
  EXPECT_EQ(r.stats.cols_aggregated, 4);
  ASSERT_EQ(r.reduced.num_cols(), 5);
  for (Index j = 0; j < 4; ++j) EXPECT_TRUE(r.reduced.is_integer(j));
  for (Index j = 4; j < 8; ++j) EXPECT_TRUE(r.postsolve.is_substituted(j));
  // Every production plan with every integral initial stock: feasible in the reduced model
  // iff its stocks are feasible in the original one, with the same objective, and expand()
  // computes exactly those stocks.
  int feasible = 0;
  for (int mask = 0; mask < 64; ++mask) {
    std::vector<double> y(5);
    for (int t = 0; t < 4; ++t) y[static_cast<std::size_t>(t)] = (mask >> t) & 1;
    y[4] = mask >> 4;  // s_init in {0, 1, 2, 3}
    const std::vector<double> x = r.postsolve.expand(y);
    double stock = y[4];
    const double demand[] = {2, 4, 1, 3};
    bool ok = true;
    std::vector<double> stocks;
    for (int t = 0; t < 4; ++t) {
      stock += 5 * y[static_cast<std::size_t>(t)] - demand[t];
      ok = ok && stock >= 0 && stock <= 6;
      stocks.push_back(stock);
    }
    const bool reduced_ok = max_violation(r.reduced, y) <= 1e-9;
    EXPECT_EQ(reduced_ok, ok) << "plan " << mask;
    if (!ok) continue;
    ++feasible;
    for (int t = 0; t < 4; ++t) EXPECT_EQ(x[static_cast<std::size_t>(4 + t)], stocks[static_cast<std::size_t>(t)]);
    EXPECT_LE(max_violation(m, x), 1e-9) << "plan " << mask;
    EXPECT_NEAR(r.reduced.objective(y), m.objective(x), 1e-9) << "plan " << mask;
  }
  EXPECT_GT(feasible, 0);
  Options off;
  off.presolve_aggregate = false;
  EXPECT_EQ(presolve(m, off).stats.cols_aggregated, 0);
  // The work budget bounds aggregation too: none without any, part of the chain with a little.
  Options no_work;
  no_work.presolve_max_work = 0;
  EXPECT_EQ(presolve(m, no_work).stats.cols_aggregated, 0);
  Options little;
  little.presolve_max_work = 8;
  const Index some = presolve(m, little).stats.cols_aggregated;
  EXPECT_GT(some, 0);
  EXPECT_LT(some, 4);
}

TEST(PresolveAggregate, InexactCombinationIsLeftAlone) {
  // Eliminating k through "def" would give x the coefficient -3 * 0.1 in "use" (a rounded
  // product), or 1 - 3 * 0.1 in "use2" (a rounded difference): k stays in both cases.
  for (const bool with_x : {false, true}) {
    const Model m = build([&](ModelBuilder& b) {
      b.add_col("x", 0, 4, 1, true);
      b.add_col("k", -10, 10, 0, false);  // no cost: only the rows can refuse
      b.add_col("w", 0, 4, 1, true);
      const Index def = b.add_row("def", 0.5, 0.5);
      b.add_entry(def, 0, 0.1);
      b.add_entry(def, 1, 1.0);
      b.add_entry(def, 2, 1.0);
      const Index use = b.add_row(with_x ? "use2" : "use", -kInf, 1);  // not redundant
      b.add_entry(use, 1, 3.0);
      b.add_entry(use, 2, 1.0);
      if (with_x) b.add_entry(use, 0, 1.0);
    });
    const PresolveResult r = presolve(m);
    EXPECT_EQ(r.stats.cols_aggregated, 0) << with_x;
    EXPECT_EQ(r.reduced.num_cols(), 3) << with_x;
  }
}

TEST(PresolveAggregate, InexactSideIsRoundedOutward) {
  // k = 0.1 - x through "def"; k's bounds [0, 0.7] make "def" the ranged row
  // 0.1 - 0.7 <= x <= 0.1 - 0 (with 0.1 - 0.7 not a double): rounded down, never up.
  // x is in three rows, so only k qualifies.
  const Model m = build([](ModelBuilder& b) {
    b.add_col("x", -1, 1, 1, false);
    b.add_col("k", 0, 0.7, 1, false);
    b.add_col("w", 0, 3, 1, true);
    const Index def = b.add_row("def", 0.1, 0.1);
    b.add_entry(def, 0, 1.0);
    b.add_entry(def, 1, 1.0);
    const Index r2 = b.add_row("r2", -kInf, 2);
    b.add_entry(r2, 0, 1.0);
    b.add_entry(r2, 2, 1.0);
    const Index r3 = b.add_row("r3", -3, kInf);
    b.add_entry(r3, 0, 1.0);
    b.add_entry(r3, 2, -1.0);
  });
  Options o;
  o.presolve_tighten_continuous = false;
  const PresolveResult r = presolve(m, o);
  ASSERT_EQ(r.stats.cols_aggregated, 1);
  ASSERT_TRUE(has_row(r.reduced, "def"));
  const Index i = *r.reduced.row_names().find("def");
  const long double exact = 0.1L - 0.7L;  // near the real value of the difference of the doubles
  EXPECT_LE(static_cast<long double>(r.reduced.row_lower(i)), static_cast<long double>(0.1) - static_cast<long double>(0.7));
  EXPECT_GT(r.reduced.row_lower(i), static_cast<double>(exact) - 1e-12);
  EXPECT_EQ(r.reduced.row_upper(i), 0.1);
}

TEST(PresolveAggregate, IntegerObjectiveColumnHandsTheObjectiveToItsRow) {
  // z = 3a + 2b (a, b general integers), minimise z: z is integral at every integral point,
  // so it is substituted and the objective moves onto a and b. In "frac" the side 0.5 would
  // make z = 2c - 0.5 fractional, so that integer column w stays; binaries always stay.
  const Model m = build([](ModelBuilder& b) {
    b.add_col("a", 0, 5, 0, true);
    b.add_col("b", 0, 5, 0, true);
    b.add_col("z", -100, 100, 1, true);
    b.add_col("c", 0, 4, 0, true);
    b.add_col("w", -50, 50, 1, true);
    b.add_col("y", 0, 1, 1, true);
    b.add_col("v", 0, 1, 1, true);
    const Index def = b.add_row("def", 0, 0);
    b.add_entry(def, 2, -1.0);
    b.add_entry(def, 0, 3.0);
    b.add_entry(def, 1, 2.0);
    const Index need = b.add_row("need", 4, kInf);
    b.add_entry(need, 0, 1.0);
    b.add_entry(need, 1, 1.0);
    const Index frac = b.add_row("frac", 0.5, 0.5);
    b.add_entry(frac, 4, -1.0);
    b.add_entry(frac, 3, 2.0);
    const Index part = b.add_row("part", 1, 1);
    b.add_entry(part, 5, 1.0);
    b.add_entry(part, 6, 1.0);
  });
  Options o;
  o.presolve_max_rounds = 0;  // keep propagation from fixing anything first
  const PresolveResult r = presolve(m, o);
  ASSERT_EQ(r.verdict, Verdict::kReduced);
  EXPECT_EQ(r.stats.cols_aggregated, 1);
  EXPECT_TRUE(r.postsolve.is_substituted(2));
  EXPECT_FALSE(r.postsolve.is_substituted(4));
  EXPECT_EQ(r.reduced.obj(col(r.reduced, "a")), 3.0);
  EXPECT_EQ(r.reduced.obj(col(r.reduced, "b")), 2.0);
  // The bounds of z survive as the ranged row -100 <= 3a + 2b <= 100.
  const Index i = *r.reduced.row_names().find("def");
  EXPECT_EQ(r.reduced.row_lower(i), -100.0);
  EXPECT_EQ(r.reduced.row_upper(i), 100.0);
  Options no_int = o;
  no_int.presolve_aggregate_integer = false;
  EXPECT_EQ(presolve(m, no_int).stats.cols_aggregated, 0);
}

TEST(PresolveAggregate, FreeColumnTakesItsRowAlong) {
  // A free deviation column defined by one equality: the row constrains nothing else.
  const Model m = build([](ModelBuilder& b) {
    b.add_col("x", 0, 3, 2, true);
    b.add_col("z", 0, 3, -1, true);
    b.add_col("dev", -kInf, kInf, 0.5, false);
    const Index def = b.add_row("def", 1, 1);
    b.add_entry(def, 0, 2.0);
    b.add_entry(def, 1, -1.0);
    b.add_entry(def, 2, -1.0);  // dev = 2x - z - 1
    const Index cap = b.add_row("cap", -kInf, 4);
    b.add_entry(cap, 0, 1.0);
    b.add_entry(cap, 1, 1.0);
  });
  Options o;
  o.presolve_tighten_continuous = false;  // else dev gets implied bounds and "def" stays ranged
  const PresolveResult r = presolve(m, o);
  ASSERT_EQ(r.verdict, Verdict::kReduced);
  EXPECT_EQ(r.stats.cols_aggregated, 1);
  EXPECT_FALSE(has_row(r.reduced, "def"));
  const std::vector<double> y{3.0, 1.0};
  const std::vector<double> x = r.postsolve.expand(y);
  EXPECT_EQ(x[2], 4.0);
  // Objective 2x - z + 0.5 dev = 2x - z + 0.5 (2x - z - 1): costs 3 and -1.5, offset -0.5.
  EXPECT_NEAR(r.reduced.objective(y), m.objective(x), 1e-12);
  EXPECT_EQ(r.reduced.obj(col(r.reduced, "x")), 3.0);
  EXPECT_EQ(r.reduced.obj(col(r.reduced, "z")), -1.5);
}

// ------------------------------------------- random models, brute force

// A random model with 2-4 columns and 1-5 rows: negative and fractional
// coefficients, ranged, equality and one-sided rows, infinite bounds, mixed
// integrality. Sides are placed around the activity of a random point so that
// feasible models are common.
Model random_model(std::mt19937& rng) {
  auto pick = [&rng](auto const& v) {
    return v[std::uniform_int_distribution<std::size_t>(0, v.size() - 1)(rng)];
  };
  auto coin = [&rng](double p) { return std::uniform_real_distribution<double>(0, 1)(rng) < p; };
  const std::vector<double> coefs{-3, -2, -1, -0.5, -0.3, 0.1, 0.2, 0.3, 0.7, 1, 1, 2, 3};
  const std::vector<double> lows{-kInf, -2, -1, 0, 0, 0.5, 1};
  const std::vector<double> highs{kInf, 0, 1, 1, 1.5, 2, 3};
  const std::vector<double> slacks{0, 0, 0.1, 0.5, 1, 2};
  const int n = std::uniform_int_distribution<int>(2, 4)(rng);
  const int m = std::uniform_int_distribution<int>(1, 5)(rng);
  return build([&](ModelBuilder& b) {
    std::vector<double> point;
    for (int j = 0; j < n; ++j) {
      double lo = pick(lows), hi = pick(highs);
      if (lo > hi) std::swap(lo, hi);
      if (lo != -kInf && coin(0.1)) hi = lo;  // fixed column
      b.add_col("c" + std::to_string(j), lo, hi, pick(coefs), coin(0.7));
      const double a = std::max(lo, -3.0), z = std::min(hi, 3.0);
      point.push_back(std::round(a + (z - a) * std::uniform_real_distribution<double>(0, 1)(rng)));
    }
    for (int i = 0; i < m; ++i) {
      const Index r = b.add_row("r" + std::to_string(i), 0, 0);
      double act = 0;
      for (int j = 0; j < n; ++j) {
        if (!coin(0.6)) continue;
        const double a = pick(coefs);
        b.add_entry(r, j, a);
        act += a * point[static_cast<std::size_t>(j)];
      }
      if (coin(0.15)) act += pick(slacks) + 0.25;  // may make the model infeasible
      const int kind = std::uniform_int_distribution<int>(0, 3)(rng);
      const double lo = act - pick(slacks), hi = act + pick(slacks);
      b.set_row_bounds(r, kind == 1 ? -kInf : lo, kind == 2 ? kInf : (kind == 3 ? lo : hi));
    }
  });
}

// Equal up to 1e-9 relative (fixed values come from divisions).
bool near(const std::vector<double>& a, const std::vector<double>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t k = 0; k < a.size(); ++k) {
    if (std::fabs(a[k] - b[k]) > 1e-9 * std::max(1.0, std::fabs(b[k]))) return false;
  }
  return true;
}

TEST(PresolveRandom, BruteForceKeepsEveryFeasiblePointAndAddsNone) {
  std::mt19937 rng(12345);
  int models = 0, infeasible = 0, feasible_points = 0;
  for (int t = 0; t < 1000; ++t) {
    const Model m = random_model(rng);
    const Index n = m.num_cols();
    for (const bool continuous : {true, false}) {
      Options o;
      o.presolve_tighten_continuous = continuous;
      const PresolveResult r = presolve(m, o);
      ++models;
      // All integer points of the box [-3, 3]^n within the bounds (continuous
      // columns included: their integer points must survive as well).
      std::vector<double> x(static_cast<std::size_t>(n), -3);
      bool any_feasible = false;
      while (true) {
        const double viol = max_violation(m, x);
        if (viol <= 1e-9) {
          any_feasible = true;
          ++feasible_points;
          ASSERT_EQ(r.verdict, Verdict::kReduced)
              << "model " << t << " declared infeasible: " << r.reason;
          const std::vector<double> y = r.postsolve.reduce(x);
          std::string where;
          ASSERT_LE(max_violation(r.reduced, y, &where), 1e-9) << "model " << t << " " << where;
          ASSERT_TRUE(near(r.postsolve.expand(y), x)) << "model " << t;
        } else if (r.verdict == Verdict::kReduced) {
          // A point the reduced model accepts must be feasible in the original.
          const std::vector<double> y = r.postsolve.reduce(x);
          if (max_violation(r.reduced, y) <= 1e-9 && near(r.postsolve.expand(y), x)) {
            ASSERT_LE(viol, 1e-6) << "model " << t << " reduced model accepts an infeasible point";
          }
        }
        std::size_t k = 0;
        while (k < x.size() && x[k] == 3) x[k++] = -3;
        if (k == x.size()) break;
        x[k] += 1;
      }
      if (r.verdict == Verdict::kInfeasible) {
        ++infeasible;
        EXPECT_FALSE(any_feasible);
      }
    }
  }
  // The generator must exercise both verdicts.
  EXPECT_GT(infeasible, 50) << infeasible;
  EXPECT_GT(feasible_points, 1000) << feasible_points;
}

// ------------------------------------------------ safety on known solutions

std::string data_dir() { return LSMIP_TEST_DATA; }

// Reads a MIPLIB solution ("=obj=" line, then "name value"; absent columns are 0).
std::vector<double> read_miplib_solution(const std::string& path, const Model& m) {
  std::vector<double> x(static_cast<std::size_t>(m.num_cols()), 0.0);
  std::ifstream in(path);
  EXPECT_TRUE(in.good()) << path;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    std::string name;
    double v = 0;
    if (!(ls >> name >> v) || name == "=obj=") continue;
    const auto j = m.col_names().find(name);
    EXPECT_TRUE(j.has_value()) << path << ": unknown column " << name;
    if (j) x[static_cast<std::size_t>(*j)] = v;
  }
  return x;
}

Result<Model> read_model(const std::string& path) {
  Logger log(LogLevel::kQuiet);
  return io::read_mps(path, io::MpsReadOptions{}, log);
}

// Presolves `model` guarding the feasible solution `x`: no reduction may cut it
// off, reduce(x) is feasible for the reduced model, expand(reduce(x)) == x, and
// the objectives agree.
void expect_solution_survives(const Model& model, const std::vector<double>& x) {
  const PresolveResult r = presolve(model, Options{}, x);
  ASSERT_EQ(r.verdict, Verdict::kReduced) << r.reason;
  EXPECT_EQ(r.debug_report, "");
  const std::vector<double> y = r.postsolve.reduce(x);
  std::string where;
  EXPECT_LE(max_violation(r.reduced, y, &where), 1e-6) << where;
  const std::vector<double> back = r.postsolve.expand(y);
  ASSERT_EQ(back.size(), x.size());
  for (std::size_t j = 0; j < x.size(); ++j) {
    EXPECT_NEAR(back[j], x[j], 1e-6 * std::max(1.0, std::fabs(x[j])))
        << model.col_name(static_cast<Index>(j));
  }
  EXPECT_NEAR(r.reduced.objective(y), model.objective(x),
              1e-6 * std::max(1.0, std::fabs(model.objective(x))));
}

TEST(PresolveSafety, KnownSolutionsSurvive) {
  namespace fs = std::filesystem;
  const fs::path sols = fs::path(data_dir()) / "solutions" / "small";
  const fs::path models = fs::path(data_dir()) / "models" / "small";
  int checked = 0;
  for (const auto& entry : fs::directory_iterator(sols)) {
    if (entry.path().extension() != ".sol") continue;
    const std::string name = entry.path().stem().string();
    SCOPED_TRACE(name);
    Result<Model> m = read_model((models / (name + ".mps.gz")).string());
    ASSERT_TRUE(m.ok()) << m.status().to_string();
    const Model& model = m.value();
    const std::vector<double> x = read_miplib_solution(entry.path().string(), model);
    ASSERT_LE(max_violation(model, x), 1e-6) << "the stored solution itself is infeasible";
    expect_solution_survives(model, x);
    ++checked;
  }
  EXPECT_GE(checked, 30);
}

TEST(PresolveSafety, SmallModelsNeverFalselyInfeasibleAndInfeasibleOnesNeverCrash) {
  namespace fs = std::filesystem;
  const fs::path models = fs::path(data_dir()) / "models" / "small";
  int seen = 0;
  for (const auto& entry : fs::directory_iterator(models)) {
    const std::string file = entry.path().filename().string();
    if (!file.ends_with(".mps.gz")) continue;
    const std::string name = file.substr(0, file.size() - 7);
    SCOPED_TRACE(name);
    Result<Model> m = read_model(entry.path().string());
    ASSERT_TRUE(m.ok()) << m.status().to_string();
    for (const bool continuous : {true, false}) {
      Options o;
      o.presolve_tighten_continuous = continuous;
      const PresolveResult r = presolve(m.value(), o);
      if (name.ends_with("inf")) continue;  // either verdict is fine; no crash is the test
      EXPECT_EQ(r.verdict, Verdict::kReduced) << r.reason;
      EXPECT_LE(r.reduced.num_cols(), m->num_cols());
      EXPECT_EQ(r.postsolve.num_original_cols(), m->num_cols());
      EXPECT_EQ(r.postsolve.num_reduced_cols(), r.reduced.num_cols());
    }
    ++seen;
  }
  EXPECT_EQ(seen, 37);
}

// Opt-in report over the MIPLIB development set (LSMIP_PRESOLVE_REPORT=1, or
// =DIR for another folder of .mps.gz files): rows and columns removed and time
// per model, as a markdown table; no model may be declared infeasible. With
// LSMIP_PRESOLVE_SOLUTIONS=DIR, each DIR/<name>.sol that is feasible (1e-6) is
// guarded as in KnownSolutionsSurvive.
TEST(PresolveSafety, MiplibReport) {
  namespace fs = std::filesystem;
  const char* env = std::getenv("LSMIP_PRESOLVE_REPORT");
  if (env == nullptr) {
    GTEST_SKIP() << "set LSMIP_PRESOLVE_REPORT=1 to presolve the MIPLIB development set";
  }
  const fs::path dir =
      std::string(env) == "1" ? fs::path(LSMIP_SHARED_DIR) / "instances" / "miplib" : fs::path(env);
  if (!fs::exists(dir)) GTEST_SKIP() << dir << " is absent";
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().string().ends_with(".mps.gz")) files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  std::printf(
      "| model | rows | cols | rows removed | cols removed | bounds | rounds | work | s | known "
      "solution |\n");
  std::printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
  for (const fs::path& f : files) {
    Result<Model> m = read_model(f.string());
    ASSERT_TRUE(m.ok()) << m.status().to_string();
    const PresolveResult r = presolve(m.value());
    const std::string name = f.filename().string();
    if (!name.ends_with("inf.mps.gz")) {
      EXPECT_EQ(r.verdict, Verdict::kReduced) << name << ": " << r.reason;
    }
    const char* sol_dir = std::getenv("LSMIP_PRESOLVE_SOLUTIONS");
    const fs::path sol =
        fs::path(sol_dir ? sol_dir : "") / (name.substr(0, name.size() - 7) + ".sol");
    const char* guarded = "-";
    if (sol_dir != nullptr && fs::exists(sol)) {
      SCOPED_TRACE(name);
      const std::vector<double> x = read_miplib_solution(sol.string(), m.value());
      guarded = "infeasible .sol";
      if (max_violation(m.value(), x) <= 1e-6) {
        expect_solution_survives(m.value(), x);
        guarded = "kept";
      }
    }
    std::printf("| %s | %d | %d | %d | %d | %d | %d | %.3g | %.3f | %s |\n",
                name.substr(0, name.size() - 7).c_str(), static_cast<int>(m->num_rows()),
                static_cast<int>(m->num_cols()), static_cast<int>(r.stats.rows_removed),
                static_cast<int>(r.stats.cols_removed), static_cast<int>(r.stats.bounds_tightened),
                r.stats.rounds, r.stats.work, r.stats.seconds, guarded);
  }
}

TEST(PresolveSingleton, IllConditionedContinuousRowStays) {
  // 0.001 x - 100 y = 666666.677 with y fixed: x = 11 exactly in real arithmetic, but the row
  // holds within its tolerance (1e-6 * 666666.677) for x anywhere in 11 +- 667, so exact
  // bounds on x would be far stricter than the row. The row stays and x keeps its bounds.
  const auto model = [] {
    return build([](ModelBuilder& b) {
      b.add_col("x", 9, 11, 1, false);
      b.add_col("y", -6666.666666666667, -6666.666666666667, 0, false);
      const Index r = b.add_row("pin", 666666.67766666668, 666666.67766666668);
      b.add_entry(r, 0, 0.001);
      b.add_entry(r, 1, -100);
    });
  };
  const Model m = model();
  const PresolveResult kept = presolve(m, Options{});
  ASSERT_EQ(kept.reduced.num_rows(), 1);
  ASSERT_EQ(kept.reduced.num_cols(), 1);
  EXPECT_EQ(kept.reduced.col_lower(0), 9.0);
  EXPECT_EQ(kept.reduced.col_upper(0), 11.0);
  // With the condition limit lifted, the row becomes the bounds of x and is dropped.
  Options loose;
  loose.presolve_singleton_cond = 1e12;
  const PresolveResult fixed = presolve(m, loose);
  EXPECT_EQ(fixed.reduced.num_rows(), 0);
}

}  // namespace
}  // namespace lsmip::presolve

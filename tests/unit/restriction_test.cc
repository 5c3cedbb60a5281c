// Tests of Restriction (src/model/restriction.h), the model of a neighbourhood that the sub-MIP
// workers hand to CBC: a point of the box maps to a feasible point of the restricted model with
// the same objective and back; a box whose fixed columns violate a row holds nothing; a row
// with one free column becomes a bound on it; and CBC on the restricted model proves the same
// optimum as on the whole model with the box's bounds.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "check/solution_checker.h"
#include "io/solution_io.h"
#include "lp/mip_solver.h"
#include "model/model_builder.h"
#include "model/restriction.h"
#include "test_util.h"

namespace lsmip {
namespace {

// A known feasible point of m: tests/data/solutions/small/<name>.sol (found by CBC, optimal on
// these models), integer columns rounded. Read rather than solved: under the sanitizers the
// CBC solves of these models took most of the three tests' 6 minutes.
std::vector<double> known_point(const std::string& name, const Model& m) {
  Result<io::SolutionFile> s = io::read_solution(testing::data_path("solutions/small/" + name + ".sol"), m);
  EXPECT_TRUE(s.ok()) << name << ": " << (s.ok() ? "" : s.status().to_string());
  if (!s.ok()) return {};
  std::vector<double> x = s->values;
  for (Index j = 0; j < m.num_cols(); ++j) {
    if (m.is_integer(j)) x[static_cast<std::size_t>(j)] = std::round(x[static_cast<std::size_t>(j)]);
  }
  EXPECT_TRUE(check::check_solution(m, x, 1e-6, 1e-6).feasible) << name;
  return x;
}

// A box around x: a share of the integer columns fixed at x, the others at their bounds.
void box_around(const Model& m, const std::vector<double>& x, double share, std::uint32_t seed,
                std::vector<double>& lo, std::vector<double>& up) {
  std::mt19937 rng(seed);
  std::bernoulli_distribution fix(share);
  lo.assign(m.col_lower().begin(), m.col_lower().end());
  up.assign(m.col_upper().begin(), m.col_upper().end());
  for (Index j = 0; j < m.num_cols(); ++j) {
    if (m.is_integer(j) && fix(rng)) lo[static_cast<std::size_t>(j)] = up[static_cast<std::size_t>(j)] = x[static_cast<std::size_t>(j)];
  }
}

TEST(Restriction, PointsOfTheBoxMapBothWaysWithTheSameObjective) {
  for (const std::string name : {"p0033", "flugpl", "lseu", "p0201", "misc03", "bell5"}) {
    const Model m = testing::read_model("models/small/" + name + ".mps.gz");
    const std::vector<double> x = known_point(name, m);
    ASSERT_EQ(x.size(), static_cast<std::size_t>(m.num_cols())) << name;
    for (std::uint32_t seed = 1; seed <= 3; ++seed) {
      std::vector<double> lo, up;
      box_around(m, x, 0.6, seed, lo, up);
      const std::optional<Restriction> r = Restriction::build(m, lo, up, 1e-6);
      ASSERT_TRUE(r.has_value()) << name;
      const Model& sub = r->model();
      std::size_t free = 0;
      for (std::size_t j = 0; j < lo.size(); ++j) free += lo[j] < up[j];
      EXPECT_EQ(static_cast<std::size_t>(sub.num_cols()), free) << name;
      EXPECT_LE(sub.num_rows(), m.num_rows()) << name;
      const std::vector<double> y = r->restrict(x);
      const check::CheckReport c = check::check_solution(sub, y, 1e-6, 1e-6);
      EXPECT_TRUE(c.feasible) << name << c.describe(sub);
      EXPECT_NEAR(sub.objective(y), m.objective(x), 1e-7 * std::max(1.0, std::fabs(m.objective(x)))) << name;
      std::vector<double> back;
      r->lift(y, back);
      EXPECT_EQ(back, x) << name;
    }
  }
}

TEST(Restriction, ABoxThatViolatesARowWithoutFreeColumnsHoldsNothing) {
  ModelBuilder b;
  const Index x = b.add_col("x", 0, 1, 1, true), y = b.add_col("y", 0, 1, 1, true), z = b.add_col("z", 0, 1, 1, true);
  const Index r0 = b.add_row("cover", 1, kInf), r1 = b.add_row("other", -kInf, 1);
  b.add_entry(r0, x, 1);
  b.add_entry(r0, y, 1);
  b.add_entry(r1, y, 1);
  b.add_entry(r1, z, 1);
  Result<Model> built = b.build();
  ASSERT_TRUE(built.ok());
  const Model& m = built.value();
  // x = y = 0 leaves the cover row without a free column and unmet.
  EXPECT_FALSE(Restriction::build(m, std::vector<double>{0, 0, 0}, std::vector<double>{0, 0, 1}, 1e-6).has_value());
  // y = 1 fixed: each row keeps one free column and becomes a bound on it, its side moved by
  // y's activity: x >= 0 (no change) and z <= 0.
  const std::optional<Restriction> r = Restriction::build(m, std::vector<double>{0, 1, 0}, std::vector<double>{1, 1, 1}, 1e-6);
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->model().num_cols(), 2);
  EXPECT_EQ(r->model().num_rows(), 0);
  EXPECT_EQ(r->model().col_lower(0), 0.0);
  EXPECT_EQ(r->model().col_upper(0), 1.0);
  EXPECT_EQ(r->model().col_upper(1), 0.0);
  // x = 1 fixed: the cover row keeps only y and becomes the bound y >= 0; the other row keeps
  // two free columns and stays a row.
  const std::optional<Restriction> two = Restriction::build(m, std::vector<double>{1, 0, 0}, std::vector<double>{1, 1, 1}, 1e-6);
  ASSERT_TRUE(two.has_value());
  ASSERT_EQ(two->model().num_rows(), 1);
  EXPECT_EQ(two->model().row_upper(0), 1.0);
  // x = 1 and y = 0 fixed: the cover row has no free column left, is met, and is dropped;
  // the other keeps only z and becomes its bound z <= 1.
  const std::optional<Restriction> q = Restriction::build(m, std::vector<double>{1, 0, 0}, std::vector<double>{1, 0, 1}, 1e-6);
  ASSERT_TRUE(q.has_value());
  EXPECT_EQ(q->model().num_cols(), 1);
  EXPECT_EQ(q->model().num_rows(), 0);
  EXPECT_EQ(q->model().col_upper(0), 1.0);
  EXPECT_EQ(r->free_columns(), (std::vector<Index>{x, z}));
  EXPECT_DOUBLE_EQ(r->model().obj_offset(), 1.0);  // y's cost
  // A violation within the tolerance passes, as in the final check.
  EXPECT_TRUE(Restriction::build(m, std::vector<double>{1 - 1e-7, 0, 0}, std::vector<double>{1 - 1e-7, 0, 1}, 1e-6).has_value());
  EXPECT_FALSE(Restriction::build(m, std::vector<double>{1, 0, 0}, std::vector<double>{0, 0, 1}, 1e-6).has_value());  // lo > up
}

// A row left with one free column becomes a bound on that column: an integer column's bound
// rounds inwards, a continuous column's keeps the check's tolerance (no point the final check
// accepts is cut off), and a row its one column cannot meet leaves the box empty.
TEST(Restriction, ARowWithOneFreeColumnBecomesABound) {
  ModelBuilder b;
  const Index x = b.add_col("x", 0, 10, 1, true), y = b.add_col("y", 0, 10, 1, false), z = b.add_col("z", 0, 1, 0, true);
  const Index r0 = b.add_row("x-low", 3, kInf), r1 = b.add_row("x-high", -7, kInf), r2 = b.add_row("y-both", 1, 5);
  b.add_entry(r0, x, 2);   // 2x + z >= 3
  b.add_entry(r0, z, 1);
  b.add_entry(r1, x, -3);  // -3x + z >= -7
  b.add_entry(r1, z, 1);
  b.add_entry(r2, y, 4);   // 1 <= 4y + 2z <= 5
  b.add_entry(r2, z, 2);
  Result<Model> built = b.build();
  ASSERT_TRUE(built.ok());
  const Model& m = built.value();
  // z = 1 fixed: 2x >= 2, -3x >= -8 (x in [1, 2]); 4y in [-1, 3] (y in [0, 0.75]).
  const std::optional<Restriction> r = Restriction::build(m, std::vector<double>{0, 0, 1}, std::vector<double>{10, 10, 1}, 1e-6);
  ASSERT_TRUE(r.has_value());
  const Model& sub = r->model();
  ASSERT_EQ(sub.num_cols(), 2);
  EXPECT_EQ(sub.num_rows(), 0);
  EXPECT_EQ(sub.col_lower(0), 1.0);
  EXPECT_EQ(sub.col_upper(0), 2.0);
  EXPECT_TRUE(sub.is_integer(0));
  EXPECT_EQ(sub.col_lower(1), 0.0);
  EXPECT_NEAR(sub.col_upper(1), 0.75, 1e-5);
  EXPECT_GE(sub.col_upper(1), 0.75);  // widened by the tolerance, never narrowed
  // z = 0 fixed: 2x >= 3 and -3x >= -7 (x in [2, 2]), 1 <= 4y <= 5 (y in [0.25, 1.25]).
  const std::optional<Restriction> q = Restriction::build(m, std::vector<double>{0, 0, 0}, std::vector<double>{10, 10, 0}, 1e-6);
  ASSERT_TRUE(q.has_value());
  EXPECT_EQ(q->model().col_lower(0), 2.0);
  EXPECT_EQ(q->model().col_upper(0), 2.0);
  EXPECT_LE(q->model().col_lower(1), 0.25);
  EXPECT_NEAR(q->model().col_lower(1), 0.25, 1e-5);
  // x at most 1 with z = 0: 2x >= 3 cannot hold, so the box holds nothing.
  EXPECT_FALSE(Restriction::build(m, std::vector<double>{0, 0, 0}, std::vector<double>{1, 10, 0}, 1e-6).has_value());
  // With x fixed too, the rows of x are checked as rows without a free column.
  EXPECT_TRUE(Restriction::build(m, std::vector<double>{2, 0, 0}, std::vector<double>{2, 10, 0}, 1e-6).has_value());
  EXPECT_FALSE(Restriction::build(m, std::vector<double>{3, 0, 0}, std::vector<double>{3, 10, 0}, 1e-6).has_value());
}

TEST(Restriction, CbcProvesTheSameOptimumOnTheRestrictionAsOnTheBoxedModel) {
  for (const std::string name : {"p0033", "lseu", "p0201", "misc03", "stein27"}) {
    const Model m = testing::read_model("models/small/" + name + ".mps.gz");
    const std::vector<double> x = known_point(name, m);
    std::vector<double> lo, up;
    box_around(m, x, 0.5, 7, lo, up);
    lp::MipSettings boxed;
    boxed.col_lower = lo;
    boxed.col_upper = up;
    const lp::MipResult whole = lp::solve_mip(m, boxed, {});
    const std::optional<Restriction> r = Restriction::build(m, lo, up, 1e-6);
    ASSERT_TRUE(r.has_value()) << name;
    const lp::MipResult part = lp::solve_mip(r->model(), {}, {});
    ASSERT_EQ(whole.status, lp::MipStatus::kOptimal) << name;
    ASSERT_EQ(part.status, lp::MipStatus::kOptimal) << name;
    EXPECT_NEAR(part.objective, whole.objective, 1e-6 * std::max(1.0, std::fabs(whole.objective))) << name;
    std::vector<double> lifted;
    r->lift(part.x, lifted);
    const check::CheckReport c = check::check_solution(m, lifted, 1e-6, 1e-6);
    EXPECT_TRUE(c.feasible) << name << c.describe(m);
    EXPECT_NEAR(m.objective(lifted), part.objective, 1e-6 * std::max(1.0, std::fabs(part.objective))) << name;
  }
}

// The local-branching row: at distance 0 only the centre's binaries remain, and at distance k
// every solution CBC finds differs from the centre in at most k binary columns.
TEST(Restriction, TheDistanceRowKeepsSolutionsNearTheCentre) {
  for (const std::string name : {"p0033", "lseu", "p0201", "stein27"}) {
    const Model m = testing::read_model("models/small/" + name + ".mps.gz");
    std::vector<double> centre = known_point(name, m);
    ASSERT_FALSE(centre.empty()) << name;
    std::vector<double> lo(m.col_lower().begin(), m.col_lower().end()), up(m.col_upper().begin(), m.col_upper().end());
    for (const double k : {0.0, 3.0}) {
      const DistanceRow row{centre, k};
      const std::optional<Restriction> r = Restriction::build(m, lo, up, 1e-6, &row);
      ASSERT_TRUE(r.has_value()) << name;
      ASSERT_GE(r->model().num_rows(), 1) << name;  // rows without entries are dropped; the distance row is last
      EXPECT_EQ(r->model().row_name(r->model().num_rows() - 1), "local-branching") << name;
      const check::CheckReport c = check::check_solution(r->model(), r->restrict(centre), 1e-6, 1e-6);
      EXPECT_TRUE(c.feasible) << name << c.describe(r->model());  // the centre is within any distance
      int found = 0;
      lp::MipCallbacks cb;
      cb.on_solution = [&](std::span<const double> x, double) {
        ++found;
        std::vector<double> full;
        r->lift(x, full);
        double d = 0;
        for (Index j = 0; j < m.num_cols(); ++j) {
          if (m.is_binary(j)) d += std::fabs(std::round(full[static_cast<std::size_t>(j)]) - centre[static_cast<std::size_t>(j)]);
        }
        EXPECT_LE(d, k) << name;
      };
      const lp::MipResult res = lp::solve_mip(r->model(), {}, cb);
      ASSERT_EQ(res.status, lp::MipStatus::kOptimal) << name;
      EXPECT_GE(found, 1) << name;
      EXPECT_NEAR(res.objective, m.objective(centre), 1e-6 * std::max(1.0, std::fabs(res.objective))) << name;
    }
  }
}

}  // namespace
}  // namespace lsmip

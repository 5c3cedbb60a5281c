// End-to-end tests of the local search on tiny models with known optima, plus
// determinism, warm starts and infeasible models. Every reported solution is
// re-verified here independently of the engine.
#include <gtest/gtest.h>

#include <cmath>

#include "model/model_builder.h"
#include "test_util.h"
#include "search/local_search.h"

namespace lsmip::search {
namespace {

Model build(ModelBuilder& b) { return lsmip::testing::build_model(b); }

// Independent check: bounds, integrality and rows within 1e-6 relative.
bool feasible(const Model& m, const std::vector<double>& x) {
  for (Index j = 0; j < m.num_cols(); ++j) {
    if (x[j] < m.col_lower(j) - 1e-6 || x[j] > m.col_upper(j) + 1e-6) return false;
    if (m.is_integer(j) && x[j] != std::round(x[j])) return false;
  }
  for (Index i = 0; i < m.num_rows(); ++i) {
    double a = 0;
    const SparseVector r = m.row(i);
    for (std::size_t k = 0; k < r.size(); ++k) a += r.value[k] * x[r.index[k]];
    if (a < m.row_lower(i) - 1e-6 * std::max(1.0, std::fabs(m.row_lower(i)))) return false;
    if (a > m.row_upper(i) + 1e-6 * std::max(1.0, std::fabs(m.row_upper(i)))) return false;
  }
  return true;
}

SearchResult solve(const Model& m, double work, std::int64_t seed = 1,
                   std::span<const double> initial = {}, int* improvements = nullptr) {
  Options o;
  o.work_limit = work;
  o.seed = seed;
  Logger log(LogLevel::kQuiet);
  SearchHooks hooks;
  int count = 0;
  hooks.on_improvement = [&](const Improvement& imp, std::span<const double> x) {
    ++count;
    std::vector<double> v(x.begin(), x.end());
    EXPECT_TRUE(feasible(m, v)) << "reported infeasible incumbent";
    EXPECT_NEAR(imp.objective, m.objective(v), 1e-9);
  };
  SearchResult r = run_local_search(m, o, initial, hooks, log);
  if (improvements) *improvements = count;
  if (r.found) {
    EXPECT_TRUE(feasible(m, r.best_x));
  }
  EXPECT_TRUE(r.status.ok());
  return r;
}

Model knapsack() {
  // max 10a + 13b + 7c + 8d, 5a + 6b + 3c + 4d <= 10, binary: optimum 21 (b, d).
  ModelBuilder b;
  b.set_sense(ObjSense::kMaximize);
  const double p[] = {10, 13, 7, 8}, w[] = {5, 6, 3, 4};
  b.add_row("cap", -kInf, 10);
  for (int j = 0; j < 4; ++j) {
    b.add_col("x" + std::to_string(j), 0, 1, p[j], true);
    b.add_entry(0, j, w[j]);
  }
  return build(b);
}

TEST(SearchEndToEnd, Knapsack) {
  const Model m = knapsack();
  const SearchResult r = solve(m, 2e5);
  ASSERT_TRUE(r.found);
  EXPECT_DOUBLE_EQ(m.original_objective(r.best_objective), 21.0);
}

TEST(SearchEndToEnd, SetCover) {
  // Elements 1..6; S1={1,2,3} 3, S2={4,5,6} 3, S3={1,4} 1, S4={2,5} 1, S5={3,6} 1,
  // S6 = all, cost 4. Optimum 3 (S3, S4, S5).
  ModelBuilder b;
  const std::vector<std::vector<int>> sets = {{0, 1, 2}, {3, 4, 5}, {0, 3}, {1, 4}, {2, 5},
                                              {0, 1, 2, 3, 4, 5}};
  const double cost[] = {3, 3, 1, 1, 1, 4};
  for (int e = 0; e < 6; ++e) b.add_row("e" + std::to_string(e), 1, kInf);
  for (int s = 0; s < 6; ++s) {
    b.add_col("s" + std::to_string(s), 0, 1, cost[s], true);
    for (int e : sets[s]) b.add_entry(e, s, 1);
  }
  const Model m = build(b);
  const SearchResult r = solve(m, 2e5);
  ASSERT_TRUE(r.found);
  EXPECT_DOUBLE_EQ(r.best_objective, 3.0);
}

TEST(SearchEndToEnd, EqualityConstrainedIntegers) {
  // min x + y + z, 3x + 5y + 7z = 31, integers in [0, 20]: optimum 5.
  ModelBuilder b;
  b.add_row("eq", 31, 31);
  const double a[] = {3, 5, 7};
  for (int j = 0; j < 3; ++j) {
    b.add_col("v" + std::to_string(j), 0, 20, 1, true);
    b.add_entry(0, j, a[j]);
  }
  const Model m = build(b);
  const SearchResult r = solve(m, 5e5);
  ASSERT_TRUE(r.found);
  EXPECT_DOUBLE_EQ(r.best_objective, 5.0);
}

TEST(SearchEndToEnd, ContinuousVariables) {
  // min 2u + 3v + w, u + v >= 4.5, u + w <= 3.5, v - 2w >= -1, u in [0, 3], v >= 0 continuous,
  // w integer in [0, 4]: optimum 10.5 at u = 3, v = 1.5, w = 0.
  ModelBuilder b;
  b.add_col("u", 0, 3, 2, false);
  b.add_col("v", 0, kInf, 3, false);
  b.add_col("w", 0, 4, 1, true);
  b.add_row("cover", 4.5, kInf);
  b.add_entry(0, 0, 1);
  b.add_entry(0, 1, 1);
  b.add_row("cap", -kInf, 3.5);
  b.add_entry(1, 0, 1);
  b.add_entry(1, 2, 1);
  b.add_row("link", -1, kInf);
  b.add_entry(2, 1, 1);
  b.add_entry(2, 2, -2);
  const Model m = build(b);
  const SearchResult r = solve(m, 5e5);
  ASSERT_TRUE(r.found);
  EXPECT_NEAR(r.best_objective, 10.5, 1e-4);
}

TEST(SearchEndToEnd, RangedRowAndFreeVariable) {
  // min |shape|: free integer w, 3 <= w + v <= 4 ranged, v binary, min -v + 0.5 w... optimum:
  // minimise 2w - v: w + v in [3, 4] -> v = 1, w = 2: 4 - 1 = 3.
  ModelBuilder b;
  b.add_col("w", -kInf, kInf, 2, true);
  b.add_col("v", 0, 1, -1, true);
  b.add_row("r", 3, 4);
  b.add_entry(0, 0, 1);
  b.add_entry(0, 1, 1);
  const Model m = build(b);
  const SearchResult r = solve(m, 2e5);
  ASSERT_TRUE(r.found);
  EXPECT_DOUBLE_EQ(r.best_objective, 3.0);
}

TEST(SearchEndToEnd, InfeasibleModelNeverReportsASolution) {
  // x + y >= 3 with binaries: infeasible, never reported feasible.
  ModelBuilder b;
  b.add_col("x", 0, 1, 1, true);
  b.add_col("y", 0, 1, 1, true);
  b.add_row("r", 3, kInf);
  b.add_entry(0, 0, 1);
  b.add_entry(0, 1, 1);
  const Model m = build(b);
  const SearchResult r = solve(m, 1e5);
  EXPECT_FALSE(r.found);
  EXPECT_TRUE(r.stopped_by_limit);
  // Empty integer domain: trivially infeasible.
  ModelBuilder c;
  c.add_col("x", 0.2, 0.8, 1, true);
  const Model m2 = build(c);
  const SearchResult r2 = solve(m2, 1e4);
  EXPECT_FALSE(r2.found);
  EXPECT_TRUE(r2.trivially_infeasible);
}

TEST(SearchEndToEnd, SidesCrossedWithinToleranceAreNotInfeasible) {
  // -900000 <= 1000 x <= -900000.25 with integer x in [-1000, 0]: the sides cross by 0.25,
  // within feas_tol * (|lo| + |hi|) = 1.8, and x = -900 passes the checker. The search's
  // own tolerance is absolute (5e-7), so it may not find that point, but it must not call
  // the model trivially infeasible.
  auto model = [](double hi) {
    ModelBuilder b;
    b.add_col("x", -1000, 0, 1, true);
    b.add_row("r", -900000, hi);
    b.add_entry(0, 0, 1000);
    return build(b);
  };
  const SearchResult r = solve(model(-900000.25), 1e4);
  EXPECT_FALSE(r.trivially_infeasible);
  // Crossed by 1e-7, within the search's tolerance too: searched at the midpoint and solved.
  const SearchResult r1 = solve(model(-900000.0000001), 1e4);
  EXPECT_FALSE(r1.trivially_infeasible);
  ASSERT_TRUE(r1.found);
  EXPECT_EQ(r1.best_x[0], -900.0);
  // Crossed far beyond tolerance: trivially infeasible.
  const SearchResult r2 = solve(model(-900010), 1e4);
  EXPECT_FALSE(r2.found);
  EXPECT_TRUE(r2.trivially_infeasible);
}

Model medium_model() {
  // A 40-item multi-knapsack with an equality, large enough for paths to differ by seed.
  ModelBuilder b;
  b.set_sense(ObjSense::kMaximize);
  for (int i = 0; i < 5; ++i) b.add_row("k" + std::to_string(i), -kInf, 110 + 7 * i);
  b.add_row("card", 12, 12);
  for (int j = 0; j < 40; ++j) {
    b.add_col("x" + std::to_string(j), 0, 1, 10 + (j * 37) % 23, true);
    for (int i = 0; i < 5; ++i) b.add_entry(i, j, 1 + (j * (i + 3) * 11) % 17);
    b.add_entry(5, j, 1);
  }
  return build(b);
}

TEST(SearchEndToEnd, DeterministicWithWorkLimit) {
  const Model m = medium_model();
  int i1 = 0, i2 = 0, i3 = 0;
  const SearchResult a = solve(m, 3e5, 7, {}, &i1);
  const SearchResult b = solve(m, 3e5, 7, {}, &i2);
  ASSERT_TRUE(a.found);
  EXPECT_EQ(a.best_x, b.best_x);
  EXPECT_EQ(a.moves, b.moves);
  EXPECT_EQ(a.moves_by_kind, b.moves_by_kind);
  EXPECT_EQ(a.work, b.work);
  EXPECT_EQ(i1, i2);
  const SearchResult c = solve(m, 3e5, 8, {}, &i3);
  EXPECT_TRUE(c.moves != a.moves || c.moves_by_kind != a.moves_by_kind || c.best_x != a.best_x);
}

TEST(SearchEndToEnd, WarmStartFullAndPartial) {
  const Model m = knapsack();
  // Feasible full warm start (items a, c: 17).
  const std::vector<double> full = {1, 0, 1, 0};
  const SearchResult r = solve(m, 1e5, 1, full);
  EXPECT_TRUE(r.warm_start_feasible);
  EXPECT_FALSE(r.warm_start_repaired);
  ASSERT_TRUE(r.found);
  EXPECT_DOUBLE_EQ(m.original_objective(r.best_objective), 21.0);
  // Partial and out-of-bounds warm start: repaired.
  const std::vector<double> partial = {NAN, 2.7, NAN, -1};
  const SearchResult p = solve(m, 1e5, 1, partial);
  EXPECT_TRUE(p.warm_start_repaired);
  EXPECT_TRUE(p.warm_start_feasible);  // rounded/clipped to (0, 1, 0, 0): feasible
  ASSERT_TRUE(p.found);
  // Infeasible warm start: all items.
  const std::vector<double> all = {1, 1, 1, 1};
  const SearchResult q = solve(m, 1e5, 1, all);
  EXPECT_FALSE(q.warm_start_feasible);
  EXPECT_TRUE(q.found);
}

TEST(SearchEndToEnd, StopHookIsHonoured) {
  const Model m = medium_model();
  Options o;
  Logger log(LogLevel::kQuiet);
  SearchHooks hooks;
  int polls = 0;
  hooks.should_stop = [&] { return ++polls >= 5; };
  const SearchResult r = run_local_search(m, o, {}, hooks, log);
  EXPECT_TRUE(r.stopped_by_limit);
  EXPECT_EQ(polls, 5);
}

}  // namespace
}  // namespace lsmip::search

// The parity start (search/parity.h): detection of parity rows, the GF(2)
// solution, and its use as the search's starting point.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "check/solution_checker.h"
#include "search/local_search.h"
#include "search/parity.h"
#include "test_util.h"
#include "util/logger.h"

namespace lsmip::search {
namespace {

using lsmip::testing::build_model;

// Lights out on an n x n grid: pressing a cell toggles it and its neighbours; every
// light, initially on where `on` says so, must end off. Row of cell c:
// sum of presses of c and its neighbours - 2 y_c = on(c), with y_c in [0, 2].
Model lights_out(int n, const std::string& on, bool minimise_presses = true) {
  ModelBuilder b;
  b.set_name("lights");
  for (int c = 0; c < n * n; ++c) {
    b.add_col("x" + std::to_string(c), 0, 1, minimise_presses ? 1.0 : 0.0, true);
  }
  for (int c = 0; c < n * n; ++c) b.add_col("y" + std::to_string(c), 0, 2, 0.0, true);
  for (int c = 0; c < n * n; ++c) {
    const int r = c / n, k = c % n;
    const double side = on[static_cast<std::size_t>(c)] == '1' ? 1.0 : 0.0;
    const Index row = b.add_row("cell" + std::to_string(c), side, side);
    b.add_entry(row, c, 1.0);
    if (r > 0) b.add_entry(row, c - n, 1.0);
    if (r + 1 < n) b.add_entry(row, c + n, 1.0);
    if (k > 0) b.add_entry(row, c - 1, 1.0);
    if (k + 1 < n) b.add_entry(row, c + 1, 1.0);
    b.add_entry(row, n * n + c, -2.0);
  }
  return build_model(b);
}

// The values of `start` with NaN replaced by 0 (what the test can check as a point).
std::vector<double> filled(const ParityStart& start) {
  std::vector<double> x = start.values;
  for (double& v : x) {
    if (std::isnan(v)) v = 0.0;
  }
  return x;
}

TEST(SearchParity, SolvesLightsOut) {
  // 3 x 3 lights out has a full-rank system: one solution for every pattern.
  for (const std::string on : {"111111111", "100000000", "010101010", "000010000"}) {
    const Model m = lights_out(3, on);
    const ParityStart p = parity_start(m, 1, 1e9);
    EXPECT_EQ(p.rows, 9);
    EXPECT_EQ(p.binaries, 9);
    EXPECT_EQ(p.rank, 9);
    EXPECT_TRUE(p.consistent);
    ASSERT_EQ(p.values.size(), 18u);
    for (double v : p.values) EXPECT_FALSE(std::isnan(v)) << on;  // every carry closes its row
    const check::CheckReport r = check::check_solution(m, filled(p), 1e-6, 1e-6);
    EXPECT_TRUE(r.feasible) << on << "\n" << r.describe(m);
  }
}

// Presses of the cheapest solution of n x n lights out from `on`, by enumeration (n <= 4).
int fewest_presses(int n, const std::string& on) {
  const int cells = n * n;
  int best = cells + 1;
  for (int mask = 0; mask < (1 << cells); ++mask) {
    bool ok = true;
    for (int c = 0; c < cells && ok; ++c) {
      const int r = c / n, k = c % n;
      int lit = on[static_cast<std::size_t>(c)] == '1' ? 1 : 0;
      for (int d : {c, r > 0 ? c - n : -1, r + 1 < n ? c + n : -1, k > 0 ? c - 1 : -1,
                    k + 1 < n ? c + 1 : -1}) {
        if (d >= 0) lit ^= (mask >> d) & 1;
      }
      ok = lit == 0;
    }
    if (ok) best = std::min(best, __builtin_popcount(static_cast<unsigned>(mask)));
  }
  return best;
}

TEST(SearchParity, NullSpaceDescentFindsFewPresses) {
  // 4 x 4 lights out has a four-dimensional null space (16 solutions per solvable pattern);
  // the descent over it must reach the fewest presses on these patterns.
  // All lights on (where one flip of a null-space vector at a time stops at 6 presses, not
  // 4), then patterns made by pressing some cells, so that each is solvable.
  for (const int pressed : {-1, 0xffff, 0x0001, 0x8421, 0x0660, 0x1234, 0xa5a5}) {
    std::string on(16, pressed < 0 ? '1' : '0');
    for (int c = 0; c < 16 && pressed >= 0; ++c) {
      if (((pressed >> c) & 1) == 0) continue;
      const int r = c / 4, k = c % 4;
      for (int t : {c, r > 0 ? c - 4 : -1, r < 3 ? c + 4 : -1, k > 0 ? c - 1 : -1,
                    k < 3 ? c + 1 : -1}) {
        if (t >= 0) on[static_cast<std::size_t>(t)] ^= 1;
      }
    }
    const Model m = lights_out(4, on);
    const ParityStart p = parity_start(m, 1, 1e9);
    EXPECT_EQ(p.rank, 12) << on;
    ASSERT_EQ(p.values.size(), 32u) << on;
    double presses = 0;
    for (int c = 0; c < 16; ++c) presses += p.values[static_cast<std::size_t>(c)];
    EXPECT_TRUE(check::check_solution(m, filled(p), 1e-6, 1e-6).feasible) << on;
    EXPECT_EQ(presses, fewest_presses(4, on)) << on;
  }
}

TEST(SearchParity, FreeColumnsFollowTheObjective) {
  // x0 + x1 - 2y = 0: x0 is the pivot, x1 free; x1 takes 1 only if that lowers the objective.
  for (const double cost : {1.0, -1.0}) {
    ModelBuilder b;
    b.add_col("x0", 0, 1, 0.0, true);
    b.add_col("x1", 0, 1, cost, true);
    b.add_col("y", 0, 1, 0.0, true);
    const Index r = b.add_row("even", 0, 0);
    b.add_entry(r, 0, 1.0);
    b.add_entry(r, 1, 1.0);
    b.add_entry(r, 2, -2.0);
    const Model m = build_model(b);
    const ParityStart p = parity_start(m, 1, 1e9);
    ASSERT_EQ(p.values.size(), 3u);
    EXPECT_EQ(p.rank, 1);
    const double want = cost < 0 ? 1.0 : 0.0;
    EXPECT_EQ(p.values[0], want);
    EXPECT_EQ(p.values[1], want);
    EXPECT_EQ(p.values[2], want);  // the carry: (x0 + x1) / 2
  }
}

TEST(SearchParity, ContradictoryCongruencesAreNotUsed) {
  // x0 + x1 odd and x0 + x1 even at once.
  ModelBuilder b;
  b.add_col("x0", 0, 1, 0.0, true);
  b.add_col("x1", 0, 1, 0.0, true);
  b.add_col("y", 0, 3, 0.0, true);
  b.add_col("z", 0, 3, 0.0, true);
  const Index r0 = b.add_row("odd", 1, 1);
  b.add_entry(r0, 0, 1.0);
  b.add_entry(r0, 1, 1.0);
  b.add_entry(r0, 2, -2.0);
  const Index r1 = b.add_row("even", 0, 0);
  b.add_entry(r1, 0, 1.0);
  b.add_entry(r1, 1, -1.0);
  b.add_entry(r1, 3, 4.0);
  const ParityStart p = parity_start(build_model(b), 1, 1e9);
  EXPECT_EQ(p.rows, 2);
  EXPECT_FALSE(p.consistent);
  EXPECT_TRUE(p.values.empty());
}

// Columns x0, x1 binary, g general integer, c continuous, y a carry, f fixed at 3, and
// rows that each miss one condition of a parity row; `with_fixed` adds one that is.
Model near_misses(bool with_fixed) {
  ModelBuilder b;
  b.add_col("x0", 0, 1, 0.0, true);
  b.add_col("x1", 0, 1, 0.0, true);
  b.add_col("g", 0, 5, 0.0, true);
  b.add_col("c", 0, 5, 0.0, false);
  b.add_col("y", 0, 3, 0.0, true);
  b.add_col("f", 3, 3, 0.0, true);
  const auto row = [&](const char* name, double lo, double hi,
                       std::vector<std::pair<Index, double>> entries) {
    const Index r = b.add_row(name, lo, hi);
    for (auto [j, a] : entries) b.add_entry(r, j, a);
  };
  row("inequality", 1, 2, {{0, 1}, {1, 1}, {4, -2}});
  row("no_carry", 1, 1, {{0, 1}, {1, 1}});
  row("odd_general", 1, 1, {{0, 1}, {2, 1}, {4, -2}});
  row("continuous", 1, 1, {{0, 1}, {3, 1}, {4, -2}});
  row("fractional", 1, 1, {{0, 1}, {1, 0.5}, {4, -2}});
  row("fractional_side", 0.5, 0.5, {{0, 1}, {1, 1}, {4, -2}});
  // A fixed column with an odd coefficient only moves the side: x0 + x1 + f - 2y = 4 is
  // x0 + x1 = 1 (mod 2), and y closes the row once x0 and x1 are set.
  if (with_fixed) row("with_fixed", 4, 4, {{0, 1}, {1, 1}, {5, 1}, {4, -2}});
  return build_model(b);
}

TEST(SearchParity, OnlyIntegerEqualitiesWithBinaryOddColumnsAndACarry) {
  EXPECT_EQ(parity_start(near_misses(false), 1, 1e9).rows, 0);
  const ParityStart p = parity_start(near_misses(true), 1, 1e9);
  EXPECT_EQ(p.rows, 1);
  ASSERT_EQ(p.values.size(), 6u);
  EXPECT_EQ(p.values[0] + p.values[1], 1.0);
  EXPECT_EQ(p.values[4], 0.0);  // (4 - 1 - 3) / 2
}

TEST(SearchParity, GatesOnRowCountAndWork) {
  const Model m = lights_out(3, "111111111");
  EXPECT_TRUE(parity_start(m, 10, 1e9).values.empty());  // 9 parity rows, 10 required
  EXPECT_FALSE(parity_start(m, 9, 1e9).values.empty());
  EXPECT_TRUE(parity_start(m, 1, 10).values.empty());  // 9 x 1 x 9 word operations > 10
}

TEST(SearchParity, SearchStartsFromTheParitySolution) {
  // 5 x 5 lights out (rank 23 of 25): the local search alone rarely solves it at
  // this work limit; from the parity start its first point is already feasible.
  const Model m = lights_out(5, "1111111111111111111111111");
  Options opt;
  opt.work_limit = 2000;
  opt.log_level = 0;
  Logger log(LogLevel::kQuiet);
  const SearchResult on = run_local_search(m, opt, {}, SearchHooks{}, log);
  ASSERT_TRUE(on.found);
  EXPECT_TRUE(check::check_solution(m, on.best_x, 1e-6, 1e-6).feasible);
  EXPECT_FALSE(on.warm_start_feasible);  // not a user's warm start
  EXPECT_FALSE(on.warm_start_repaired);
  opt.ls_parity_start = false;
  const SearchResult off = run_local_search(m, opt, {}, SearchHooks{}, log);
  EXPECT_FALSE(off.found);
}

}  // namespace
}  // namespace lsmip::search

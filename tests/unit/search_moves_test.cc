// Unit tests of move values and scores, including the defects known from the
// reference codes (see docs: local-search-algorithms.md §3.2): negative
// coefficients in the tight/jump value, the sign of the objective term,
// equality rows counted twice, and scores reaching -infinity with infinite
// bounds.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "model/model_builder.h"
#include "test_util.h"
#include "search/move_context.h"
#include "search/search_model.h"
#include "search/search_state.h"
#include "util/rng.h"

namespace lsmip::search {
namespace {

Model build(ModelBuilder& b) { return lsmip::testing::build_model(b); }

// Binary columns x1, x2, ... with the given costs and covering rows r1, r2, ...: row r is
// the sum of the columns listed in cover[r] (0-based), >= 1.
Model covering_model(const std::vector<double>& costs,
                     const std::vector<std::vector<Index>>& cover) {
  ModelBuilder b;
  for (std::size_t j = 0; j < costs.size(); ++j) {
    b.add_col("x" + std::to_string(j + 1), 0, 1, costs[j], true);
  }
  for (std::size_t r = 0; r < cover.size(); ++r) {
    b.add_row("r" + std::to_string(r + 1), 1, kInf);
    for (Index j : cover[r]) b.add_entry(static_cast<Index>(r), j, 1);
  }
  return build(b);
}

struct Fixture {
  Fixture(const Model& model, const Options& opts, std::vector<double> x)
      : options(opts), sm(build_search_model(model, options)), rng(1),
        mv(sm, SearchState(sm), options, rng) {
    st.load(x);
  }
  Options options;
  SearchModel sm;
  Rng rng;
  MoveContext mv;
  SearchState& st = mv.state;
  Scorer& scorer = mv.scorer;
  FrozenVars& frozen = mv.frozen;
  LiftCache& lift = mv.lift;
  MoveGenerator& gen = mv.gen;
  PairMoves& pairs = mv.pairs;
};

TEST(SearchMoves, TightStepNegativeCoefficients) {
  // -2x <= -5 (x >= 2.5) at x = 0: integer x must go to 3, continuous to 2.5.
  EXPECT_EQ(tight_step(-5.0L, -2.0, true, true, 0.0), 3.0);
  EXPECT_DOUBLE_EQ(tight_step(-5.0L, -2.0, true, false, 0.0), 2.5);
  // -2x >= -5 (x <= 2.5) from an activity of -10 (x = 5): x = 3 still gives -6 < -5, so the
  // step must reach x = 2: d = -3.
  EXPECT_EQ(tight_step(5.0L, -2.0, false, true, 0.0), -3.0);
  // Positive coefficient, <= side: 3x <= 7 from activity 0 -> d = 2.
  EXPECT_EQ(tight_step(7.0L, 3.0, true, true, 0.0), 2.0);
  // >= side with positive coefficient: 3x >= 7 from 0 -> d = 3.
  EXPECT_EQ(tight_step(7.0L, 3.0, false, true, 0.0), 3.0);
}

TEST(SearchMoves, TightMovesSatisfyRowsWithNegativeCoefficients) {
  // Row: -3x + 2y <= -7, x in [0, 10] integer, y in [0, 5] integer; start at 0 (violated).
  ModelBuilder b;
  b.add_col("x", 0, 10, 0, true);
  b.add_col("y", 0, 5, 0, true);
  b.add_row("r", -kInf, -7);
  b.add_entry(0, 0, -3);
  b.add_entry(0, 1, 2);
  const Model m = build(b);
  Fixture f(m, Options{}, {0.0, 0.0});
  ASSERT_EQ(f.st.violated.size(), 1);
  f.gen.begin(false);
  f.gen.add_row_tight(0, MoveKind::kUnsatTight);
  ASSERT_EQ(f.gen.num_candidates(), 1u);  // y cannot help (it would have to go negative)
  const Candidate c = f.gen.candidates()[0];
  EXPECT_EQ(c.var, 0);
  EXPECT_EQ(c.value, 3.0);  // -9 <= -7; x = 2 would give -6
  const Score s = f.scorer.score(c.var, c.value);
  EXPECT_EQ(s.progress, 2);  // violated -> satisfied, weight 1, mitigation 2
  f.st.apply(c.var, c.value);
  EXPECT_TRUE(f.st.violated.empty());
}

TEST(SearchMoves, ObjectiveTermHasTheRightSign) {
  // min 3x - 2y, no rows touching them; once an incumbent exists, lowering the objective
  // must score positively and raising it negatively.
  ModelBuilder b;
  b.add_col("x", 0, 5, 3, true);
  b.add_col("y", 0, 5, -2, true);
  const Model m = build(b);
  Fixture f(m, Options{}, {2.0, 2.0});
  f.scorer.set_incumbent(true, 1.5L, 1.0L);  // incumbent objective 2 (3*2 - 2*2), not yet crossed
  EXPECT_GT(f.scorer.score(0, 1.0).progress, 0);  // x down: objective down
  EXPECT_LT(f.scorer.score(0, 3.0).progress, 0);
  EXPECT_GT(f.scorer.score(1, 3.0).progress, 0);  // y up: objective down (negative cost)
  EXPECT_LT(f.scorer.score(1, 1.0).progress, 0);
  // Breakthrough bonus only when the new objective crosses below the threshold.
  EXPECT_GT(f.scorer.score(0, 1.0).bonus, 0);        // objective -1 < 1.5
  EXPECT_EQ(f.scorer.score(1, 2.0 + 0.0).bonus, 0);  // no move, no crossing
  // Breakthrough move: objective 2 -> target 1 via x: 3*(x - 2) <= -1 -> x = 1.
  f.gen.begin(false);
  f.gen.add_breakthrough(10);
  bool saw_x = false;
  for (const Candidate& c : f.gen.candidates()) {
    if (c.var == 0) {
      saw_x = true;
      EXPECT_EQ(c.value, 1.0);
    }
    if (c.var == 1) {
      EXPECT_EQ(c.value, 3.0);  // -2*(y - 2) <= -1 -> y >= 2.5 -> 3
    }
  }
  EXPECT_TRUE(saw_x);
}

TEST(SearchMoves, EqualityRowCountedOnce) {
  // x + y = 1 at (0, 0): setting x = 1 repairs one row: progress exactly 2 (mitigation 2,
  // weight 1), natively and when split into two inequalities.
  for (bool split : {false, true}) {
    ModelBuilder b;
    b.add_col("x", 0, 1, 0, true);
    b.add_col("y", 0, 1, 0, true);
    b.add_row("e", 1, 1);
    b.add_entry(0, 0, 1);
    b.add_entry(0, 1, 1);
    const Model m = build(b);
    Options o;
    o.ls_split_equalities = split;
    Fixture f(m, o, {0.0, 0.0});
    EXPECT_EQ(f.sm.num_rows, split ? 2 : 1);
    EXPECT_EQ(f.st.violated.size(), 1);
    EXPECT_EQ(f.scorer.score(0, 1.0).progress, 2) << "split " << split;
    f.st.apply(0, 1.0);
    EXPECT_TRUE(f.st.violated.empty());
    // Overshooting to x = y = 1 breaks it again on the other side: exactly -2.
    EXPECT_EQ(f.scorer.score(1, 1.0).progress, -2) << "split " << split;
  }
}

TEST(SearchMoves, InfiniteBoundsGiveFiniteMovesAndScores) {
  // Free integer x, free continuous z: x - 1e-9 z >= 5 and x <= 1e6 handled without clamping.
  ModelBuilder b;
  b.add_col("x", -kInf, kInf, 1, true);
  b.add_col("z", -kInf, kInf, -1, false);
  b.add_row("r", 5, kInf);
  b.add_entry(0, 0, 1);
  b.add_entry(0, 1, -1e-9);
  const Model m = build(b);
  Fixture f(m, Options{}, {0.0, 0.0});
  f.gen.begin(false);
  f.gen.add_row_tight(0, MoveKind::kUnsatTight);
  // x -> 5; z would need -5e9 which is within the value limit 1e12.
  ASSERT_EQ(f.gen.num_candidates(), 2u);
  for (const Candidate& c : f.gen.candidates()) {
    EXPECT_TRUE(std::isfinite(c.value));
    const Score s = f.scorer.score(c.var, c.value);
    EXPECT_EQ(s.progress, 2);
  }
  Options tight;
  tight.ls_value_limit = 1e6;  // now z's move (-5e9) is discarded, never clamped
  Fixture g(m, tight, {0.0, 0.0});
  g.gen.begin(false);
  g.gen.add_row_tight(0, MoveKind::kUnsatTight);
  ASSERT_EQ(g.gen.num_candidates(), 1u);
  EXPECT_EQ(g.gen.candidates()[0].var, 0);
  // Lift of a variable whose improving direction is unbounded: no (infinite) lift.
  Fixture h(m, Options{}, {5.0, 0.0});
  double v, gain;
  h.lift.compute(1, &v, &gain);  // z up improves; row allows z <= 0 (x - 1e-9 z >= 5 at x=5)
  EXPECT_EQ(gain, 0.0);
  h.lift.compute(0, &v, &gain);  // x down improves but the row is tight
  EXPECT_EQ(gain, 0.0);
}

TEST(SearchMoves, LiftStaysInsideTheLocalFeasibleDomain) {
  // min -x - y, 2x + 3y <= 12, x - y >= -2 (i.e. -x + y <= 2), integers in [0, 10].
  ModelBuilder b;
  b.add_col("x", 0, 10, -1, true);
  b.add_col("y", 0, 10, -1, true);
  b.add_row("a", -kInf, 12);
  b.add_entry(0, 0, 2);
  b.add_entry(0, 1, 3);
  b.add_row("b", -2, kInf);
  b.add_entry(1, 0, 1);
  b.add_entry(1, 1, -1);
  const Model m = build(b);
  Fixture f(m, Options{}, {0.0, 0.0});
  double v, gain;
  f.lift.compute(0, &v, &gain);
  EXPECT_EQ(v, 6.0);  // 2x <= 12
  EXPECT_EQ(gain, 6.0);
  f.lift.compute(1, &v, &gain);
  EXPECT_EQ(v, 2.0);  // y - x <= 2 binds before 3y <= 12
  f.lift.rebuild();
  Candidate c;
  ASSERT_TRUE(f.lift.best(&c));
  EXPECT_EQ(c.var, 0);
  const double old = f.st.x[c.var];
  f.st.apply(c.var, c.value);
  f.lift.refresh_after(c.var, old);
  EXPECT_EQ(f.lift.check(), "");
  EXPECT_TRUE(f.st.violated.empty());
  f.lift.compute(1, &v, &gain);
  EXPECT_EQ(v, 0.0);  // 2*6 + 3y <= 12 -> y stays 0
}

TEST(SearchMoves, SideWeightsScoreLikeSplitRows) {
  // Equality and one-sided rows with integer and continuous columns and mixed-sign
  // coefficients. With per-side weights on every two-sided row, each score must equal
  // the score on the model with the equalities split, once the split rows carry the
  // same weights as the corresponding sides.
  Rng rng(17);
  for (int trial = 0; trial < 60; ++trial) {
    ModelBuilder b;
    const int n = 5, m = 4;
    for (int j = 0; j < n; ++j) b.add_col("x" + std::to_string(j), -3, 4, 0, j % 3 != 2);
    for (int i = 0; i < m; ++i) {
      b.add_row("r" + std::to_string(i), -kInf, kInf);
      for (int j = 0; j < n; ++j) {
        if (rng.chance(0.6)) b.add_entry(i, j, static_cast<double>(rng.below(7)) - 3.0 + 0.5 * (j % 2));
      }
      const double side = static_cast<double>(rng.below(5)) - 2.0;
      if (i % 2 == 0) {
        b.set_row_bounds(i, side, side);
      } else {
        b.set_row_bounds(i, -kInf, side);
      }
    }
    const Model model = build(b);
    std::vector<double> x(n);
    for (int j = 0; j < n; ++j) x[j] = static_cast<double>(rng.below(8)) - 3.0;
    Options side_opt;
    side_opt.ls_side_weights = "all";
    Options split_opt;
    split_opt.ls_split_equalities = true;
    Fixture side(model, side_opt, x), split(model, split_opt, x);
    // Random weights on the sides, copied to the split rows (same origin; the "<=" half
    // carries the upper side's weight).
    for (Index r = 0; r < split.sm.num_rows; ++r) {
      const std::int64_t w = 1 + rng.below(9);
      const Index i = split.sm.row_origin[r];
      Index native = -1;
      for (Index k = 0; k < side.sm.num_rows; ++k) {
        if (side.sm.row_origin[k] == i) native = k;
      }
      ASSERT_GE(native, 0);
      split.st.weight[r] = w;
      const bool upper_half = std::isfinite(split.sm.rows[r].hi);
      if (upper_half) {
        side.st.weight[native] = w;
      } else {
        side.st.weight_lo[native] = w;
      }
    }
    for (Index j = 0; j < n; ++j) {
      for (double v = -3; v <= 4; v += 1.0) {
        if (v == x[j]) continue;
        const Score a = side.scorer.score(j, v), c = split.scorer.score(j, v);
        EXPECT_EQ(a.progress, c.progress) << "trial " << trial << " x" << j << " := " << v;
      }
    }
  }
}

TEST(SearchMoves, SideWeightsUnitModeSelectsRowsWithOneMagnitude) {
  // "unit" gives per-side weights to two-sided rows whose coefficients share one magnitude
  // (a partitioning row, a +-1 flow balance), not to a knapsack equality or a one-sided row.
  ModelBuilder b;
  for (int j = 0; j < 3; ++j) b.add_col("x" + std::to_string(j), 0, 5, 0, true);
  b.add_row("partition", 1, 1);
  b.add_row("balance", 0, 0);
  b.add_row("knapsack", 7, 7);
  b.add_row("cover", 1, kInf);
  for (int j = 0; j < 3; ++j) {
    b.add_entry(0, j, 1);
    b.add_entry(1, j, j == 1 ? -2 : 2);
    b.add_entry(2, j, 2 + j);
    b.add_entry(3, j, 1);
  }
  const Model m = build(b);
  for (const char* mode : {"none", "unit", "all"}) {
    Options o;
    o.ls_side_weights = mode;
    const SearchModel sm = build_search_model(m, o);
    const std::string s = mode;
    EXPECT_EQ(sm.row_sides[0], s != "none") << mode;
    EXPECT_EQ(sm.row_sides[1], s != "none") << mode;
    EXPECT_EQ(sm.row_sides[2], s == "all") << mode;
    EXPECT_EQ(sm.row_sides[3], 0) << mode;  // one-sided: nothing to separate
    EXPECT_EQ(sm.any_row_sides, s != "none") << mode;
  }
}

TEST(SearchMoves, PairScoreEqualsTheScoreOfTheCombinedColumn) {
  // x_j += dj and x_k += dk change each row by a_ij dj + a_ik dk; a third column z holding
  // exactly that change (and cost c_j dj + c_k dk), moved from 0 to 1, must score the same.
  Rng rng(5);
  for (int trial = 0; trial < 80; ++trial) {
    const double dj = static_cast<double>(rng.below(5)) - 2.0, dk = static_cast<double>(rng.below(5)) - 2.0;
    if (dj == 0 || dk == 0) continue;
    ModelBuilder b;
    const double cj = static_cast<double>(rng.below(5)) - 2.0, ck = static_cast<double>(rng.below(5)) - 2.0;
    b.add_col("j", -5, 5, cj, true);
    b.add_col("k", -5, 5, ck, true);
    b.add_col("z", 0, 1, cj * dj + ck * dk, false);
    const int m = 5;
    for (int i = 0; i < m; ++i) {
      b.add_row("r" + std::to_string(i), -kInf, kInf);
      const double aj = rng.chance(0.7) ? static_cast<double>(rng.below(5)) - 2.0 : 0.0;
      const double ak = rng.chance(0.7) ? static_cast<double>(rng.below(5)) - 2.0 : 0.0;
      if (aj != 0) b.add_entry(i, 0, aj);
      if (ak != 0) b.add_entry(i, 1, ak);
      if (aj * dj + ak * dk != 0) b.add_entry(i, 2, aj * dj + ak * dk);
      const double side = static_cast<double>(rng.below(5)) - 2.0;
      switch (rng.below(3)) {
        case 0: b.set_row_bounds(i, side, side); break;
        case 1: b.set_row_bounds(i, -kInf, side); break;
        default: b.set_row_bounds(i, side, kInf); break;
      }
    }
    const Model model = build(b);
    for (const char* sides : {"none", "all"}) {
      Options o;
      o.ls_side_weights = sides;
      Fixture f(model, o, {static_cast<double>(rng.below(5)) - 2.0, static_cast<double>(rng.below(5)) - 2.0, 0.0});
      for (Index i = 0; i < f.sm.num_rows; ++i) {
        f.st.weight[i] = 1 + rng.below(5);
        f.st.weight_lo[i] = 1 + rng.below(5);
      }
      f.scorer.set_incumbent(true, f.st.objective + 0.5, f.st.objective - 1);
      const Score pair = f.pairs.pair_score(0, dj, 1, dk);
      const Score single = f.scorer.score(2, 1.0);
      EXPECT_EQ(pair.progress, single.progress) << "trial " << trial << " " << sides;
      EXPECT_EQ(pair.bonus, single.bonus) << "trial " << trial << " " << sides;
    }
  }
}

TEST(SearchMoves, TransferKeepsTheEqualityAndRepairsTheRow) {
  // An item assigned to bin 1 (y1 = 1) that bin 1 cannot hold (cap1: y1 <= 0); the demand
  // row y1 + y2 = 1 is satisfied. Moving y1 alone repairs cap1 but breaks the demand row
  // (no progress); the transfer y1 := 0, y2 := 1 keeps the demand and repairs cap1.
  ModelBuilder b;
  b.add_col("y1", 0, 1, 0, true);
  b.add_col("y2", 0, 1, 0, true);
  b.add_col("y3", 0, 1, 0, true);
  b.add_row("demand", 1, 1);
  b.add_row("cap1", -kInf, 0);
  b.add_row("cap3", -kInf, 0);
  b.add_entry(0, 0, 1);
  b.add_entry(0, 1, 1);
  b.add_entry(0, 2, 1);
  b.add_entry(1, 0, 1);
  b.add_entry(2, 2, 1);  // bin 3 cannot take it either
  const Model m = build(b);
  Options o;
  o.ls_side_weights = "none";
  Fixture f(m, o, {1.0, 0.0, 0.0});
  ASSERT_EQ(f.st.violated.size(), 1);
  EXPECT_EQ(f.scorer.score(0, 0.0).progress, 0);
  f.gen.begin(false);
  PairMove pm{};
  Score s;
  ASSERT_TRUE(f.pairs.best_transfer(1, 16, 100, &pm, &s));
  EXPECT_EQ(pm.var, 0);
  EXPECT_EQ(pm.value, 0.0);
  EXPECT_EQ(pm.partner, 1);  // y3 would violate cap3: scored lower
  EXPECT_EQ(pm.partner_value, 1.0);
  EXPECT_EQ(s.progress, 2);  // one row repaired, mitigation 2, weight 1
  f.st.apply(pm.var, pm.value);
  f.st.apply(pm.partner, pm.partner_value);
  EXPECT_TRUE(f.st.violated.empty());
}

TEST(SearchMoves, BinaryTightValuesMatchTheIntegerTightStep) {
  // Tight values of binaries are decided by comparisons instead of tight_step's division;
  // on random rows and points they must equal tight_step's value clamped to [0, 1].
  Rng rng(7);
  for (int trial = 0; trial < 300; ++trial) {
    ModelBuilder b;
    const int n = 4;
    for (int j = 0; j < n; ++j) b.add_col("x" + std::to_string(j), 0, 1, 0, true);
    const double lo = static_cast<double>(rng.below(7)) - 3.0;
    const double width = static_cast<double>(rng.below(3));
    const int kind = static_cast<int>(rng.below(3));  // <=, >=, ranged/equality
    b.add_row("r", kind == 0 ? -kInf : lo, kind == 1 ? kInf : lo + width);
    for (int j = 0; j < n; ++j) {
      double a = static_cast<double>(rng.below(9)) - 4.0;
      if (a == 0.0) a = 1.0;
      if (rng.chance(0.3)) a *= 0.5;
      b.add_entry(0, j, a);
    }
    const Model m = build(b);
    std::vector<double> x(n);
    for (int j = 0; j < n; ++j) x[j] = static_cast<double>(rng.below(2));
    Fixture f(m, Options{}, x);
    f.gen.begin(false);
    f.gen.add_row_tight(0, MoveKind::kUnsatTight);
    const RowBounds& rb = f.sm.rows[0];
    const Real act = f.st.act[0];
    std::vector<double> expect;
    for (NzIndex p = f.sm.row_start[0]; p < f.sm.row_start[1]; ++p) {
      const Index j = f.sm.row_col[p];
      const double c = f.sm.row_coef[p];
      auto target = [&](bool to_hi) {
        const double d = tight_step(to_hi ? rb.hi - act : rb.lo - act, c, to_hi, true,
                                    f.sm.row_slack[0]);
        return std::min(1.0, std::max(0.0, f.st.x[j] + d));
      };
      std::vector<double> vals;
      if (act > rb.hi_tol) {
        vals.push_back(target(true));
      } else if (act < rb.lo_tol) {
        vals.push_back(target(false));
      } else {
        if (std::isfinite(rb.hi)) vals.push_back(target(true));
        if (std::isfinite(rb.lo)) vals.push_back(target(false));
      }
      for (double v : vals) {
        if (v == f.st.x[j]) continue;
        bool found = false;
        for (const Candidate& cand : f.gen.candidates()) found |= cand.var == j && cand.value == v;
        EXPECT_TRUE(found) << "trial " << trial << " x" << j << " := " << v;
      }
      for (const Candidate& cand : f.gen.candidates()) {
        if (cand.var != j) continue;
        EXPECT_TRUE(std::find(vals.begin(), vals.end(), cand.value) != vals.end())
            << "trial " << trial << " unexpected x" << j << " := " << cand.value;
      }
    }
  }
}

TEST(SearchMoves, TieBreakPrefersTheCheaperIntegerMove) {
  // x1 + x2 >= 1 violated at 0; flipping either repairs it with the same score. With an
  // incumbent and ls_tie_objective=incumbent the cheaper x2 wins every time; continuous moves
  // are not ranked by objective (see the option).
  const Model m = covering_model({5, 2}, {{0, 1}});
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    Options o;
    o.ls_tie_objective = "incumbent";
    Fixture f(m, o, {0.0, 0.0});
    f.rng = Rng(seed);
    f.scorer.set_incumbent(true, 100.0L, 99.0L);
    f.gen.begin(false);
    f.gen.add_row_tight(0, MoveKind::kUnsatTight);
    ASSERT_EQ(f.gen.num_candidates(), 2u);
    Candidate c{};
    Score sc;
    ASSERT_TRUE(f.gen.select(10, false, &c, &sc));  // row repaired, objective worse: progress 0
    EXPECT_EQ(c.var, 1) << "seed " << seed;
    EXPECT_EQ(f.scorer.score(0, 1.0), f.scorer.score(1, 1.0));  // a true tie of the two-level score
  }
}

TEST(SearchMoves, SwapRepairsTheBrokenRowsAndLowersTheObjective) {
  // Covering rows r1: x1 + x3 >= 1, r2: x1 + x2 + x3 >= 1, r3: x3 + x4 >= 1,
  // min 5x1 + 3x2 + 4x3 + x4. At x = (1, 0, 0, 1) (objective 6) no lift helps: x1 is the only
  // cover of r1 and r2, x4 of r3. Dropping x1 breaks r1 and r2; x2 is cheaper but covers only
  // r2, x3 covers both (objective 5): the swap is x1 -> x3.
  const Model m = covering_model({5, 3, 4, 1}, {{0, 2}, {0, 1, 2}, {2, 3}});
  Fixture f(m, Options{}, {1.0, 0.0, 0.0, 1.0});
  ASSERT_TRUE(f.st.violated.empty());
  f.scorer.set_incumbent(true, 5.5L, 5.0L);
  PairMove pm{};
  ASSERT_TRUE(f.pairs.best_swap(10, 10, &pm));
  EXPECT_EQ(pm.var, 0);
  EXPECT_EQ(pm.value, 0.0);
  EXPECT_EQ(pm.partner, 2);
  EXPECT_EQ(pm.partner_value, 1.0);
  f.st.apply(pm.var, pm.value);
  f.st.apply(pm.partner, pm.partner_value);
  EXPECT_TRUE(f.st.violated.empty());
  EXPECT_EQ(f.st.objective, 5.0L);
  // At (0, 0, 1, 1) dropping x4 breaks nothing (a lift, not a swap), and dropping x3 breaks
  // r1, whose only other entry x1 costs more: no swap is left.
  EXPECT_FALSE(f.pairs.best_swap(10, 10, &pm));
}

TEST(SearchMoves, SwapPartnerMustRepairEveryBrokenRow) {
  // r1: x1 + x2 >= 1, r2: x1 + x3 + x4 >= 1, min 5x1 + x2 + 10x3 + 10x4 at (1, 0, 0, 0). Dropping
  // x1 breaks r1 and r2; the partners come from the shorter r1, and x2 repairs r1 only.
  const Model m = covering_model({5, 1, 10, 10}, {{0, 1}, {0, 2, 3}});
  Fixture f(m, Options{}, {1.0, 0.0, 0.0, 0.0});
  ASSERT_TRUE(f.st.violated.empty());
  f.scorer.set_incumbent(true, 4.5L, 4.0L);
  PairMove pm{};
  EXPECT_FALSE(f.pairs.best_swap(10, 10, &pm));
}

TEST(SearchMoves, SwapNeverBreaksAnotherRow) {
  // x1 + x2 >= 1 and x2 <= 0 (x2 is blocked): dropping x1 cannot be repaired by x2 even though x2
  // is cheaper, so there is no swap.
  ModelBuilder b;
  b.add_col("x1", 0, 1, 5, true);
  b.add_col("x2", 0, 1, 1, true);
  b.add_row("cover", 1, kInf);
  b.add_row("block", -kInf, 0);
  b.add_entry(0, 0, 1);
  b.add_entry(0, 1, 1);
  b.add_entry(1, 1, 1);
  const Model m = build(b);
  Fixture f(m, Options{}, {1.0, 0.0});
  ASSERT_TRUE(f.st.violated.empty());
  f.scorer.set_incumbent(true, 4.5L, 4.0L);
  PairMove pm{};
  EXPECT_FALSE(f.pairs.best_swap(10, 10, &pm));
}

TEST(SearchMoves, FrozenVariablesAreNeverMoved) {
  // Covering rows r1: x1 + x2 + x3 >= 1, r2: x2 + x3 + x4 >= 1, min x1 + x2 + x3 + x4.
  const Model m = covering_model({1, 1, 1, 1}, {{0, 1, 2}, {1, 2, 3}});
  Fixture f(m, Options{}, {0.0, 0.0, 0.0, 0.0});
  ASSERT_EQ(f.st.violated.size(), 2);
  f.frozen.freeze_except({2});
  EXPECT_TRUE(f.frozen.any());
  f.gen.begin(false);
  f.gen.add_unsat_tight(10, 100, MoveKind::kUnsatTight);
  f.gen.add_flips(50);
  for (Index j = 0; j < 4; ++j) f.gen.add(j, 1.0, MoveKind::kFlip);
  ASSERT_FALSE(f.gen.candidates().empty());
  for (const Candidate& c : f.gen.candidates()) EXPECT_EQ(c.var, 2);

  // At the feasible point (1, 1, 0, 1) with an incumbent, x1 and x4 could be lifted to 0 and
  // every variable at 1 is a breakthrough candidate; frozen, only x2 is.
  f.st.load(std::vector<double>{1.0, 1.0, 0.0, 1.0});
  f.scorer.set_incumbent(true, 2.5L, 2.0L);
  f.frozen.freeze_except({1});
  f.gen.begin(false);
  f.gen.add_breakthrough(100);
  ASSERT_EQ(f.gen.candidates().size(), 1u);
  EXPECT_EQ(f.gen.candidates()[0].var, 1);
  double value = 0.0, gain = 0.0;
  f.lift.compute(0, &value, &gain);
  EXPECT_EQ(gain, 0.0);
  f.frozen.unfreeze();
  EXPECT_FALSE(f.frozen.any());
  f.lift.compute(0, &value, &gain);
  EXPECT_EQ(gain, 1.0);
  EXPECT_EQ(value, 0.0);
  f.gen.begin(false);
  f.gen.add_breakthrough(100);
  EXPECT_EQ(f.gen.candidates().size(), 3u);
}

TEST(SearchMoves, SwapNeedsBothVariablesFree) {
  // The model of SwapRepairsTheBrokenRowsAndLowersTheObjective: the swap x1 -> x3.
  const Model m = covering_model({5, 3, 4, 1}, {{0, 2}, {0, 1, 2}, {2, 3}});
  Fixture f(m, Options{}, {1.0, 0.0, 0.0, 1.0});
  f.scorer.set_incumbent(true, 5.5L, 5.0L);
  PairMove pm{};
  f.frozen.freeze_except({0, 1, 3});
  EXPECT_FALSE(f.pairs.best_swap(10, 10, &pm));
  f.frozen.freeze_except({1, 2, 3});
  EXPECT_FALSE(f.pairs.best_swap(10, 10, &pm));
  f.frozen.freeze_except({0, 2});
  ASSERT_TRUE(f.pairs.best_swap(10, 10, &pm));
  EXPECT_EQ(pm.var, 0);
  EXPECT_EQ(pm.partner, 2);
}

}  // namespace
}  // namespace lsmip::search

// Incremental-versus-scratch tests of the search state: random small models
// (integer, mixed, equalities, negative coefficients, ranged rows, free and
// fixed variables, infinite bounds) driven through every move kind; after
// every move, activities, the violated set, weights, the objective, candidate
// scores and the lift cache must equal a recomputation from scratch.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "model/model_builder.h"
#include "search/local_search.h"
#include "search/neighbourhood.h"
#include "search/restart_policy.h"
#include "search/search_model.h"
#include "test_util.h"
#include "util/rng.h"

namespace lsmip::search {
namespace {

struct RandomModelSpec {
  bool integral_data = true;  // integral coefficients and sides
  bool continuous = false;    // some continuous columns
  bool infinite_bounds = false;
  bool unit_rows = false;     // each row's coefficients share one magnitude (transfers apply)
};

Model random_model(std::uint64_t seed, const RandomModelSpec& spec) {
  Rng rng(seed);
  ModelBuilder b;
  const int n = 6 + static_cast<int>(rng.below(10));
  const int m = 4 + static_cast<int>(rng.below(8));
  for (int j = 0; j < n; ++j) {
    const int kind = static_cast<int>(rng.below(6));
    double lo = 0, up = 1;
    bool integer = true;
    if (kind == 1) {
      lo = -3;
      up = 7;
    } else if (kind == 2 && spec.infinite_bounds) {
      lo = -kInf;
      up = kInf;  // free integer
    } else if (kind == 3 && spec.infinite_bounds) {
      lo = 2;
      up = kInf;
    } else if (kind == 4 && spec.continuous) {
      integer = false;
      lo = -2.5;
      up = spec.infinite_bounds && rng.chance(0.5) ? kInf : 4.5;
    } else if (kind == 5 && rng.chance(0.3)) {
      lo = up = 1;  // fixed
    }
    const double cost = static_cast<double>(static_cast<int>(rng.below(11)) - 5);
    b.add_col("x" + std::to_string(j), lo, up, cost, integer);
  }
  for (int i = 0; i < m; ++i) {
    double act_lo = 0, act_hi = 0;
    const int len = 2 + static_cast<int>(rng.below(4));
    b.add_row("r" + std::to_string(i), -kInf, kInf);
    std::vector<Index> used;
    for (int t = 0; t < len; ++t) {
      const Index j = static_cast<Index>(rng.below(static_cast<std::uint32_t>(n)));
      if (std::find(used.begin(), used.end(), j) != used.end()) continue;
      used.push_back(j);
      double a = static_cast<double>(static_cast<int>(rng.below(9)) - 4);
      if (!spec.integral_data) a += 0.25 * static_cast<double>(rng.below(4));
      if (a == 0) a = spec.integral_data ? -1.0 : -1.5;
      if (spec.unit_rows) a = (rng.chance(0.5) ? 1.0 : -1.0) * (1.0 + static_cast<double>(i % 2));
      b.add_entry(i, j, a);
      act_lo += std::min(0.0, a) * 3;
      act_hi += std::max(0.0, a) * 3;
    }
    const double mid = std::round((act_lo + act_hi) / 2 + static_cast<double>(rng.below(5)) - 2.0);
    switch (rng.below(4)) {
      case 0: b.set_row_bounds(i, -kInf, mid); break;
      case 1: b.set_row_bounds(i, mid, kInf); break;
      case 2: b.set_row_bounds(i, mid, mid); break;  // equality
      default: b.set_row_bounds(i, mid - 2, mid + (spec.integral_data ? 3 : 2.5)); break;
    }
  }
  Result<Model> r = b.build();
  EXPECT_TRUE(r.ok()) << r.status().to_string();
  return std::move(r).value();
}

void drive_and_check(const Model& model, Options options, std::uint64_t seed, int steps) {
  options.seed = static_cast<std::int64_t>(seed);
  Logger log(LogLevel::kQuiet);
  SearchHooks hooks;
  LocalSearch ls(model, options, hooks, log);
  ls.start({});
  ASSERT_EQ(ls.check_all(), "");
  Rng rng(seed * 7 + 1);
  const MoveKind kinds[] = {MoveKind::kUnsatTight, MoveKind::kSatTight, MoveKind::kBreakthrough,
                            MoveKind::kLift,       MoveKind::kFlip,     MoveKind::kRandomTight,
                            MoveKind::kTransfer,   MoveKind::kSwap};
  for (int s = 0; s < steps; ++s) {
    const std::uint32_t pick = rng.below(12);
    if (pick < 8) {
      ls.force_move(kinds[pick]);
    } else if (pick < 11) {
      if (!ls.iterate()) break;
    } else if (rng.chance(0.05)) {
      ls.force_move(MoveKind::kRestart);
    }
    const std::string diff = ls.check_all();
    ASSERT_EQ(diff, "") << "seed " << seed << " step " << s;
  }
  const SearchResult r = ls.result();
  EXPECT_TRUE(r.status.ok());
}

TEST(SearchState, IncrementalMatchesScratchIntegerModels) {
  Options options;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const Model m = random_model(seed, {true, false, seed % 2 == 0});
    drive_and_check(m, options, seed, 300);
  }
}

TEST(SearchState, IncrementalMatchesScratchMixedModels) {
  Options options;
  for (std::uint64_t seed = 100; seed <= 140; ++seed) {
    const Model m = random_model(seed, {false, true, seed % 2 == 0});
    drive_and_check(m, options, seed, 300);
  }
}

TEST(SearchState, IncrementalMatchesScratchSplitEqualitiesAndVariants) {
  Options options;
  options.ls_split_equalities = true;
  options.ls_bonus_robust = true;
  options.ls_weight_scheme = "smooth";
  options.ls_smooth_prob = 0.3;
  options.ls_obj_before_feasible = true;
  for (std::uint64_t seed = 200; seed <= 230; ++seed) {
    const Model m = random_model(seed, {seed % 3 != 0, seed % 2 == 0, true});
    drive_and_check(m, options, seed, 300);
  }
}

TEST(SearchState, IncrementalMatchesScratchSideWeights) {
  // Per-side row weights (both selections), with smoothing so both weights also fall.
  for (const char* mode : {"unit", "all"}) {
    Options options;
    options.ls_side_weights = mode;
    options.ls_weight_scheme = "smooth";
    options.ls_smooth_prob = 0.3;
    for (std::uint64_t seed = 400; seed <= 420; ++seed) {
      const Model m = random_model(seed, {seed % 3 != 0, seed % 2 == 0, true});
      drive_and_check(m, options, seed, 300);
    }
  }
}

TEST(SearchState, IncrementalMatchesScratchWithTransfers) {
  // Rows with coefficients of one magnitude, so equalities admit transfers.
  Options options;
  for (std::uint64_t seed = 500; seed <= 530; ++seed) {
    const Model m = random_model(seed, {true, seed % 2 == 0, seed % 3 == 0, true});
    drive_and_check(m, options, seed, 300);
  }
}

TEST(SearchState, IncrementalMatchesScratchFlipCache) {
  // Maintained flip scores (checked by check_all against score() of every binary flip) with
  // rows of up to 3 entries kept and longer ones scored on demand, under every scoring
  // variant whose weights or terms the cache must follow.
  for (int variant = 0; variant < 3; ++variant) {
    Options options;
    options.ls_flip_cache = "on";
    options.ls_flip_cache_rows = 3;
    options.ls_weight_scheme = "smooth";
    options.ls_smooth_prob = 0.3;
    if (variant == 1) options.ls_bonus_robust = true;
    if (variant == 2) options.ls_side_weights = "all";
    // Integral data: check_all also compares scores with a recomputed state, which rounding
    // drift on fractional data can tip by one unit near a row's tolerance, cache or not.
    for (std::uint64_t seed = 600; seed <= 625; ++seed) {
      const Model m = random_model(seed, {true, seed % 2 == 0, seed % 4 == 0, seed % 5 == 0});
      drive_and_check(m, options, seed, 300);
    }
  }
}

TEST(SearchState, FlipCacheKeepsTheTrajectory) {
  // The cache only changes how binary flips are scored, never the scores: the same seed takes
  // the same moves with it (from the first step, or from the auto decision on) and without.
  Logger log(LogLevel::kQuiet);
  for (std::uint64_t seed = 700; seed <= 719; ++seed) {
    const Model m = random_model(seed, {seed % 3 != 0, seed % 2 == 0, false});
    Options off;
    off.seed = static_cast<std::int64_t>(seed);
    off.ls_flip_cache = "off";
    off.ls_restart_steps = 300;
    Options on = off;
    on.ls_flip_cache = seed % 2 == 0 ? "on" : "auto";
    on.ls_flip_cache_rows = seed % 4 == 0 ? 3 : 0;
    on.ls_flip_cache_probe = 100;
    LocalSearch a(m, off, {}, log), b(m, on, {}, log);
    a.start({});
    b.start({});
    for (int t = 0; t < 2000; ++t) {
      const bool more_a = a.iterate(), more_b = b.iterate();
      ASSERT_EQ(more_a, more_b) << "seed " << seed << " iteration " << t;
      if (!more_a) break;
      const std::span<const double> xa = a.values(), xb = b.values();
      ASSERT_TRUE(std::equal(xa.begin(), xa.end(), xb.begin(), xb.end())) << "seed " << seed << " iteration " << t;
    }
    EXPECT_EQ(a.result().moves, b.result().moves) << "seed " << seed;
  }
}

TEST(SearchState, NeighbourhoodEpochsLeaveFrozenVariablesAlone) {
  // Short epochs (restarts every 300 steps without improvement, neighbourhoods of a quarter
  // of the columns for 40 steps): between two restarts no frozen column moves, the state
  // checks pass after every move, and some epochs do freeze columns.
  Options options;
  options.ls_check_level = 2;
  options.ls_check_interval = 1;
  options.ls_restart_steps = 300;
  options.ls_lns_steps = 40;
  options.ls_lns_fraction = 0.25;
  options.ls_lns_full_every = 3;
  Logger log(LogLevel::kQuiet);
  int frozen_epochs = 0, total_epochs = 0;
  for (std::uint64_t seed = 800; seed <= 809; ++seed) {
    const Model m = random_model(seed, {seed % 2 == 0, seed % 3 == 0, true});
    options.seed = static_cast<std::int64_t>(seed);
    LocalSearch ls(m, options, {}, log);
    ls.start({});
    std::vector<double> at_restart;
    std::uint64_t restarts = 0;
    for (int t = 0; t < 6000 && ls.iterate(); ++t) {
      const std::span<const double> x = ls.values();
      if (ls.result().restarts != restarts) {
        restarts = ls.result().restarts;
        at_restart.assign(x.begin(), x.end());
        bool any = false;
        for (Index j = 0; j < m.num_cols(); ++j) any |= ls.frozen(j);
        frozen_epochs += any;
        continue;
      }
      if (at_restart.empty()) continue;
      for (Index j = 0; j < m.num_cols(); ++j) {
        if (ls.frozen(j)) {
          ASSERT_EQ(x[j], at_restart[j]) << "seed " << seed << " column " << j;
        }
      }
    }
    EXPECT_TRUE(ls.result().status.ok()) << ls.result().status.message();
    EXPECT_LE(ls.result().neighbourhood_epochs, ls.result().restarts);
    total_epochs += static_cast<int>(ls.result().neighbourhood_epochs);
  }
  EXPECT_GT(frozen_epochs, 0);
  // Epochs are counted when they start; the samples above see most of them.
  EXPECT_GE(total_epochs, frozen_epochs);
}

// Without an incumbent, restart_from() keeps the search's progress against a point that
// violates more rows than the current one; with an incumbent it always restarts.
TEST(SearchState, RestartFromDeclinesAWorsePointOnlyWithoutAnIncumbent) {
  ModelBuilder b;
  for (int j = 0; j < 4; ++j) b.add_col("x" + std::to_string(j), 0, 1, 1, true);
  const Index never = b.add_row("never", 3, kInf);  // x0 + x1 >= 3: no binary point meets it
  b.add_entry(never, 0, 1);
  b.add_entry(never, 1, 1);
  for (int j = 2; j < 4; ++j) b.add_entry(b.add_row("off" + std::to_string(j), -kInf, 0), j, 1);
  const Model infeasible = testing::build_model(b);
  Options options;
  options.ls_parity_start = false;
  Logger log(LogLevel::kQuiet);
  LocalSearch ls(infeasible, options, {}, log);
  const std::vector<double> zeros(4, 0.0), ones(4, 1.0);
  ls.start(zeros);
  ASSERT_EQ(ls.num_violated(), 1);
  ASSERT_FALSE(ls.has_incumbent());
  EXPECT_FALSE(ls.restart_from(ones));                     // three rows violated
  EXPECT_FALSE(ls.restart_from(std::vector<double>(3)));   // the wrong size
  EXPECT_TRUE(ls.restart_from(std::vector<double>{0.4, 0.2, 0.3, 0.1}));  // rounds to zeros
  ASSERT_TRUE(ls.iterate());
  EXPECT_EQ(ls.result().restarts, 1u);

  ModelBuilder f;
  for (int j = 0; j < 2; ++j) f.add_col("x" + std::to_string(j), 0, 1, 1, true);
  const Index one = f.add_row("one", 1, kInf);
  f.add_entry(one, 0, 1);
  f.add_entry(one, 1, 1);
  const Model feasible = testing::build_model(f);
  LocalSearch with(feasible, options, {}, log);
  with.start(std::vector<double>{1, 0});
  for (int t = 0; t < 10 && !with.has_incumbent(); ++t) ASSERT_TRUE(with.iterate());
  ASSERT_TRUE(with.has_incumbent());
  EXPECT_TRUE(with.restart_from(std::vector<double>{0, 0}));  // violates "one": taken all the same
}

TEST(SearchState, LubySequence) {
  const std::uint64_t expect[] = {1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1};
  for (std::uint64_t k = 1; k <= 16; ++k) EXPECT_EQ(luby(k), expect[k - 1]) << "k = " << k;
  EXPECT_EQ(luby((std::uint64_t{1} << 40) - 1), std::uint64_t{1} << 39);
}

TEST(SearchState, RestartPolicyEpochs) {
  Options o;
  o.ls_lns_full_every = 3;
  o.ls_lns_steps = 7;
  o.ls_restart_steps = 11;
  o.ls_restart_steps_search = 13;
  RestartPolicy p(o);
  EXPECT_EQ(p.limit(false, false), 13u);
  EXPECT_EQ(p.limit(true, false), 11u);
  EXPECT_EQ(p.limit(true, true), 7u);
  EXPECT_FALSE(p.next_epoch(false).neighbourhood);  // no incumbent: always full
  // With an incumbent: two neighbourhood epochs, then a full one, which repeats while it
  // improves the incumbent.
  EXPECT_TRUE(p.next_epoch(true).neighbourhood);
  EXPECT_TRUE(p.next_epoch(true).neighbourhood);
  EXPECT_FALSE(p.next_epoch(true).neighbourhood);
  p.note_improvement();
  EXPECT_FALSE(p.next_epoch(true).neighbourhood);
  EXPECT_TRUE(p.next_epoch(true).neighbourhood);
  EXPECT_EQ(p.restarts(), 6u);
  EXPECT_EQ(p.neighbourhood_epochs(), 3u);
  o.ls_lns = false;
  RestartPolicy off(o);
  EXPECT_FALSE(off.next_epoch(true).neighbourhood);
}

TEST(SearchState, NeighbourhoodHasTheRequestedSize) {
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const Model model = random_model(seed, RandomModelSpec{});
    const SearchModel sm = build_search_model(model, Options{});
    Neighbourhood nb(sm);
    Rng rng(seed);
    const double work = nb.grow(rng, 0.5, seed % 2 == 0);
    const std::size_t nmov = sm.movable_vars.size();
    if (nmov == 0) {
      EXPECT_TRUE(nb.vars().empty());
      continue;
    }
    const auto expect = std::clamp<std::size_t>(
        static_cast<std::size_t>(std::llround(0.5 * static_cast<double>(nmov))), 1, nmov);
    EXPECT_EQ(nb.vars().size(), expect) << "seed " << seed;
    EXPECT_GT(work, 0.0);
    std::vector<Index> vars = nb.vars();
    std::sort(vars.begin(), vars.end());
    EXPECT_EQ(std::adjacent_find(vars.begin(), vars.end()), vars.end()) << "seed " << seed;
    for (Index j : vars) EXPECT_FALSE(sm.is_fixed[j]);
  }
}

TEST(SearchState, CheckLevelTwoRunsClean) {
  Options options;
  options.ls_check_level = 2;
  options.ls_check_interval = 1;
  options.work_limit = 2e5;
  options.ls_restart_steps = 500;
  options.ls_restart_luby = true;
  Logger log(LogLevel::kQuiet);
  for (std::uint64_t seed = 300; seed <= 309; ++seed) {
    const Model m = random_model(seed, {seed % 2 == 0, seed % 2 == 1, true});
    options.seed = static_cast<std::int64_t>(seed);
    const SearchResult r = run_local_search(m, options, {}, {}, log);
    EXPECT_TRUE(r.status.ok()) << r.status.message();
    EXPECT_TRUE(r.stopped_by_limit);
  }
}

}  // namespace
}  // namespace lsmip::search

// Tests of src/lp, the COIN-OR layer: the LP relaxation is a valid bound on every small
// model with a known optimum, infeasible LPs and MIPs are recognised, CBC finds the optima of
// small models, and the stop token ends an LP and a branch-and-bound quickly without a proof
// being claimed. CLP and CBC must leave the caller's SIGINT handler alone.
#include <gtest/gtest.h>

#include <algorithm>
#include <csignal>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "check/solution_checker.h"
#include "io/model_reader.h"
#include "io/read_options.h"
#include "lp/lp_relaxation.h"
#include "lp/mip_solver.h"
#include "model/model_builder.h"
#include "presolve/presolve.h"
#include "test_util.h"
#include "util/rng.h"
#include "util/sanitizers.h"

#if LSMIP_ASAN
#include <sanitizer/lsan_interface.h>
#endif

namespace lsmip::lp {
namespace {

Model read(const std::string& rel) { return testing::read_model(rel); }

struct Known {
  std::string status;
  double value = 0;
};
std::map<std::string, Known> small_known() {
  std::map<std::string, Known> out;
  std::ifstream in(testing::data_path("models/small_best_known.tsv"));
  std::string line;
  std::getline(in, line);
  while (std::getline(in, line)) {
    std::istringstream f(line);
    std::string name, status, value;
    f >> name >> status >> value;
    out[name] = Known{status, status == "opt" ? std::stod(value) : 0.0};
  }
  return out;
}

// In the minimisation form the solver works in.
double min_form(const Model& m, double v) { return m.sense() == ObjSense::kMinimize ? v : -v; }

TEST(Lp, CoinIsBuiltIn) {
  ASSERT_TRUE(coin_available()) << coin_versions();
  EXPECT_NE(coin_versions().find("CBC"), std::string::npos);
}

TEST(Lp, RelaxationBoundsEveryKnownOptimumAndFindsTheInfeasibleOnes) {
  const auto known = small_known();
  ASSERT_GE(known.size(), 30u);
  int checked = 0;
  for (const auto& [name, k] : known) {
    const Model m = read("models/small/" + name + ".mps.gz");
    const LpSolution s = solve_lp(m, {});
    if (k.status == "opt") {
      ASSERT_EQ(s.status, LpStatus::kOptimal) << name;
      const double opt = min_form(m, k.value);
      EXPECT_LE(s.objective, opt + 1e-6 * std::max(1.0, std::fabs(opt))) << name;
      ASSERT_EQ(s.x.size(), static_cast<std::size_t>(m.num_cols()));
      ++checked;
    }
  }
  EXPECT_GE(checked, 30);
}

TEST(Lp, AnInfeasibleLpIsSaidToBe) {
  ModelBuilder b;
  b.add_col("x", 0, 1, 1, false);
  b.add_row("r", 2, kInf);
  b.add_entry(0, 0, 1.0);
  const Model m = testing::build_model(b);
  EXPECT_EQ(solve_lp(m, {}).status, LpStatus::kInfeasible);
  EXPECT_EQ(solve_mip(m, {}, {}).status, MipStatus::kInfeasible);
}

TEST(Lp, CbcSolvesSmallModelsToTheirKnownOptima) {
  const auto known = small_known();
  for (const std::string name : {"p0033", "flugpl", "lseu", "p0201", "stein27", "mod008inf", "stein9inf"}) {
    const Model m = read("models/small/" + name + ".mps.gz");
    int reported = 0;
    MipCallbacks cb;
    cb.on_solution = [&](std::span<const double> x, double z) {
      ++reported;
      EXPECT_NEAR(m.objective(x), z, 1e-6 * std::max(1.0, std::fabs(z))) << name;
    };
    const MipResult r = solve_mip(m, {}, cb);
    const Known& k = known.at(name);
    if (k.status == "inf") {
      EXPECT_EQ(r.status, MipStatus::kInfeasible) << name;
      EXPECT_FALSE(r.has_solution) << name;
      continue;
    }
    ASSERT_EQ(r.status, MipStatus::kOptimal) << name;
    ASSERT_TRUE(r.has_solution) << name;
    EXPECT_GE(reported, 1) << name;
    const double opt = min_form(m, k.value);
    EXPECT_NEAR(r.objective, opt, 1e-6 * std::max(1.0, std::fabs(opt))) << name;
    EXPECT_NEAR(r.bound, opt, 1e-4 * std::max(1.0, std::fabs(opt))) << name;
    const check::CheckReport c = check::check_solution(m, r.x, 1e-6, 1e-5);
    EXPECT_TRUE(c.feasible) << name << c.describe(m);
  }
}

// CBC's own preprocessing drops and fixes columns: every solution is lifted back to the
// model's columns and is feasible there, the bound never passes the optimum, and with and
// without preprocessing CBC proves the same optimum. The preprocessed model's LP point comes
// once, in the model's columns and bounds, its value between the root LP's and the optimum.
TEST(Lp, PreprocessedSearchesLiftTheirSolutionsBackAndProveTheSameOptima) {
  const auto known = small_known();
  int dropped = 0, tighter = 0;
  // Under the sanitizers (CBC runs ten times slower there) a subset that still drops columns
  // and proves infeasibility; the optimised suite runs them all.
  const std::vector<std::string> names =
      (LSMIP_ASAN || LSMIP_TSAN)
          ? std::vector<std::string>{"egout", "flugpl", "p0033", "vpm1", "stein9inf"}
          : std::vector<std::string>{"bell3a", "egout", "flugpl", "gt2", "khb05250", "lseu", "mod008",
                                     "p0033", "p0201", "p0282", "p0548", "vpm1", "dcmulti", "mod008inf",
                                     "stein9inf"};
  for (const std::string& name : names) {
    const Model m = read("models/small/" + name + ".mps.gz");
    const Known& k = known.at(name);
    for (const bool pre : {true, false}) {
      SCOPED_TRACE(name + (pre ? " preprocessed" : " as given"));
      MipSettings s;
      s.preprocess = pre;
      int reported = 0;
      MipCallbacks cb;
      cb.on_solution = [&](std::span<const double> x, double z) {
        ++reported;
        ASSERT_EQ(x.size(), static_cast<std::size_t>(m.num_cols()));
        EXPECT_NEAR(m.objective(x), z, 1e-6 * std::max(1.0, std::fabs(z)));
        const check::CheckReport c = check::check_solution(m, x, 1e-6, 1e-5);
        EXPECT_TRUE(c.feasible) << c.describe(m);
      };
      double last_bound = -kInf;
      cb.on_bound = [&](double b) { last_bound = std::max(last_bound, b); };
      double root = kInf, refined = -kInf;
      int refinements = 0;
      cb.on_root_lp = [&](bool optimal, bool, double value, std::span<const double>, std::span<const double>) {
        if (optimal) root = value;
      };
      cb.on_preprocessed_lp = [&](double value, std::span<const double> x, std::span<const double> d) {
        ++refinements;
        refined = value;
        ASSERT_EQ(x.size(), static_cast<std::size_t>(m.num_cols()));
        ASSERT_EQ(d.size(), x.size());
        for (Index j = 0; j < m.num_cols(); ++j) {
          EXPECT_GE(x[static_cast<std::size_t>(j)], m.col_lower(j) - 1e-6) << "column " << j;
          EXPECT_LE(x[static_cast<std::size_t>(j)], m.col_upper(j) + 1e-6) << "column " << j;
        }
      };
      const MipResult r = solve_mip(m, s, cb);
      EXPECT_LE(refinements, 1);
      if (!pre) {
        EXPECT_EQ(refinements, 0);
      }
      if (refinements > 0 && std::isfinite(root)) {
        EXPECT_GE(refined, root - 1e-6 * std::max(1.0, std::fabs(root)));
        if (refined > root + 1e-6 * std::max(1.0, std::fabs(root))) ++tighter;
      }
      if (k.status == "inf") {
        EXPECT_EQ(r.status, MipStatus::kInfeasible);
        EXPECT_EQ(reported, 0);
        continue;
      }
      const double opt = min_form(m, k.value), tol = 1e-6 * std::max(1.0, std::fabs(opt));
      EXPECT_LE(last_bound, opt + tol);
      if (refinements > 0) {
        EXPECT_LE(refined, opt + tol) << "the preprocessed LP's value is a bound";
      }
      ASSERT_EQ(r.status, MipStatus::kOptimal);
      EXPECT_NEAR(r.objective, opt, tol);
      EXPECT_GE(reported, 1);
      if (!pre) {
        EXPECT_FALSE(r.preprocessed);
      }
      if (r.preprocessed && r.searched_columns < m.num_cols()) ++dropped;
    }
  }
  EXPECT_GE(dropped, (LSMIP_ASAN || LSMIP_TSAN) ? 2 : 3);  // the lifting of dropped columns was exercised
  EXPECT_GE(tighter, 1) << "some preprocessed LP is tighter than the root's";
}

// A cutoff at the optimum leaves nothing to find, and then the cutoff is the bound; a MIP
// start at the cutoff is proven optimal. After preprocessing, CBC's objective must first be
// confirmed to be the model's (by a solution, or by a known point such as the MIP start)
// before its proof under a cutoff counts.
TEST(Lp, ACutoffAtTheOptimumLeavesNothingToFind) {
  const Model m = read("models/small/p0033.mps.gz");
  const MipResult first = solve_mip(m, {}, {});
  ASSERT_EQ(first.status, MipStatus::kOptimal);
  for (const bool pre : {false, true}) {
    for (const bool with_start : {false, true}) {
      SCOPED_TRACE(std::string(pre ? "preprocessed" : "as given") + (with_start ? ", with a start" : ""));
      MipSettings s;
      s.preprocess = pre;
      s.cutoff = 3089 - 1e-6;
      if (with_start) s.start = first.x;
      const MipResult r = solve_mip(m, s, {});
      if (with_start) {  // the start, at the cutoff, is taken and proven optimal
        EXPECT_EQ(r.status, MipStatus::kOptimal);
        EXPECT_NEAR(r.objective, 3089, 1e-6);
        EXPECT_NEAR(r.bound, 3089, 1e-5);
        continue;
      }
      EXPECT_FALSE(r.has_solution);
      if (!pre) {
        EXPECT_EQ(r.status, MipStatus::kInfeasible);
        EXPECT_NEAR(r.bound, 3089, 1e-5);  // nothing below the cutoff: the cutoff is a bound
      } else if (r.status == MipStatus::kInfeasible) {
        EXPECT_NEAR(r.bound, 3089, 1e-5);
      } else {
        EXPECT_EQ(r.status, MipStatus::kLimit);
        EXPECT_LE(r.bound, 3089 + 1e-6);
      }
    }
  }
}

// A node that cannot beat the incumbent by the objective's step is pruned. vpm2's costs are
// multiples of 0.25 on binary columns only, but presolve tightens continuous bounds to values
// off CBC's quarter grid, and CBC's own analysis then finds no step: its search of the
// presolved model took about 9,600 nodes (7 s) instead of about 250-400.
TEST(Lp, TheObjectiveStepSurvivesPresolvedBounds) {
  const Model original = read("models/small/vpm2.mps.gz");
  Logger quiet(LogLevel::kQuiet);
  const presolve::PresolveResult pre = presolve::run_presolve(original, Options{}, quiet);
  ASSERT_EQ(pre.verdict, presolve::Verdict::kReduced);
  ASSERT_GT(pre.stats.bounds_tightened, 0);
  const MipResult r = solve_mip(pre.reduced, {}, {});
  ASSERT_EQ(r.status, MipStatus::kOptimal);
  EXPECT_NEAR(r.objective, 13.75, 1e-6);
  EXPECT_LT(r.nodes, 3000);
}

// Strong branching is bounded per candidate: on 10teams (LP bound 917, optimum 924) CBC's root
// cuts lift the bound to 924 within 80,000 simplex iterations (here: 65,000). With CLP's
// unlimited default, the root's strong branching ran on past 200,000 and the bound stayed at 917.
TEST(Lp, StrongBranchingLeavesRoomForTheRootCuts) {
  const Model m = read("models/small/10teams.mps.gz");
  MipSettings s;
  s.work_per_iteration = 1;  // work counts simplex iterations
  s.heuristics = false;      // the bound alone is under test
  double work = 0, bound = -kInf;
  MipCallbacks cb;
  cb.on_work = [&](double w) { work += w; };
  cb.stop = [&] { return work > 80000; };
  cb.on_bound = [&](double b) { bound = std::max(bound, b); };
  const MipResult r = solve_mip(m, s, cb);
  EXPECT_GE(std::max(bound, r.bound), 924 - 1e-6) << "iterations " << work;
  EXPECT_LE(std::max(bound, r.bound), 924 + 1e-6);
}

TEST(Lp, CoinsLogReachesTheCallbackOnlyWhenAskedAndNeverStdout) {
  const Model m = read("models/small/p0201.mps.gz");
  for (const int level : {0, 1}) {
    SCOPED_TRACE("log level " + std::to_string(level));
    MipSettings s;
    s.log_level = level;
    std::vector<std::string> lines;
    MipCallbacks cb;
    cb.on_message = [&](const char* line) { lines.emplace_back(line); };
    ::testing::internal::CaptureStdout();
    const MipResult r = solve_mip(m, s, cb);
    EXPECT_EQ(::testing::internal::GetCapturedStdout(), "");
    ASSERT_EQ(r.status, MipStatus::kOptimal);
    EXPECT_NEAR(r.objective, 7615, 1e-6);  // p0201's optimum: the log changes nothing
    if (level == 0) {
      EXPECT_TRUE(lines.empty());
      continue;
    }
    auto has = [&](const char* code) {
      return std::any_of(lines.begin(), lines.end(), [&](const std::string& l) { return l.find(code) != std::string::npos; });
    };
    EXPECT_TRUE(has("Cbc0013I"));  // the root's cut summary
    EXPECT_TRUE(has("Cbc0001I"));  // search completed: heuristics' sub-models left the level as set
    for (const std::string& l : lines) EXPECT_EQ(l.find('\n'), std::string::npos) << l;
  }
}

// CBC's feasibility pump runs only while no solution is known: with a MIP start it does not
// start (its "Initial state" line, Cbc0038I, is missing), without one it does.
TEST(Lp, ThePumpRunsOnlyWithoutASolution) {
  const Model m = read("models/small/fiber.mps.gz");
  const MipResult first = solve_mip(m, {}, {});
  ASSERT_EQ(first.status, MipStatus::kOptimal);
  for (const bool with_start : {false, true}) {
    SCOPED_TRACE(with_start ? "with a start" : "without a start");
    MipSettings s;
    s.log_level = 1;
    s.max_nodes = 0;  // the root alone
    if (with_start) s.start = first.x;
    bool pumped = false;
    MipCallbacks cb;
    cb.on_message = [&](const char* line) { pumped = pumped || std::string(line).find("Initial state") != std::string::npos; };
    solve_mip(m, s, cb);
    EXPECT_EQ(pumped, !with_start);
  }
}

// Debian's CBC and CLP keep their assertions; a failed one calls abort(). Inside a solve it
// ends only that solve (status aborted), and the next solve on the same thread works. The
// abort is raised here from the stop token, which CBC and CLP poll deep in their own code.
TEST(Lp, AnAbortInsideCoinEndsOnlyThatSolve) {
  const Model m = read("models/small/p0201.mps.gz");
#if LSMIP_ASAN
  __lsan_disable();  // an aborted solve leaks what it had allocated, by design
#endif
  for (const int after : {1, 40}) {  // in the root LP, then in the search
    SCOPED_TRACE("abort at poll " + std::to_string(after));
    int polls = 0;
    MipCallbacks cb;
    cb.stop = [&] {
      if (++polls == after) std::abort();
      return false;
    };
    EXPECT_EQ(solve_mip(m, {}, cb).status, MipStatus::kAborted);
    EXPECT_EQ(polls, after);
  }
  int polls = 0;
  LpControl c;
  c.stop = [&] {
    if (++polls == 3) std::abort();
    return false;
  };
  EXPECT_EQ(solve_lp(m, c).status, LpStatus::kAborted);
#if LSMIP_ASAN
  __lsan_enable();
#endif
  const MipResult r = solve_mip(m, {}, {});  // the same thread, after the aborts
  ASSERT_EQ(r.status, MipStatus::kOptimal);
  EXPECT_NEAR(r.objective, 7615, 1e-6);
  EXPECT_EQ(solve_lp(m, {}).status, LpStatus::kOptimal);
  // Outside a solve an abort is what it always was.
  EXPECT_DEATH(std::abort(), "");
}

TEST(Lp, TheStopTokenEndsBranchAndBoundQuicklyAndNoProofIsClaimed) {
  const Model m = read("models/small/stein45.mps.gz");
  const auto t0 = std::chrono::steady_clock::now();
  auto seconds = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
  MipCallbacks cb;
  double stop_at = -1;
  cb.stop = [&] {
    if (seconds() < 0.5) return false;
    if (stop_at < 0) stop_at = seconds();
    return true;
  };
  const MipResult r = solve_mip(m, {}, cb);
  const double ended = seconds();
  EXPECT_EQ(r.status, MipStatus::kStopped);
  EXPECT_LT(ended - stop_at, LSMIP_ASAN ? 1.0 : 0.2);  // ASan slows the unwinding
  EXPECT_LE(r.bound, 30 + 1e-6);  // stein45's optimum
}

// A search stopped by the stop token, with an incumbent: CBC may then answer its "no value",
// 1e50, as the objective of the best solution it still holds. That is no disagreement between
// CBC's objective and the model's: the stop is a stop, and the solution comes back. (pk1's
// sub-MIPs and its exact worker ended in "error" at every run's end.)
TEST(Lp, AStoppedSearchKeepsItsSolutionAndIsAStop) {
  const std::string shared = testing::shared_dir();
  if (shared.empty()) GTEST_SKIP() << "../shared is absent: pk1 is one of its instances";
  const Model m = testing::read_model_file(shared + "/instances/miplib/pk1.mps.gz");
  MipSettings first_only;
  first_only.max_solutions = 1;
  const MipResult first = solve_mip(m, first_only, {});
  ASSERT_TRUE(first.has_solution);
  for (const int ms : {200, 400, 700}) {
    SCOPED_TRACE(ms);
    MipSettings s;
    s.start = first.x;
    const auto t0 = std::chrono::steady_clock::now();
    MipCallbacks cb;
    cb.stop = [&] { return std::chrono::steady_clock::now() - t0 > std::chrono::milliseconds(ms); };
    const MipResult r = solve_mip(m, s, cb);
    EXPECT_EQ(r.status, MipStatus::kStopped);  // kError before the fix
    ASSERT_TRUE(r.has_solution);
    EXPECT_LE(r.objective, first.objective + 1e-6);
  }
}

TEST(Lp, TheStopTokenEndsAnLpWithinAnIteration) {
  const Model m = read("models/small/p2756.mps.gz");
  int polls = 0;
  LpControl c;
  c.stop = [&] { return ++polls > 5; };
  const LpSolution s = solve_lp(m, c);
  EXPECT_EQ(s.status, LpStatus::kStopped);
  EXPECT_LE(s.iterations, 6);
}

TEST(Lp, CoinLeavesTheSigintHandlerAlone) {
  struct sigaction mine {}, before {}, after {};
  mine.sa_handler = [](int) {};
  sigemptyset(&mine.sa_mask);
  ASSERT_EQ(sigaction(SIGINT, &mine, &before), 0);
  const Model m = read("models/small/p0201.mps.gz");
  (void)solve_lp(m, {});
  (void)solve_mip(m, {}, {});
  ASSERT_EQ(sigaction(SIGINT, &before, &after), 0);
  EXPECT_EQ(after.sa_handler, mine.sa_handler);
}

TEST(Lp, BoundsOverrideTheModelsColumnBounds) {
  const Model m = read("models/small/p0033.mps.gz");
  std::vector<double> lo(m.col_lower().begin(), m.col_lower().end()), up(m.col_upper().begin(), m.col_upper().end());
  for (double& u : up) u = 0;  // everything at zero: p0033 is then infeasible
  LpControl c;
  c.col_lower = lo;
  c.col_upper = up;
  EXPECT_EQ(solve_lp(m, c).status, LpStatus::kInfeasible);
  MipSettings s;
  s.col_lower = lo;
  s.col_upper = up;
  EXPECT_EQ(solve_mip(m, s, {}).status, MipStatus::kInfeasible);
}

// The reduced costs that the core neighbourhood ranks columns by: one per column, and the
// optimality conditions hold (at the lower bound d >= 0, at the upper d <= 0, between them
// d = 0, in the minimisation form); the root LP of a branch-and-bound reports the same kind.
TEST(Lp, ReducedCostsComeWithTheLpOptimum) {
  for (const std::string name : {"p0033", "lseu", "misc03", "bell5", "fixnet6"}) {
    const Model m = read("models/small/" + name + ".mps.gz");
    const LpSolution s = solve_lp(m, {});
    ASSERT_EQ(s.status, LpStatus::kOptimal) << name;
    ASSERT_EQ(s.reduced_cost.size(), s.x.size()) << name;
    for (Index j = 0; j < m.num_cols(); ++j) {
      const auto k = static_cast<std::size_t>(j);
      const double x = s.x[k], d = s.reduced_cost[k], tol = 1e-6 * std::max(1.0, std::fabs(m.obj(j)));
      const bool at_lower = x <= m.col_lower(j) + 1e-7, at_upper = x >= m.col_upper(j) - 1e-7;
      if (at_lower && !at_upper) { EXPECT_GE(d, -tol) << name << " column " << j; }
      if (at_upper && !at_lower) { EXPECT_LE(d, tol) << name << " column " << j; }
      if (!at_lower && !at_upper) { EXPECT_NEAR(d, 0.0, tol) << name << " column " << j; }
    }
    std::size_t root_size = 0;
    double root_value = 0;
    MipCallbacks cb;
    cb.stop = [] { return false; };
    cb.on_root_lp = [&](bool optimal, bool, double value, std::span<const double> x, std::span<const double> d) {
      EXPECT_TRUE(optimal) << name;
      EXPECT_EQ(d.size(), x.size()) << name;
      root_size = d.size();
      root_value = value;
    };
    MipSettings one_node;
    one_node.max_nodes = 1;
    solve_mip(m, one_node, cb);
    EXPECT_EQ(root_size, s.x.size()) << name;
    EXPECT_NEAR(root_value, s.objective, 1e-6 * std::max(1.0, std::fabs(s.objective))) << name;
  }
}

// A wide model (many more columns than rows) of one of three kinds: 0 = set partitioning,
// 1 = covering with some columns at a lower bound of 1 (their activity moves into the row
// sides while they are outside the working set), 2 = partitioning of a row that no column can
// meet (infeasible). `padding` empty free rows make it narrow, so that the same LP is solved
// by plain simplex.
Model wide_model(int kind, int padding, std::uint64_t seed) {
  Rng rng(seed);
  const int rows = 40, cols = 8000;
  ModelBuilder b;
  for (int i = 0; i < rows; ++i) {
    if (kind == 1) {
      b.add_row("r" + std::to_string(i), 2, kInf);
    } else {
      b.add_row("r" + std::to_string(i), 1, 1);
    }
  }
  for (int p = 0; p < padding; ++p) b.add_row("pad" + std::to_string(p), -kInf, kInf);
  for (int j = 0; j < cols; ++j) {
    const int size = 1 + static_cast<int>(rng.below(5));
    const double lo = kind == 1 && j % 97 == 0 ? 1.0 : 0.0;
    // Short columns cost least, columns over three rows or more half as much per row: the
    // first working set (the cheapest columns) is not optimal, and columns enter by pricing.
    const double per_row = (1.0 + static_cast<double>(rng.below(100)) / 100.0) * (size >= 3 ? 0.5 : 1.0);
    const double cost = size * per_row;
    const Index c = b.add_col("x" + std::to_string(j), lo, 3, cost, false);
    std::vector<int> picked;
    for (int t = 0; t < size; ++t) {
      const int i = static_cast<int>(rng.below(rows));
      if (std::find(picked.begin(), picked.end(), i) != picked.end()) continue;
      picked.push_back(i);
      // Kind 2: row 0 takes only coefficients 2 against a side of 1 with columns at most 0.25.
      b.add_entry(i, c, kind == 2 && i == 0 ? 2.0 : 1.0);
    }
  }
  if (kind == 2) {
    const Index r = b.add_row("impossible", 1, 1);
    for (int j = 0; j < 10; ++j) b.add_entry(r, b.add_col("y" + std::to_string(j), 0, 0.05, 1, false), 1);
  }
  return testing::build_model(b);
}

// Sifting (src/lp/sifting.cc) solves wide LPs: the same optimum as plain simplex on the same
// LP made narrow, optimal reduced costs, the same root LP for CBC, infeasibility found, and
// nothing written to standard output (CLP's own sifting printed there).
TEST(Lp, WideModelsAreSolvedBySiftingWithoutOutput) {
  for (const int kind : {0, 1, 2}) {
    for (const std::uint64_t seed : {1u, 2u}) {
      SCOPED_TRACE("kind " + std::to_string(kind) + " seed " + std::to_string(seed));
      const Model m = wide_model(kind, 0, seed);
      const Model narrow = wide_model(kind, 400, seed);
      ::testing::internal::CaptureStdout();
      const LpSolution s = solve_lp(m, {});
      const std::string printed = ::testing::internal::GetCapturedStdout();
      EXPECT_EQ(printed, "");
      const LpSolution ref = solve_lp(narrow, {});
      ASSERT_EQ(s.status, ref.status);
      if (kind == 2) {
        EXPECT_EQ(s.status, LpStatus::kInfeasible);
        continue;
      }
      ASSERT_EQ(s.status, LpStatus::kOptimal);
      EXPECT_NEAR(s.objective, ref.objective, 1e-7 * std::max(1.0, std::fabs(ref.objective)));
      ASSERT_EQ(s.reduced_cost.size(), s.x.size());
      for (Index j = 0; j < m.num_cols(); ++j) {
        const auto k = static_cast<std::size_t>(j);
        const double x = s.x[k], d = s.reduced_cost[k], tol = 1e-6 * std::max(1.0, std::fabs(m.obj(j)));
        ASSERT_GE(x, m.col_lower(j) - 1e-7);
        ASSERT_LE(x, m.col_upper(j) + 1e-7);
        const bool at_lower = x <= m.col_lower(j) + 1e-7, at_upper = x >= m.col_upper(j) - 1e-7;
        if (at_lower && !at_upper) { EXPECT_GE(d, -tol) << "column " << j; }
        if (at_upper && !at_lower) { EXPECT_LE(d, tol) << "column " << j; }
        if (!at_lower && !at_upper) { EXPECT_NEAR(d, 0.0, tol) << "column " << j; }
      }
      double root = 0;
      MipCallbacks cb;
      cb.stop = [] { return false; };
      cb.on_root_lp = [&](bool optimal, bool, double value, std::span<const double>, std::span<const double>) {
        EXPECT_TRUE(optimal);
        root = value;
      };
      MipSettings one_node;
      one_node.max_nodes = 1;
      ::testing::internal::CaptureStdout();
      solve_mip(m, one_node, cb);
      EXPECT_EQ(::testing::internal::GetCapturedStdout(), "");
      EXPECT_NEAR(root, s.objective, 1e-7 * std::max(1.0, std::fabs(s.objective)));
    }
  }
}

// A stop during sifting ends the solve there: the full model is not then solved from scratch,
// which starts with CLP's presolve, and that polls nothing (on eilA101-2, 65,832 columns, it
// kept a CBC worker 0.3 s and more past the end of a run).
TEST(Lp, AStopDuringSiftingEndsTheSolve) {
  const std::string shared = testing::shared_dir();
  if (shared.empty()) GTEST_SKIP() << "../shared is absent";
  const Model m = testing::read_model_file(shared + "/instances/miplib/eilA101-2.mps.gz");
  ASSERT_FALSE(::testing::Test::HasFailure());
  const auto t0 = std::chrono::steady_clock::now();
  auto seconds = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
  for (const int after : {1, 20}) {
    int polls = 0;
    double stop_at = -1;
    LpControl c;
    c.stop = [&] {
      if (++polls <= after) return false;
      if (stop_at < 0) stop_at = seconds();
      return true;
    };
    const LpSolution s = solve_lp(m, c);
    const double ended = seconds();
    EXPECT_EQ(s.status, LpStatus::kStopped) << after;
    EXPECT_LT(ended - stop_at, LSMIP_ASAN ? 0.5 : 0.1) << after;
  }
}

}  // namespace
}  // namespace lsmip::lp

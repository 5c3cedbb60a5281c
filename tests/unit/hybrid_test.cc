// Tests of the LP, exact and sub-MIP workers inside the solver: the dual bound never passes
// a known optimum, `optimal` is claimed only with the known optimal value, `infeasible` only
// on the infeasible models, a tampered sub-MIP or CBC solution is rejected by the independent
// check, the time limit ends a run inside CBC promptly, and with --deterministic on the
// hybrid portfolio repeats itself exactly.
#include <gtest/gtest.h>

#include <atomic>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "check/solution_checker.h"
#include "io/model_reader.h"
#include "io/read_options.h"
#include "lp/lp_relaxation.h"
#include "portfolio/exact_worker.h"
#include "portfolio/lns_worker.h"
#include "portfolio/mip_point.h"
#include "portfolio/solution_pool.h"
#include "portfolio/verifier.h"
#include "presolve/presolve.h"
#include "solver/solver.h"
#include "model/model_builder.h"
#include "test_util.h"
#include "util/sanitizers.h"

namespace lsmip::solver {
namespace {

Model read(const std::string& rel) { return testing::read_model(rel); }

struct Known {
  std::string name, status;
  double value = 0;
};
std::vector<Known> small_known() {
  std::vector<Known> out;
  std::ifstream in(testing::data_path("models/small_best_known.tsv"));
  std::string line;
  std::getline(in, line);
  while (std::getline(in, line)) {
    std::istringstream f(line);
    Known k;
    std::string value;
    f >> k.name >> k.status >> value;
    if (k.status == "opt") k.value = std::stod(value);
    out.push_back(k);
  }
  return out;
}

// A solve on a wall clock with a time limit (the tests' safety net), logging to `log`.
SolveResult timed_run(const Model& m, Options o, Logger& log) {
  Solver s(m, o, log);
  const auto t0 = std::chrono::steady_clock::now();
  SolveControl c;
  c.clock = [t0] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
  return s.solve(c);
}
SolveResult timed_run(const Model& m, Options o) {
  Logger quiet(LogLevel::kQuiet);
  return timed_run(m, std::move(o), quiet);
}

// p0033, presolved, with what the solver hands its CBC workers: the verifier on the original
// model and a dual bound. Used in place (the verifier refers to the model and the postsolve).
struct PresolvedP0033 {
  Model m = read("models/small/p0033.mps.gz");
  Options o;
  Logger quiet{LogLevel::kQuiet};
  presolve::PresolveResult pre = presolve::run_presolve(m, o, quiet, {}, [] { return false; });
  portfolio::Verifier verifier{m, pre.postsolve, o.feas_tol, o.int_tol};
  portfolio::DualBound bound;
  // A worker setup (ExactWorkerSetup, LnsWorkerSetup) with the fields every CBC worker shares.
  template <class Setup>
  Setup setup(const char* name) {
    Setup s;
    s.name = name;
    s.options = o;
    s.reduced = &pre.reduced;
    s.verifier = &verifier;
    s.bound = &bound;
    return s;
  }
};

class SmallModels : public ::testing::TestWithParam<Known> {};

TEST_P(SmallModels, BoundStatusAndProofsAgreeWithTheKnownOutcome) {
  const Known& k = GetParam();
  const Model m = read("models/small/" + k.name + ".mps.gz");
  Options o;
  o.time_limit = 3;
  const SolveResult r = timed_run(m, o);
  if (k.status == "inf") {
    EXPECT_FALSE(r.has_solution);
    EXPECT_NE(r.status, SolveStatus::kFeasible);
    EXPECT_NE(r.status, SolveStatus::kOptimal);
    return;
  }
  EXPECT_NE(r.status, SolveStatus::kInfeasible) << k.name;
  // The table's values have six significant digits (rgn: 82.1999 for 82.2).
  const double tol = 1e-5 * std::max(1.0, std::fabs(k.value));
  if (r.has_bound) {
    if (m.sense() == ObjSense::kMinimize) {
      EXPECT_LE(r.dual_bound, k.value + tol) << k.name;
    } else {
      EXPECT_GE(r.dual_bound, k.value - tol) << k.name;
    }
  }
  if (r.has_solution) {
    const check::CheckReport c = check::check_solution(m, r.x, 1e-6, 1e-6, r.objective);
    EXPECT_TRUE(c.ok()) << k.name << c.describe(m);
    EXPECT_GE(m.sense() == ObjSense::kMinimize ? r.objective : -r.objective,
              (m.sense() == ObjSense::kMinimize ? k.value : -k.value) - tol)
        << k.name;
  }
  if (r.status == SolveStatus::kOptimal) {
    ASSERT_TRUE(r.has_solution);
    EXPECT_LE(std::fabs(r.objective - k.value), 1e-4 * std::max(1.0, std::fabs(k.value)) + 1e-6) << k.name;
    EXPECT_LE(r.mip_gap, o.mip_gap + 1e-12) << k.name;
    EXPECT_EQ(r.stop_reason, StopReason::kCompleted) << k.name;
  }
}

std::string param_name(const ::testing::TestParamInfo<Known>& i) { return i.param.name; }
INSTANTIATE_TEST_SUITE_P(Hybrid, SmallModels, ::testing::ValuesIn(small_known()), param_name);

TEST(Hybrid, ProvesTheOptimumOfP0033AndTheInfeasibilityOfStein9inf) {
  Options o;
  o.time_limit = 30;
  const SolveResult r = timed_run(read("models/small/p0033.mps.gz"), o);
  EXPECT_EQ(r.status, SolveStatus::kOptimal);
  EXPECT_EQ(r.objective, 3089);
  EXPECT_TRUE(r.has_bound);
  EXPECT_LT(r.seconds, 20);
  const SolveResult inf = timed_run(read("models/small/stein9inf.mps.gz"), o);
  EXPECT_EQ(inf.status, SolveStatus::kInfeasible);
  EXPECT_FALSE(inf.has_solution);
  EXPECT_LT(inf.seconds, 20);
}

TEST(Hybrid, TheTimeLimitEndsARunInsideCbcPromptly) {
  const Model m = read("models/small/stein45.mps.gz");  // CBC needs many seconds for it
  Options o;
  o.time_limit = 1.0;
  o.lns = false;
  const SolveResult r = timed_run(m, o);
  EXPECT_EQ(r.stop_reason, StopReason::kTimeLimit);
  EXPECT_LT(r.seconds, (LSMIP_ASAN || LSMIP_TSAN) ? 3.0 : 1.2);  // sanitizers slow CBC's unwinding
}

// An unbounded LP relaxation and a verified point: the run stops, status unbounded. Without
// a feasible point (x - y = 0.5 over integers) the same ray proves nothing: not unbounded,
// not infeasible.
TEST(Hybrid, AnUnboundedRelaxationWithAFeasiblePointIsUnbounded) {
  for (const bool feasible : {true, false}) {
    SCOPED_TRACE(feasible ? "feasible" : "infeasible");
    ModelBuilder b;
    const Index x = b.add_col("x", 0, kInf, -1, true);
    const Index y = b.add_col("y", 0, kInf, 0, true);
    const Index r = b.add_row("r", feasible ? 0 : 0.5, feasible ? kInf : 0.5);
    b.add_entry(r, x, 1);
    b.add_entry(r, y, -1);
    const Model m = testing::build_model(b);
    Options o;
    // The feasible case ends on the proof, well before its limit (the margin is wide for the
    // sanitizer stages on a loaded machine); the infeasible one runs to its limit.
    o.time_limit = feasible ? 10 : 3;
    o.presolve = false;
    const SolveResult res = timed_run(m, o);
    if (feasible) {
      EXPECT_EQ(res.status, SolveStatus::kUnbounded);
      EXPECT_TRUE(res.has_solution);
      EXPECT_EQ(res.stop_reason, StopReason::kCompleted);
      EXPECT_LT(res.seconds, 5.0);
    } else {
      EXPECT_FALSE(res.has_solution);
      EXPECT_NE(res.status, SolveStatus::kUnbounded);
      EXPECT_NE(res.status, SolveStatus::kInfeasible);
    }
  }
}

// --coin-log routes CBC's own lines into the run's log, marked with the worker's name; by
// default there are none.
TEST(Hybrid, CoinLogPutsCbcsLinesIntoTheRunsLog) {
  const Model m = read("models/small/p0033.mps.gz");
  for (const std::int64_t level : {0, 1}) {
    SCOPED_TRACE("coin_log " + std::to_string(level));
    Options o;
    o.time_limit = 30;
    o.coin_log = level;
    std::string log;
    Logger logger(LogLevel::kNormal);
    logger.set_sink([&](const std::string& line) { log += line; });
    const SolveResult r = timed_run(m, o, logger);
    EXPECT_EQ(r.status, SolveStatus::kOptimal);
    if (level == 0) {
      EXPECT_EQ(log.find("[exact cbc]"), std::string::npos) << log;
    } else {
      EXPECT_NE(log.find("[exact cbc] Cbc0013I"), std::string::npos) << log;
    }
  }
}

TEST(Hybrid, WithThePortfolioFamiliesOffOnlyTheLocalSearchRuns) {
  const Model m = read("models/small/p0033.mps.gz");
  Options o;
  o.work_limit = 1e6;
  o.lp = o.exact = o.lns = false;
  const SolveResult r = timed_run(m, o);
  ASSERT_EQ(r.workers.size(), 1u);
  EXPECT_EQ(r.workers[0].name, "ls#0");
  EXPECT_FALSE(r.has_bound);
  EXPECT_NE(r.status, SolveStatus::kOptimal);
}

// With two threads, the coin workers' thread also runs a local search with the other
// equality handling until a first solution exists (portfolio_feasibility_worker), on models
// with equality rows only; it ends early without counting as retired.
TEST(Hybrid, TheFeasibilityWorkerRunsBesideTheCoinWorkersUntilASolutionExists) {
  const Model fixnet6 = read("models/small/fixnet6.mps.gz");  // equality rows
  const Model p0201 = read("models/small/p0201.mps.gz");     // none
  auto names = [](const SolveResult& r) {
    std::vector<std::string> out;
    for (const portfolio::WorkerStats& w : r.workers) out.push_back(w.name);
    return out;
  };
  Options o;
  o.threads = 2;
  o.deterministic = true;
  o.work_limit = 4e6;
  o.time_limit = 60;
  const SolveResult r = timed_run(fixnet6, o);
  ASSERT_TRUE(r.has_solution);
  const std::vector<std::string> with = names(r);
  const auto feas = std::find(with.begin(), with.end(), "feas");
  ASSERT_NE(feas, with.end());
  const portfolio::WorkerStats& f = r.workers[static_cast<std::size_t>(feas - with.begin())];
  EXPECT_FALSE(f.retired);
  EXPECT_LT(f.work, o.work_limit) << "it ends once a solution exists";
  EXPECT_NE(f.config.find("split-equalities"), std::string::npos) << f.config;
  const std::vector<std::string> plain = names(timed_run(p0201, o));
  EXPECT_EQ(std::count(plain.begin(), plain.end(), "feas"), 0);
  o.portfolio_feasibility_worker = 0;
  const std::vector<std::string> off = names(timed_run(fixnet6, o));
  EXPECT_EQ(std::count(off.begin(), off.end(), "feas"), 0);
  o.portfolio_feasibility_worker = 1;
  o.threads = 1;
  const std::vector<std::string> one = names(timed_run(fixnet6, o));
  EXPECT_EQ(std::count(one.begin(), one.end(), "feas"), 0) << "one thread: the switch does this";
}

// lns_share splits the thread left after exact_share between the sub-MIP worker and the local
// search: with all of it to the sub-MIP worker the local search runs only its first task (the
// lane's first pick) and tasks while the others wait; with none of it, the local search has
// most of the thread. Not under the sanitizers: the sub-MIP worker's first RENS and LP-core
// sub-MIPs run as bursts, ahead of the shares, and there they took the whole limit (ASan, 15 s:
// one local-search task with either share).
TEST(Hybrid, LnsShareSplitsTheThreadBetweenSubMipsAndTheLocalSearch) {
  if (LSMIP_ASAN || LSMIP_TSAN) GTEST_SKIP() << "a timed share test; the bursts take the limit here";
  const Model m = read("models/small/pp08a.mps.gz");
  auto local_search_tasks = [&m](double share) {
    Options o;
    o.threads = 1;
    o.time_limit = 3;
    o.mip_gap = 0;  // run to the limit rather than stop at the optimum
    o.mip_gap_abs = 0;
    o.lns_share = share;
    const SolveResult r = timed_run(m, o);
    for (const portfolio::WorkerStats& w : r.workers) {
      if (w.name == "ls#0") return w.tasks;
    }
    ADD_FAILURE() << "no local search";
    return std::uint64_t{0};
  };
  const std::uint64_t none = local_search_tasks(0.0), all = local_search_tasks(1.0);
  EXPECT_GT(none, 3 * all) << none << " tasks against " << all;
}

TEST(Hybrid, DeterministicRunsRepeatThemselves) {
  // fixnet6 has equality rows: with two threads its run includes the feasibility worker.
  for (const char* name : {"p0201", "fixnet6"})
  for (std::int64_t threads : {1, 2}) {
    const Model m = read(std::string("models/small/") + name + ".mps.gz");
    Options o;
    o.deterministic = true;
    o.threads = threads;
    o.work_limit = (LSMIP_ASAN || LSMIP_TSAN) ? 4e6 : 1e7;  // sanitizers: 10-20x slower
    o.time_limit = 120;
    o.mip_gap = 0;  // run to the work limit rather than stop at the optimum
    o.mip_gap_abs = 0;
    const SolveResult a = timed_run(m, o), b = timed_run(m, o);
    ASSERT_TRUE(a.has_solution);
    EXPECT_EQ(a.x, b.x) << name << " " << threads;
    ASSERT_EQ(a.trace.size(), b.trace.size()) << threads;
    for (std::size_t i = 0; i < a.trace.size(); ++i) {
      EXPECT_EQ(a.trace[i].objective, b.trace[i].objective) << threads;
      EXPECT_EQ(a.trace[i].source, b.trace[i].source) << threads;
    }
  }
}

// The exact and sub-MIP workers hand every point to the verifier: a point altered after the
// solver returned it (here every column set to 1, which breaks p0033's rows) is rejected.
TEST(Hybrid, ATamperedMipSolutionIsRejected) {
  PresolvedP0033 p;
  const Model& m = p.m;
  const presolve::PresolveResult& pre = p.pre;
  const portfolio::Verifier& verifier = p.verifier;
  std::vector<double> tampered(static_cast<std::size_t>(pre.reduced.num_cols()), 1.0);
  std::string why;
  EXPECT_FALSE(portfolio::verify_mip_point(verifier, pre.reduced, tampered, &why));
  EXPECT_FALSE(why.empty());
  // Off an integer by 1e-7 is rounded and then accepted: the point CBC returns is repaired,
  // never trusted as it is.
  const SolveResult r = timed_run(m, p.o);
  ASSERT_TRUE(r.has_solution);
  std::vector<double> near = pre.postsolve.reduce(r.x);
  for (double& v : near) v += 1e-7;
  EXPECT_TRUE(portfolio::verify_mip_point(verifier, pre.reduced, near, nullptr));
}

// The same through the workers: CBC's solutions, altered before the check, never reach the pool.
TEST(Hybrid, TheWorkersRejectTamperedSolutions) {
  PresolvedP0033 p;
  auto tamper = [](std::vector<double>& x) { std::fill(x.begin(), x.end(), 1.0); };
  portfolio::SolutionPool pool(7);
  auto es = p.setup<portfolio::ExactWorkerSetup>("exact");
  es.tamper = tamper;
  portfolio::ExactWorker exact(es, p.quiet);
  // Until the first rejection (CBC under ThreadSanitizer is slow: no need to finish its tree).
  for (int t = 0; t < 100 && exact.stats().rejected == 0 && exact.run_task(1e6); ++t) exact.publish(pool);
  exact.publish(pool);
  EXPECT_GE(exact.stats().rejected, 1u);
  EXPECT_EQ(exact.stats().found, 0u);
  EXPECT_EQ(pool.size(), 0u);
  EXPECT_TRUE(p.bound.known());  // the bound is still valid: it does not rest on solutions

  // The sub-MIP worker, around a (genuine) incumbent from the local search.
  Options ls = p.o;
  ls.lp = ls.exact = ls.lns = false;
  ls.solution_limit = 1;  // a first, poor incumbent: the sub-MIPs have room to improve on it
  const SolveResult r = timed_run(p.m, ls);
  ASSERT_TRUE(r.has_solution);
  auto start = p.verifier.verify_original(r.x);
  ASSERT_TRUE(start);
  pool.offer(std::move(*start), -1, "initial");
  auto ns = p.setup<portfolio::LnsWorkerSetup>("lns");
  ns.solve_own_lp = true;
  ns.tamper = tamper;
  portfolio::LnsWorker lns(ns, p.quiet);
  lns.absorb(pool);
  for (int t = 0; t < 30 && lns.stats().rejected == 0 && lns.run_task(1e6); ++t) lns.publish(pool);
  EXPECT_GE(lns.stats().rejected, 1u);
  EXPECT_EQ(lns.stats().found, 0u);
  EXPECT_EQ(pool.size(), 1u);  // only the incumbent it started from
}

// The first RENS and LP-core sub-MIPs of a small model run as bursts: between their tasks the
// worker is urgent, so that its lane runs them to their end; the sub-MIPs after them are not.
TEST(Hybrid, TheFirstLpGuidedSubMipsAreUrgentUntilTheyEnd) {
  PresolvedP0033 p;
  auto ns = p.setup<portfolio::LnsWorkerSetup>("lns");
  ns.solve_own_lp = true;  // its own LP: RENS needs no incumbent
  portfolio::LnsWorker lns(ns, p.quiet);
  EXPECT_FALSE(lns.urgent());
  portfolio::SolutionPool pool(7);
  int urgent_tasks = 0, bursts = 0, calm_since = 0;
  bool was_urgent = false;
  for (int t = 0; t < 3000 && lns.run_task(1.0); ++t) {
    const bool urgent = lns.urgent();
    if (urgent) ++urgent_tasks;
    if (urgent && !was_urgent) ++bursts;
    calm_since = urgent ? 0 : calm_since + 1;
    was_urgent = urgent;
    lns.publish(pool);
    lns.absorb(pool);
  }
  EXPECT_GT(urgent_tasks, 1);  // a burst spans several tasks of one work unit
  EXPECT_GE(bursts, 1);
  EXPECT_LE(bursts, 2);        // RENS and the first LP core, no other
  EXPECT_GT(calm_since, 100);  // the sub-MIPs after them are shared out as usual
}

// The exact worker hands on the root's LP point and, when CBC's preprocessing makes the LP
// tighter, the preprocessed model's in its place (p0033: 2819.36 against the root's 2520.57):
// in the model's columns, its value above the root's and still no more than the optimum.
TEST(Hybrid, TheExactWorkerHandsOnTheTighterPreprocessedLp) {
  PresolvedP0033 p;
  const lp::LpSolution root = lp::solve_lp(p.pre.reduced, {});
  ASSERT_EQ(root.status, lp::LpStatus::kOptimal);
  portfolio::SolutionPool pool(7);
  portfolio::ExactWorker exact(p.setup<portfolio::ExactWorkerSetup>("exact"), p.quiet);
  std::shared_ptr<const portfolio::LpPoint> last;
  for (int t = 0; t < 1000 && exact.run_task(1e4); ++t) {
    exact.publish(pool);
    last = p.bound.lp();
    if (last && last->value > root.objective + 1e-6 * std::fabs(root.objective)) break;
  }
  ASSERT_NE(last, nullptr);
  ASSERT_EQ(last->x.size(), static_cast<std::size_t>(p.pre.reduced.num_cols()));
  ASSERT_EQ(last->reduced_cost.size(), last->x.size());
  EXPECT_GT(last->value, root.objective + 1e-6 * std::fabs(root.objective)) << "p0033's preprocessing tightens its LP";
  double optimum = 0;  // p0033 minimises
  for (const Known& k : small_known()) {
    if (k.name == "p0033") optimum = k.value;
  }
  ASSERT_GT(optimum, 0);
  EXPECT_LE(last->value, optimum + 1e-6 * optimum);
}

// A tighter LP point (the preprocessed model's, after the root's) makes the LP-guided
// sub-MIPs due again: a worker that waits for an incumbent, having run RENS and the LP core
// on the first point, runs them on the new one.
TEST(Hybrid, ANewLpPointMakesRensAndTheCoreDueAgain) {
  PresolvedP0033 p;
  lp::LpSolution root = lp::solve_lp(p.pre.reduced, {});
  ASSERT_EQ(root.status, lp::LpStatus::kOptimal);
  p.bound.set_lp(portfolio::LpPoint{root.x, root.objective, root.reduced_cost});
  auto ns = p.setup<portfolio::LnsWorkerSetup>("lns");
  // Every solution fails the check and no pool is absorbed: the worker never has an
  // incumbent, so RENS and the core are all it can draw.
  ns.tamper = [](std::vector<double>& x) { std::fill(x.begin(), x.end(), 1.0); };
  portfolio::LnsWorker lns(ns, p.quiet);
  auto run_until_waiting = [&lns] {
    for (int t = 0; t < 5000; ++t) {
      if (lns.waiting()) return true;
      if (!lns.run_task(1e3)) return false;
    }
    return false;
  };
  ASSERT_TRUE(run_until_waiting());
  const double work = lns.stats().work;
  const std::uint64_t tasks = lns.stats().tasks;
  p.bound.refine_lp(portfolio::LpPoint{root.x, root.objective, root.reduced_cost});
  EXPECT_FALSE(lns.waiting());
  ASSERT_TRUE(run_until_waiting());
  EXPECT_GT(lns.stats().tasks, tasks);
  EXPECT_GT(lns.stats().work, work) << "sub-MIPs ran on the new point";
}

// The CBC workers stamp each solution with the clock's time when CBC found it: the pool
// sees it only after the task, and the log, the trace and time_best report when it was found.
TEST(Hybrid, TheCbcWorkersStampSolutionsWhenFound) {
  PresolvedP0033 p;
  portfolio::SolutionPool pool(7);
  std::vector<double> stamps;
  pool.set_listener([&stamps](const portfolio::PoolEntry& e) { stamps.push_back(e.found); });
  std::atomic<int> task{0};  // the clock reads the task number; it moves on before publication
  auto es = p.setup<portfolio::ExactWorkerSetup>("exact");
  es.clock = [&task] { return static_cast<double>(task.load()); };
  portfolio::ExactWorker exact(es, p.quiet);
  for (int t = 1; t < 1000; ++t) {
    task.store(t);
    const std::size_t seen = stamps.size();
    const bool more = exact.run_task(1e4);
    task.store(-5);  // a time after the task: no solution may carry it
    exact.publish(pool);
    for (std::size_t k = seen; k < stamps.size(); ++k) EXPECT_EQ(stamps[k], t) << "task " << t;
    if (!more) break;
  }
  EXPECT_GE(stamps.size(), 1u);
  EXPECT_TRUE(pool.has_best());
}

// The fixing rates' rule: an error before CBC's first node (its preprocessing finding the
// neighbourhood infeasible) frees more columns next time, as an infeasible sub-MIP does; an
// error inside the tree, a limit or a stop does not.
TEST(Hybrid, ASubMipThatFailsBeforeItsFirstNodeCountsAsSettled) {
  lp::MipResult r;
  for (const lp::MipStatus s : {lp::MipStatus::kOptimal, lp::MipStatus::kInfeasible, lp::MipStatus::kError}) {
    r.status = s;
    r.nodes = 0;
    EXPECT_TRUE(portfolio::settled(r)) << lp::to_string(s);
  }
  r.nodes = 3;
  EXPECT_FALSE(portfolio::settled(r));  // an error in the tree proves nothing about the neighbourhood
  for (const lp::MipStatus s : {lp::MipStatus::kLimit, lp::MipStatus::kStopped, lp::MipStatus::kAborted}) {
    r.status = s;
    r.nodes = 0;
    EXPECT_FALSE(portfolio::settled(r)) << lp::to_string(s);
  }
}

// The fixing rate after a sub-MIP: settled in under half its budget, 0.05 lower (more free
// columns); stopped on its budget inside the tree without an improvement, 0.03 higher; stopped
// before its first node, half the free share; an improvement keeps the rate. Always within
// [0.05, 0.98].
TEST(Hybrid, TheFixingRateHalvesTheFreeShareAfterARootThatDidNotEnd) {
  lp::MipResult stuck;
  stuck.status = lp::MipStatus::kLimit;
  stuck.nodes = 0;
  lp::MipResult tree = stuck;
  tree.nodes = 40;
  lp::MipResult solved;
  solved.status = lp::MipStatus::kOptimal;
  solved.nodes = 5;
  EXPECT_DOUBLE_EQ(portfolio::next_fixing_rate(0.8, solved, true, false), 0.75);
  EXPECT_DOUBLE_EQ(portfolio::next_fixing_rate(0.8, solved, true, true), 0.75);
  EXPECT_DOUBLE_EQ(portfolio::next_fixing_rate(0.8, solved, false, false), 0.83);  // settled, but slowly
  EXPECT_DOUBLE_EQ(portfolio::next_fixing_rate(0.8, tree, false, false), 0.83);
  EXPECT_DOUBLE_EQ(portfolio::next_fixing_rate(0.8, stuck, false, false), 0.9);
  EXPECT_DOUBLE_EQ(portfolio::next_fixing_rate(0.9, stuck, true, false), 0.95);
  EXPECT_DOUBLE_EQ(portfolio::next_fixing_rate(0.8, stuck, false, true), 0.8);  // it improved: keep
  EXPECT_DOUBLE_EQ(portfolio::next_fixing_rate(0.97, stuck, false, false), 0.98);
  EXPECT_DOUBLE_EQ(portfolio::next_fixing_rate(0.98, tree, false, false), 0.98);
  EXPECT_DOUBLE_EQ(portfolio::next_fixing_rate(0.07, solved, true, false), 0.05);
  lp::MipResult preprocessed = stuck;  // CBC's preprocessing found it infeasible: settled
  preprocessed.status = lp::MipStatus::kError;
  EXPECT_DOUBLE_EQ(portfolio::next_fixing_rate(0.8, preprocessed, true, false), 0.75);
}

// Local branching's pause: a root that did not end closes the neighbourhood for 4 sub-MIPs of
// other kinds, the next such root for 8, and so on up to 64; local-branching runs that leave
// their root, settle or improve start no pause, and sub-MIPs of other kinds never do.
TEST(Hybrid, LocalBranchingPausesLongerAfterEachRootThatDidNotEnd) {
  portfolio::BranchingPause pause;
  lp::MipResult stuck;  // stopped on its budget before its first node
  stuck.status = lp::MipStatus::kLimit;
  stuck.nodes = 0;
  lp::MipResult left_root = stuck;
  left_root.nodes = 12;
  lp::MipResult solved = stuck;
  solved.status = lp::MipStatus::kOptimal;
  EXPECT_TRUE(pause.open());
  pause.ended(true, left_root, false);
  pause.ended(true, solved, false);
  pause.ended(true, stuck, true);  // it improved the incumbent: worth its time
  pause.ended(false, stuck, false);  // other kinds never start a pause
  EXPECT_TRUE(pause.open());
  for (const std::size_t want : {4, 8, 16, 32, 64, 64}) {
    pause.ended(true, stuck, false);
    EXPECT_EQ(pause.left(), want);
    for (std::size_t k = 0; k < want; ++k) {
      EXPECT_FALSE(pause.open()) << "after " << k << " of " << want;
      pause.ended(false, solved, true);
    }
    EXPECT_TRUE(pause.open());
    pause.ended(false, solved, false);  // nothing to count down
    EXPECT_EQ(pause.left(), 0u);
  }
}

}  // namespace
}  // namespace lsmip::solver

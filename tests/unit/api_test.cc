// Tests of the C++ API (include/lsmip/lsmip.hpp): building a model and reading it
// back, reading a file into the same arrays, options by name with the documented
// codes and messages, solving p0033 to its optimum, callbacks (log, incumbents,
// stop requests, exceptions, re-entrant calls), interrupt() from another thread,
// the warm start and writing the solution.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "lsmip/lsmip.hpp"
#include "test_util.h"

namespace {

using lsmip::ErrorCode;
using lsmip::kInfinity;

std::string p0033() { return lsmip::testing::data_path("models/small/p0033.mps.gz"); }

using lsmip::testing::expect_same_model;

// max 5x + 4y + 3z + 1  s.t. 2x + 3y + z <= 5, 4x + y + 2z <= 11, 3x + 4y + 2z <= 8,
// x, y, z integer in [0, 10]: optimum 13 + 1 at (2, 0, 1).
void build_small(lsmip::Solver& s) {
  ASSERT_TRUE(s.add_column(0, 10, 5, true, "x").ok());
  ASSERT_TRUE(s.add_column(0, 10, 4, true, "y").ok());
  ASSERT_TRUE(s.add_column(0, 10, 3, true).ok());  // default name C2
  const std::vector<std::int32_t> cols = {0, 1, 2};
  ASSERT_TRUE(s.add_row(-kInfinity, 5, cols, std::vector<double>{2, 3, 1}, "r1").ok());
  ASSERT_TRUE(s.add_row(-kInfinity, 11, cols, std::vector<double>{4, 1, 2}).ok());
  ASSERT_TRUE(s.add_row(-1e30, 8, std::vector<std::int32_t>{2, 0, 1}, std::vector<double>{2, 3, 4}, "r3").ok());
  ASSERT_TRUE(s.set_sense(lsmip::Sense::kMaximize).ok());
  ASSERT_TRUE(s.set_objective_offset(1).ok());
}

TEST(ApiModel, BuildsAndReadsBackTheArrays) {
  lsmip::Solver s;
  build_small(s);
  EXPECT_EQ(s.num_cols(), 3);
  EXPECT_EQ(s.num_rows(), 3);
  EXPECT_EQ(s.num_nonzeros(), 9);
  lsmip::ModelData d;
  ASSERT_TRUE(s.get_model(d).ok());
  EXPECT_EQ(d.sense, lsmip::Sense::kMaximize);
  EXPECT_EQ(d.offset, 1.0);
  EXPECT_EQ(d.col_names, (std::vector<std::string>{"x", "y", "C2"}));
  EXPECT_EQ(d.row_names, (std::vector<std::string>{"r1", "R1", "r3"}));
  EXPECT_EQ(d.col_cost, (std::vector<double>{5, 4, 3}));
  EXPECT_EQ(d.col_integer, (std::vector<std::uint8_t>{1, 1, 1}));
  EXPECT_EQ(d.row_lower[2], -kInfinity);  // -1e30 is infinite
  EXPECT_EQ(d.row_start, (std::vector<std::int64_t>{0, 3, 6, 9}));
  EXPECT_EQ(d.row_index, (std::vector<std::int32_t>{0, 1, 2, 0, 1, 2, 0, 1, 2}));  // sorted by column
  EXPECT_EQ(d.row_value, (std::vector<double>{2, 3, 1, 4, 1, 2, 3, 4, 2}));

  lsmip::Solver t;
  ASSERT_TRUE(t.set_model(d).ok());
  lsmip::ModelData e;
  ASSERT_TRUE(t.get_model(e).ok());
  expect_same_model(d, e);
}

TEST(ApiModel, AFileReadsIntoArraysThatRebuildTheSameModel) {
  lsmip::Solver s;
  ASSERT_TRUE(s.read_model(p0033()).ok());
  EXPECT_EQ(s.num_cols(), 33);
  EXPECT_EQ(s.num_rows(), 16);
  lsmip::ModelData d;
  ASSERT_TRUE(s.get_model(d).ok());
  EXPECT_EQ(d.col_names.size(), 33u);
  EXPECT_EQ(d.row_start.back(), s.num_nonzeros());
  lsmip::Solver t;
  ASSERT_TRUE(t.set_model(d).ok());
  lsmip::ModelData e;
  ASSERT_TRUE(t.get_model(e).ok());
  expect_same_model(d, e);
}

// write_model() writes free MPS that read_model() turns back into the same arrays: every
// kind of row (<=, >=, =, ranged, free) and bound (fixed, free, negative upper, integer
// with an infinite upper), a maximisation sense and an offset; and p0033 as read.
TEST(ApiModel, TheWrittenMpsReadsBackAsTheSameModel) {
  const std::string path = (std::filesystem::temp_directory_path() / "lsmip_api_write_test.mps").string();
  lsmip::Solver s;
  build_small(s);
  ASSERT_TRUE(s.add_column(-kInfinity, kInfinity, 0.25, false, "free").ok());
  ASSERT_TRUE(s.add_column(-10, -2.5, 0, false, "neg_up").ok());
  ASSERT_TRUE(s.add_column(3, 3, -1, true, "fixed").ok());
  ASSERT_TRUE(s.add_column(-4, kInfinity, 0, true, "int_inf").ok());
  ASSERT_TRUE(s.add_column(0, 1, 0, false, "lonely").ok());  // in no row, no cost
  const std::vector<std::int32_t> cols = {3, 4, 5, 6};
  ASSERT_TRUE(s.add_row(1.5, 1.5, cols, std::vector<double>{1, 1, 1, 1}, "eq").ok());
  ASSERT_TRUE(s.add_row(-2, 7.125, cols, std::vector<double>{1, -1, 0.1, 3}, "ranged").ok());
  ASSERT_TRUE(s.add_row(-1, kInfinity, cols, std::vector<double>{2, 0, 1e-3, 1}, "ge").ok());
  ASSERT_TRUE(s.add_row(-kInfinity, kInfinity, cols, std::vector<double>{1, 1, 1, 1}, "free_row").ok());
  ASSERT_TRUE(s.write_model(path).ok());
  lsmip::Solver t;
  ASSERT_TRUE(t.read_model(path).ok());
  lsmip::ModelData a, b;
  ASSERT_TRUE(s.get_model(a).ok());
  ASSERT_TRUE(t.get_model(b).ok());
  // The reader drops a free row with a warning; compare the others.
  ASSERT_EQ(a.row_names.back(), "free_row");
  a.row_names.pop_back(), a.row_lower.pop_back(), a.row_upper.pop_back(), a.row_start.pop_back();
  a.row_index.resize(static_cast<std::size_t>(a.row_start.back()));
  a.row_value.resize(static_cast<std::size_t>(a.row_start.back()));
  a.name.clear(), b.name.clear();
  expect_same_model(a, b);

  ASSERT_TRUE(s.read_model(p0033()).ok());
  ASSERT_TRUE(s.write_model(path).ok());
  ASSERT_TRUE(t.read_model(path).ok());
  ASSERT_TRUE(s.get_model(a).ok());
  ASSERT_TRUE(t.get_model(b).ok());
  expect_same_model(a, b);
  std::filesystem::remove(path);

  lsmip::Solver empty;
  EXPECT_EQ(empty.write_model(path).code(), ErrorCode::kNoModel);
  EXPECT_EQ(s.write_model("/nonexistent/dir/m.mps").code(), ErrorCode::kIo);
}

TEST(ApiModel, BadInputIsRejectedNamingItAndLeavesTheModelAlone) {
  lsmip::Solver s;
  build_small(s);
  lsmip::Error e = s.add_column(std::nan(""), 1, 0, false, "a");
  EXPECT_EQ(e.code(), ErrorCode::kInvalidArgument);
  EXPECT_NE(e.message().find("column 3"), std::string::npos) << e.message();
  EXPECT_EQ(s.add_column(kInfinity, kInfinity, 0, false).code(), ErrorCode::kInvalidArgument);
  EXPECT_EQ(s.add_column(0, 1, kInfinity, false).code(), ErrorCode::kInvalidArgument);
  e = s.add_column(0, 1, 0, false, "x");
  EXPECT_EQ(e.code(), ErrorCode::kInvalidArgument);
  EXPECT_NE(e.message().find("'x'"), std::string::npos) << e.message();
  e = s.add_row(0, 1, std::vector<std::int32_t>{0, 7}, std::vector<double>{1, 1});
  EXPECT_EQ(e.code(), ErrorCode::kInvalidArgument);
  EXPECT_NE(e.message().find("column index 7"), std::string::npos) << e.message();
  e = s.add_row(0, 1, std::vector<std::int32_t>{1, 1}, std::vector<double>{1, 2});
  EXPECT_NE(e.message().find("appears twice"), std::string::npos) << e.message();
  EXPECT_EQ(s.add_row(0, 1, std::vector<std::int32_t>{1}, std::vector<double>{std::nan("")}).code(),
            ErrorCode::kInvalidArgument);
  EXPECT_EQ(s.add_row(0, 1, std::vector<std::int32_t>{1}, std::vector<double>{1, 2}).code(),
            ErrorCode::kInvalidArgument);
  EXPECT_EQ(s.num_cols(), 3);
  EXPECT_EQ(s.num_rows(), 3);
  EXPECT_EQ(s.num_nonzeros(), 9);

  e = s.read_model("/nonexistent/model.mps");
  EXPECT_EQ(e.code(), ErrorCode::kIo) << e.message();
  e = s.read_model(lsmip::testing::data_path("bad/lp_empty.lp"));
  EXPECT_EQ(e.code(), ErrorCode::kFormat) << e.message();
  EXPECT_NE(e.message().find("lp_empty.lp"), std::string::npos) << e.message();
  EXPECT_EQ(s.num_cols(), 3);  // the model is kept
}

TEST(ApiOptions, ByNameWithTheCliTable) {
  lsmip::Solver s;
  EXPECT_TRUE(s.set_option("work_limit", "1e6").ok());
  EXPECT_TRUE(s.set_option("time-limit", "30").ok());
  std::string v;
  ASSERT_TRUE(s.get_option("work-limit", v).ok());
  EXPECT_EQ(v, "1e+06");
  EXPECT_TRUE(s.set_int_option("seed", 7).ok());
  EXPECT_TRUE(s.set_double_option("feas_tol", 1e-7).ok());
  EXPECT_TRUE(s.set_int_option("time_limit", 5).ok());      // an int for a double option
  EXPECT_TRUE(s.set_double_option("seed", 3.0).ok());       // an integral double for an int
  EXPECT_TRUE(s.set_bool_option("presolve", false).ok());
  EXPECT_TRUE(s.set_string_option("mps_format", "free").ok());
  ASSERT_TRUE(s.get_option("seed", v).ok());
  EXPECT_EQ(v, "3");

  lsmip::Error e = s.set_option("no_such_option", "1");
  EXPECT_EQ(e.code(), ErrorCode::kUnknownOption);
  EXPECT_NE(e.message().find("no_such_option"), std::string::npos) << e.message();
  EXPECT_EQ(s.set_int_option("no_such_option", 1).code(), ErrorCode::kUnknownOption);
  EXPECT_EQ(s.get_option("no_such_option", v).code(), ErrorCode::kUnknownOption);
  e = s.set_option("seed", "abc");
  EXPECT_EQ(e.code(), ErrorCode::kBadValue);
  EXPECT_NE(e.message().find("seed"), std::string::npos) << e.message();
  EXPECT_NE(e.message().find("abc"), std::string::npos) << e.message();
  e = s.set_int_option("seed", -1);
  EXPECT_EQ(e.code(), ErrorCode::kBadValue);
  EXPECT_NE(e.message().find("seed"), std::string::npos) << e.message();
  e = s.set_bool_option("seed", true);
  EXPECT_EQ(e.code(), ErrorCode::kBadValue);
  EXPECT_NE(e.message().find("'seed' is an integer"), std::string::npos) << e.message();
  EXPECT_EQ(s.set_double_option("seed", 2.5).code(), ErrorCode::kBadValue);
  EXPECT_EQ(s.set_double_option("work_limit", std::nan("")).code(), ErrorCode::kBadValue);
  e = s.set_string_option("mps_format", "wide");
  EXPECT_EQ(e.code(), ErrorCode::kBadValue);
  EXPECT_NE(e.message().find("wide"), std::string::npos) << e.message();
  ASSERT_TRUE(s.get_option("seed", v).ok());
  EXPECT_EQ(v, "3");  // failed calls change nothing
}

// The pure local search (LP, exact and sub-MIP workers off), which runs to its limits.
void local_search_only(lsmip::Solver& s) {
  for (const char* family : {"lp", "exact", "lns"}) ASSERT_TRUE(s.set_option(family, "off").ok());
}

TEST(ApiSolve, ProvesTheOptimumOfP0033) {
  lsmip::Solver s;
  ASSERT_TRUE(s.read_model(p0033()).ok());
  ASSERT_TRUE(s.set_double_option("time_limit", 60).ok());  // a safety net only
  ASSERT_TRUE(s.solve().ok());
  const lsmip::SolveResult& r = s.result();
  EXPECT_EQ(r.status, lsmip::SolveStatus::kOptimal);
  EXPECT_EQ(r.stop_reason, lsmip::StopReason::kCompleted);
  ASSERT_TRUE(r.has_solution);
  EXPECT_EQ(r.objective, 3089.0);
  EXPECT_NEAR(r.dual_bound, 3089.0, 3089.0 * 1e-4);
  EXPECT_LE(r.dual_bound, 3089.0 + 1e-6);
  EXPECT_LE(r.gap, 1e-4);
  EXPECT_LT(r.seconds, 30.0);
}

TEST(ApiSolve, FindsTheOptimumOfP0033) {
  lsmip::Solver s;
  ASSERT_TRUE(s.read_model(p0033()).ok());
  local_search_only(s);
  ASSERT_TRUE(s.set_double_option("work_limit", 2e7).ok());
  ASSERT_TRUE(s.solve().ok());
  const lsmip::SolveResult& r = s.result();
  EXPECT_EQ(r.status, lsmip::SolveStatus::kFeasible);
  EXPECT_EQ(r.stop_reason, lsmip::StopReason::kWorkLimit);
  ASSERT_TRUE(r.has_solution);
  EXPECT_EQ(r.objective, 3089.0);
  EXPECT_EQ(r.x.size(), 33u);
  EXPECT_TRUE(std::isnan(r.dual_bound));
  EXPECT_TRUE(std::isnan(r.gap));
  ASSERT_FALSE(r.improvements.empty());
  EXPECT_EQ(r.improvements.back().objective, 3089.0);
  ASSERT_FALSE(r.elites.empty());
  EXPECT_EQ(r.elites.front().objective, 3089.0);
  EXPECT_EQ(r.elites.front().x, r.x);
  EXPECT_GE(r.work, 2e7);
  EXPECT_STREQ(lsmip::to_string(r.stop_reason), "work_limit");

  const std::string path = (std::filesystem::temp_directory_path() / "lsmip_api_test.sol").string();
  ASSERT_TRUE(s.write_solution(path).ok());
  std::ifstream in(path);
  std::string first;
  std::getline(in, first);
  EXPECT_EQ(first, "=obj= 3089");
  std::filesystem::remove(path);
}

TEST(ApiSolve, TheSmallBuiltModelSolvesToItsOptimum) {
  lsmip::Solver s;
  build_small(s);
  ASSERT_TRUE(s.set_double_option("work_limit", 1e7).ok());
  ASSERT_TRUE(s.solve().ok());
  ASSERT_TRUE(s.result().has_solution);
  EXPECT_EQ(s.result().objective, 14.0);
  EXPECT_EQ(s.result().x, (std::vector<double>{2, 0, 1}));
}

TEST(ApiSolve, CallbacksSeeTheLogAndEveryIncumbentRow) {
  lsmip::Solver s;
  ASSERT_TRUE(s.read_model(p0033()).ok());
  local_search_only(s);  // p0033 would otherwise be proven optimal before the limit
  ASSERT_TRUE(s.set_double_option("work_limit", 2e7).ok());
  ASSERT_TRUE(s.set_double_option("log_interval", 0.1).ok());
  std::vector<double> incumbents;
  std::vector<std::string> sources, log;
  ASSERT_TRUE(s.set_callback([&](const lsmip::Event& e) {
    switch (e.kind) {
      case lsmip::Event::Kind::kLog: log.emplace_back(e.message); break;
      case lsmip::Event::Kind::kIncumbent:
        incumbents.push_back(e.objective);
        sources.emplace_back(e.source);
        break;
      case lsmip::Event::Kind::kProgress: break;
    }
    return false;
  }).ok());
  ASSERT_TRUE(s.solve().ok());
  ASSERT_FALSE(incumbents.empty());
  EXPECT_EQ(incumbents.back(), 3089.0);
  for (std::size_t k = 1; k < incumbents.size(); ++k) EXPECT_LT(incumbents[k], incumbents[k - 1]);
  EXPECT_EQ(sources.front().rfind("ls#0 ", 0), 0u) << sources.front();
  ASSERT_FALSE(log.empty());
  for (const std::string& line : log) EXPECT_EQ(line.find('\n'), std::string::npos);

  // log_level 0: no log lines, still the incumbents.
  log.clear();
  incumbents.clear();
  ASSERT_TRUE(s.set_int_option("log_level", 0).ok());
  ASSERT_TRUE(s.solve().ok());
  EXPECT_TRUE(log.empty());
  ASSERT_FALSE(incumbents.empty());
  EXPECT_EQ(incumbents.back(), 3089.0);

  // Progress: 0.6 s of search, most of it without improvement, a row every 0.1 s.
  int progress = 0;
  double progress_objective = std::nan("");
  ASSERT_TRUE(s.set_callback([&](const lsmip::Event& e) {
    if (e.kind == lsmip::Event::Kind::kProgress) {
      ++progress;
      progress_objective = e.objective;
      EXPECT_GT(e.work, 0);
    }
    return false;
  }).ok());
  ASSERT_TRUE(s.set_option("work_limit", "inf").ok());
  ASSERT_TRUE(s.set_double_option("time_limit", 0.6).ok());
  ASSERT_TRUE(s.solve().ok());
  EXPECT_EQ(s.result().stop_reason, lsmip::StopReason::kTimeLimit);
  EXPECT_GT(progress, 0);
  EXPECT_FALSE(std::isnan(progress_objective));
}

TEST(ApiSolve, ACallbackStopsTheRunAndMayNotReenter) {
  lsmip::Solver s;
  ASSERT_TRUE(s.read_model(p0033()).ok());
  ASSERT_TRUE(s.set_double_option("time_limit", 60).ok());
  lsmip::ErrorCode reentry = ErrorCode::kOk;
  ASSERT_TRUE(s.set_callback([&](const lsmip::Event& e) {
    if (e.kind != lsmip::Event::Kind::kIncumbent) return false;
    reentry = s.set_option("seed", "5").code();
    return true;
  }).ok());
  const auto t0 = std::chrono::steady_clock::now();
  ASSERT_TRUE(s.solve().ok());
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 30.0);
  EXPECT_EQ(s.result().stop_reason, lsmip::StopReason::kInterrupted);
  EXPECT_TRUE(s.result().has_solution);
  EXPECT_EQ(reentry, ErrorCode::kBusy);

  ASSERT_TRUE(s.set_callback([](const lsmip::Event&) -> bool { throw std::runtime_error("boom"); }).ok());
  const lsmip::Error e = s.solve();
  EXPECT_EQ(e.code(), ErrorCode::kCallback);
  EXPECT_NE(e.message().find("boom"), std::string::npos) << e.message();
  EXPECT_EQ(s.result().stop_reason, lsmip::StopReason::kInterrupted);
}

TEST(ApiSolve, InterruptFromAnotherThread) {
  lsmip::Solver s;
  ASSERT_TRUE(s.read_model(p0033()).ok());
  local_search_only(s);  // p0033 would otherwise be proven optimal before the limit
  ASSERT_TRUE(s.set_double_option("time_limit", 60).ok());  // a safety net only
  std::thread stopper([&s] {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    s.interrupt();
  });
  const auto t0 = std::chrono::steady_clock::now();
  const lsmip::Error e = s.solve();
  stopper.join();
  EXPECT_TRUE(e.ok()) << e.message();
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 30.0);
  EXPECT_EQ(s.result().stop_reason, lsmip::StopReason::kInterrupted);
  // The flag was cleared: the next run goes to its limit.
  ASSERT_TRUE(s.set_double_option("work_limit", 1e5).ok());
  ASSERT_TRUE(s.solve().ok());
  EXPECT_EQ(s.result().stop_reason, lsmip::StopReason::kWorkLimit);
}

TEST(ApiSolve, WarmStartNoModelAndInfeasibility) {
  lsmip::Solver empty;
  EXPECT_EQ(empty.solve().code(), ErrorCode::kNoModel);
  EXPECT_EQ(empty.write_solution("/tmp/never.sol").code(), ErrorCode::kNoSolution);

  lsmip::Solver s;
  build_small(s);
  EXPECT_EQ(s.set_initial_solution(std::vector<double>{1, 2}).code(), ErrorCode::kInvalidArgument);
  ASSERT_TRUE(s.set_initial_solution(std::vector<double>{2, 0, 1}).ok());
  ASSERT_TRUE(s.set_int_option("solution_limit", 1).ok());
  ASSERT_TRUE(s.solve().ok());
  ASSERT_FALSE(s.result().improvements.empty());
  EXPECT_EQ(s.result().improvements.front().source, "initial");
  EXPECT_EQ(s.result().objective, 14.0);
  EXPECT_EQ(s.result().stop_reason, lsmip::StopReason::kSolutionLimit);

  lsmip::Solver inf;
  ASSERT_TRUE(inf.add_column(0, 1, 1, true).ok());
  ASSERT_TRUE(inf.add_row(2, kInfinity, std::vector<std::int32_t>{0}, std::vector<double>{1}).ok());
  ASSERT_TRUE(inf.set_double_option("work_limit", 1e5).ok());
  ASSERT_TRUE(inf.solve().ok());
  EXPECT_FALSE(inf.result().has_solution);
  EXPECT_EQ(inf.result().status, lsmip::SolveStatus::kInfeasible);
}

TEST(ApiSolve, AMovedFromSolverReportsANullHandle) {
  lsmip::Solver a;
  build_small(a);
  lsmip::Solver b(std::move(a));
  EXPECT_EQ(b.num_cols(), 3);
  EXPECT_EQ(a.solve().code(), ErrorCode::kNullHandle);  // NOLINT: use after move on purpose
  EXPECT_EQ(a.num_cols(), 0);
  a.interrupt();
  EXPECT_FALSE(a.result().has_solution);
}

TEST(ApiVersion, MatchesTheHeaderMacros) {
  const std::string v = std::to_string(LSMIP_VERSION_MAJOR) + "." + std::to_string(LSMIP_VERSION_MINOR) + "." +
                        std::to_string(LSMIP_VERSION_PATCH);
  EXPECT_EQ(lsmip::version(), v);
}

}  // namespace

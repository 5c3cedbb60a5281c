// Tests of the part of the C++ API an application builds on (the lsmip command
// line does): the option table and typed getters, the caller's clock and
// terminator (also ending a blocking read), the result callback and the const
// calls a callback may make, the reports (statistics, solution check, JSON
// report, summary) and the atomic writers.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "lsmip/lsmip.hpp"
#include "test_util.h"

namespace {

using lsmip::ErrorCode;
using lsmip::OptionKind;
using Clock = std::chrono::steady_clock;

std::string p0033() { return lsmip::testing::data_path("models/small/p0033.mps.gz"); }

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

const lsmip::OptionInfo* find(const std::vector<lsmip::OptionInfo>& table, const std::string& name) {
  for (const lsmip::OptionInfo& o : table) {
    if (o.name == name) return &o;
  }
  return nullptr;
}

void local_search_only(lsmip::Solver& s) {
  for (const char* family : {"lp", "exact", "lns"}) ASSERT_TRUE(s.set_bool_option(family, false).ok());
}

TEST(ApiOptionTable, ListsEveryOptionWithItsKindDefaultAndRange) {
  std::vector<lsmip::OptionInfo> table;
  ASSERT_TRUE(lsmip::option_table(table).ok());
  ASSERT_GT(table.size(), 50u);
  std::set<std::string> names, groups_seen;
  std::string group;
  lsmip::Solver s;
  for (const lsmip::OptionInfo& o : table) {
    EXPECT_TRUE(names.insert(o.name).second) << o.name;
    EXPECT_FALSE(o.help.empty()) << o.name;
    EXPECT_EQ(o.help.find('\n'), std::string::npos) << o.name;
    if (o.group != group) {
      EXPECT_TRUE(groups_seen.insert(o.group).second) << "group " << o.group << " is split";
      group = o.group;
    }
    // The default is the value of a fresh solver, and it reads back.
    std::string now;
    ASSERT_TRUE(s.get_option(o.name, now).ok()) << o.name;
    EXPECT_EQ(now, o.default_text) << o.name;
    EXPECT_TRUE(s.set_option(o.name, o.default_text).ok()) << o.name;
    EXPECT_EQ(o.kind == OptionKind::kChoice, !o.choices.empty()) << o.name;
  }
  const lsmip::OptionInfo* t = find(table, "time_limit");
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(t->kind, OptionKind::kNumber);
  EXPECT_EQ(t->default_text, "inf");
  EXPECT_EQ(t->min, 0);
  EXPECT_TRUE(std::isinf(t->max));
  EXPECT_EQ(t->group, "limits");
  EXPECT_EQ(find(table, "seed")->kind, OptionKind::kInteger);
  EXPECT_EQ(find(table, "seed")->max, 2147483647);
  EXPECT_EQ(find(table, "solution_file")->kind, OptionKind::kText);
  const lsmip::OptionInfo* p = find(table, "presolve");
  EXPECT_EQ(p->kind, OptionKind::kSwitch);
  EXPECT_TRUE(p->boolean);
  EXPECT_EQ(p->default_text, "true");
  const lsmip::OptionInfo* f = find(table, "mps_format");
  EXPECT_EQ(f->kind, OptionKind::kChoice);
  EXPECT_FALSE(f->boolean);
  EXPECT_EQ(f->choices, (std::vector<std::string>{"auto", "free", "fixed"}));
  // The two-valued choices: on|off on the command line, booleans for the APIs.
  for (const char* name : {"deterministic", "lp", "exact", "lns"}) {
    const lsmip::OptionInfo* d = find(table, name);
    ASSERT_NE(d, nullptr) << name;
    EXPECT_EQ(d->kind, OptionKind::kChoice) << name;
    EXPECT_TRUE(d->boolean) << name;
    EXPECT_EQ(d->choices, (std::vector<std::string>{"on", "off"})) << name;
  }
}

TEST(ApiOptionTable, OnOffChoicesTakeBooleansAndTheirWords) {
  lsmip::Solver s;
  std::string v;
  bool b = true;
  ASSERT_TRUE(s.get_option("deterministic", v).ok());
  EXPECT_EQ(v, "off");
  ASSERT_TRUE(s.set_bool_option("deterministic", true).ok());
  ASSERT_TRUE(s.get_option("deterministic", v).ok());
  EXPECT_EQ(v, "on");
  ASSERT_TRUE(s.get_bool_option("deterministic", b).ok());
  EXPECT_TRUE(b);
  ASSERT_TRUE(s.set_option("deterministic", "false").ok());  // as Python passes a bool
  ASSERT_TRUE(s.get_bool_option("deterministic", b).ok());
  EXPECT_FALSE(b);
  ASSERT_TRUE(s.set_string_option("lp", "off").ok());
  ASSERT_TRUE(s.get_bool_option("lp", b).ok());
  EXPECT_FALSE(b);
  const lsmip::Error e = s.set_option("deterministic", "maybe");
  EXPECT_EQ(e.code(), ErrorCode::kBadValue);
  EXPECT_NE(e.message().find("must be one of on|off, got 'maybe'"), std::string::npos) << e.message();
}

TEST(ApiOptionTable, TypedGetters) {
  lsmip::Solver s;
  ASSERT_TRUE(s.set_option("time_limit", "2.5").ok());
  ASSERT_TRUE(s.set_option("seed", "17").ok());
  double d = 0;
  std::int64_t i = 0;
  bool b = false;
  ASSERT_TRUE(s.get_double_option("time_limit", d).ok());
  EXPECT_EQ(d, 2.5);
  ASSERT_TRUE(s.get_double_option("work_limit", d).ok());
  EXPECT_TRUE(std::isinf(d));
  ASSERT_TRUE(s.get_int_option("seed", i).ok());
  EXPECT_EQ(i, 17);
  ASSERT_TRUE(s.get_double_option("seed", d).ok());  // an integer option as a number
  EXPECT_EQ(d, 17.0);
  ASSERT_TRUE(s.get_bool_option("presolve", b).ok());
  EXPECT_TRUE(b);
  EXPECT_EQ(s.get_int_option("time_limit", i).code(), ErrorCode::kBadValue);
  EXPECT_EQ(s.get_bool_option("seed", b).code(), ErrorCode::kBadValue);
  EXPECT_EQ(s.get_double_option("mps_format", d).code(), ErrorCode::kBadValue);
  EXPECT_EQ(s.get_double_option("no_such_option", d).code(), ErrorCode::kUnknownOption);
}

std::string make_fifo(const std::string& name) {
  const std::string path = ::testing::TempDir() + "/" + name;
  std::remove(path.c_str());
  EXPECT_EQ(mkfifo(path.c_str(), 0600), 0);
  return path;
}

TEST(ApiRead, ABlockingReadEndsAtTheTerminatorAndAtTheTimeLimit) {
  const std::string fifo = make_fifo("api_nowriter.mps");
  lsmip::Solver s;
  ASSERT_TRUE(s.read_model(p0033()).ok());
  const auto start = Clock::now();
  ASSERT_TRUE(s.set_terminator([start] { return Clock::now() - start > std::chrono::milliseconds(300); }).ok());
  lsmip::Error e = s.read_model(fifo);
  double secs = std::chrono::duration<double>(Clock::now() - start).count();
  EXPECT_EQ(e.code(), ErrorCode::kInterrupted) << e.message();
  EXPECT_NE(e.message().find("reading stopped at " + fifo), std::string::npos) << e.message();
  EXPECT_LT(secs, 1.0);
  EXPECT_EQ(s.num_cols(), 33);  // the previous model is kept

  // The time limit, on the caller's clock: it started 100 s before the read.
  ASSERT_TRUE(s.set_terminator({}).ok());
  const auto t0 = Clock::now();
  ASSERT_TRUE(s.set_clock([t0] { return 100.0 + std::chrono::duration<double>(Clock::now() - t0).count(); }).ok());
  ASSERT_TRUE(s.set_double_option("time_limit", 100.3).ok());
  e = s.read_model(fifo);
  secs = std::chrono::duration<double>(Clock::now() - t0).count();
  EXPECT_EQ(e.code(), ErrorCode::kInterrupted) << e.message();
  EXPECT_LT(secs, 1.0);

  // interrupt() before the read stops it, and the flag is cleared by it.
  ASSERT_TRUE(s.set_clock({}).ok());
  ASSERT_TRUE(s.set_double_option("time_limit", 30).ok());
  s.interrupt();
  EXPECT_EQ(s.read_model(fifo).code(), ErrorCode::kInterrupted);
  EXPECT_TRUE(s.read_model(p0033()).ok());
  std::remove(fifo.c_str());
}

TEST(ApiRead, AReadModelCanBeChangedAndSolved) {
  lsmip::Solver s;
  ASSERT_TRUE(s.read_model(p0033()).ok());
  EXPECT_EQ(s.num_cols(), 33);
  EXPECT_EQ(s.num_rows(), 16);
  // A new column and a row over it: the read model's arrays follow.
  ASSERT_TRUE(s.add_column(0, 1, 0, true, "extra").ok());
  ASSERT_TRUE(s.add_row(-lsmip::kInfinity, 1, std::vector<std::int32_t>{33}, std::vector<double>{1}, "cap").ok());
  EXPECT_EQ(s.num_cols(), 34);
  EXPECT_EQ(s.num_rows(), 17);
  ASSERT_TRUE(s.set_double_option("work_limit", 2e6).ok());
  ASSERT_TRUE(s.solve().ok());
  ASSERT_TRUE(s.result().has_solution);
  EXPECT_EQ(s.result().x.size(), 34u);
  EXPECT_EQ(s.result().objective, 3089);
}

TEST(ApiRun, TheResultCallbackRunsOnceBeforeSolveReturnsAndMayWriteTheOutputs) {
  const std::string dir = ::testing::TempDir();
  const std::string sol = dir + "/api_result.sol", every = dir + "/api_every.sol", rep = dir + "/api_result.json";
  std::remove(sol.c_str());
  std::remove(every.c_str());
  lsmip::Solver s;
  ASSERT_TRUE(s.read_model(p0033()).ok());
  local_search_only(s);
  ASSERT_TRUE(s.set_double_option("work_limit", 3e6).ok());
  int results = 0, incumbents = 0;
  bool x_sized = true;
  lsmip::Error written, reported, every_written;
  std::string json;
  const std::thread::id caller = std::this_thread::get_id();
  bool on_caller = false;
  ASSERT_TRUE(s.set_callback([&](const lsmip::Event& e) {
    if (e.kind == lsmip::Event::Kind::kIncumbent) {
      ++incumbents;
      x_sized = x_sized && e.x.size() == 33;
      every_written = s.write_solution(every, e.x, e.objective);
    }
    return false;
  }).ok());
  ASSERT_TRUE(s.set_result_callback([&](const lsmip::SolveResult& r) {
    ++results;
    on_caller = std::this_thread::get_id() == caller;
    EXPECT_EQ(&r, &s.result());
    EXPECT_TRUE(r.has_solution);
    written = s.write_solution(sol, lsmip::IfNoSolution::kWriteMarker);
    reported = s.report_json(true, json);
  }).ok());
  ASSERT_TRUE(s.solve().ok());
  EXPECT_EQ(results, 1);
  EXPECT_TRUE(on_caller);
  EXPECT_GT(incumbents, 0);
  EXPECT_TRUE(x_sized);
  EXPECT_TRUE(written.ok()) << written.message();
  EXPECT_TRUE(reported.ok()) << reported.message();
  EXPECT_TRUE(every_written.ok()) << every_written.message();
  EXPECT_EQ(slurp(sol).rfind("=obj= ", 0), 0u) << slurp(sol);
  EXPECT_EQ(slurp(every), slurp(sol)) << "the last incumbent is the result";
  EXPECT_NE(json.find("\"solution_written\": true"), std::string::npos) << json;
  EXPECT_NE(json.find("\"stop_reason\": \"work_limit\""), std::string::npos) << json;
  std::string after;
  ASSERT_TRUE(s.report_json(true, after).ok());
  EXPECT_EQ(after, json);
  std::string summary;
  ASSERT_TRUE(s.report_summary(summary).ok());
  EXPECT_NE(summary.find("status            feasible (stop: work_limit)"), std::string::npos) << summary;
  EXPECT_NE(summary.find("verification      passed"), std::string::npos) << summary;
  ASSERT_TRUE(lsmip::write_atomically(rep, json).ok());
  EXPECT_EQ(slurp(rep), json);
}

TEST(ApiRun, TheClockIsTheCallersAndTheTerminatorStopsTheSolve) {
  lsmip::Solver s;
  ASSERT_TRUE(s.read_model(p0033()).ok());
  local_search_only(s);
  const auto t0 = Clock::now();
  ASSERT_TRUE(s.set_clock([t0] { return 50.0 + std::chrono::duration<double>(Clock::now() - t0).count(); }).ok());
  ASSERT_TRUE(s.set_double_option("time_limit", 50.3).ok());
  ASSERT_TRUE(s.solve().ok());
  EXPECT_EQ(s.result().stop_reason, lsmip::StopReason::kTimeLimit);
  EXPECT_GE(s.result().seconds, 50.3);
  EXPECT_LT(s.result().seconds, 52);
  ASSERT_FALSE(s.result().improvements.empty());
  EXPECT_GE(s.result().improvements.front().seconds, 50.0);

  std::atomic<bool> flag{false};
  ASSERT_TRUE(s.set_clock({}).ok());
  ASSERT_TRUE(s.set_double_option("time_limit", 60).ok());
  ASSERT_TRUE(s.set_terminator([&flag] { return flag.load(); }).ok());
  std::thread stopper([&flag] {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    flag = true;
  });
  ASSERT_TRUE(s.solve().ok());
  stopper.join();
  EXPECT_EQ(s.result().stop_reason, lsmip::StopReason::kInterrupted);
  EXPECT_LT(s.result().seconds, 10);
}

// The model of the CLI tests: x + y + 2b <= 10, x >= 1, y - n = 0; min x + 2y - b + n.
constexpr const char* kModel =
    "NAME          SMALL\nROWS\n N  cost\n L  cap\n G  need\n E  link\nCOLUMNS\n"
    "    x         cost      1          cap       1\n    x         need      1\n"
    "    y         cost      2          cap       1\n    y         link      1\n"
    "    MARKER    'MARKER'  'INTORG'\n    b         cost      -1         cap       2\n"
    "    n         cost      1          link      -1\n    MARKER    'MARKER'  'INTEND'\n"
    "RHS\n    rhs       cap       10         need      1\nBOUNDS\n UP bnd       x         3\n"
    " UP bnd       n         5\nENDATA\n";

TEST(ApiReports, StatisticsCheckAndFailureReport) {
  const std::string dir = ::testing::TempDir();
  const std::string model = dir + "/api_small.mps";
  std::ofstream(model) << kModel;
  lsmip::Solver s;
  std::string text;
  EXPECT_EQ(s.model_statistics(lsmip::Format::kText, text).code(), ErrorCode::kNoModel);
  ASSERT_TRUE(s.read_model(model).ok());
  ASSERT_TRUE(s.model_statistics(lsmip::Format::kText, text).ok());
  EXPECT_NE(text.find("SMALL"), std::string::npos) << text;
  std::string json;
  ASSERT_TRUE(s.model_statistics(lsmip::Format::kJson, json).ok());
  EXPECT_EQ(json.front(), '{');
  EXPECT_NE(json.find("\"rows\": 3"), std::string::npos) << json;
  EXPECT_NE(json.find("\"binary\": 1"), std::string::npos) << json;

  auto check = [&](const std::string& name, const std::string& content) {
    const std::string path = dir + "/" + name;
    std::ofstream(path) << content;
    lsmip::SolutionCheck c;
    const lsmip::Error e = s.check_solution_file(path, c);
    EXPECT_TRUE(e.ok()) << e.message();
    return c;
  };
  lsmip::SolutionCheck c = check("api_good.sol", "=obj= 6\nx 1\ny 2\nb 1\nn 2\n");
  EXPECT_TRUE(c.ok());
  EXPECT_EQ(c.columns_given, 4);
  EXPECT_EQ(c.objective, 6);
  EXPECT_NE(c.text.find("feasible, objective 6"), std::string::npos) << c.text;
  EXPECT_NE(c.json.find("\"feasible\": true"), std::string::npos) << c.json;
  c = check("api_bound.sol", "x 4\ny 2\nb 1\nn 2\n");
  EXPECT_TRUE(c.claim);
  EXPECT_FALSE(c.feasible);
  EXPECT_FALSE(c.ok());
  c = check("api_obj.sol", "=obj= 7\nx 1\ny 2\nb 1\nn 2\n");
  EXPECT_TRUE(c.feasible);
  EXPECT_FALSE(c.objective_matches);
  c = check("api_none.sol", "=infeas=\n");
  EXPECT_FALSE(c.claim);
  EXPECT_FALSE(c.ok());
  lsmip::SolutionCheck unused;
  std::ofstream(dir + "/api_unknown.sol") << "x 1\nzz 2\n";
  const lsmip::Error bad = s.check_solution_file(dir + "/api_unknown.sol", unused);
  EXPECT_EQ(bad.code(), ErrorCode::kFormat);
  EXPECT_EQ(bad.message().rfind(dir + "/api_unknown.sol:2: error: ", 0), 0u) << bad.message();

  // No solve yet: the marker, and a report of a run that failed, naming the model.
  const std::string sol = dir + "/api_none_written.sol";
  EXPECT_EQ(s.write_solution(sol).code(), ErrorCode::kNoSolution);
  ASSERT_TRUE(s.write_solution(sol, lsmip::IfNoSolution::kWriteMarker).ok());
  EXPECT_EQ(slurp(sol), "=infeas=\n");
  ASSERT_TRUE(s.failure_report_json(lsmip::StopReason::kError, "f.sol:3: error: bad", 1.5, true, json).ok());
  EXPECT_NE(json.find("\"model\": \"SMALL\""), std::string::npos) << json;
  EXPECT_NE(json.find("\"stop_reason\": \"error\""), std::string::npos) << json;
  EXPECT_NE(json.find("\"error\": \"f.sol:3: error: bad\""), std::string::npos) << json;
  EXPECT_NE(json.find("\"seconds\": 1.5"), std::string::npos) << json;
  lsmip::Solver empty;
  ASSERT_TRUE(empty.failure_report_json(lsmip::StopReason::kMemoryLimit, "", 0, false, json).ok());
  EXPECT_NE(json.find("\"model\": null"), std::string::npos) << json;
  EXPECT_NE(json.find("\"stop_reason\": \"memory_limit\""), std::string::npos) << json;
  EXPECT_NE(json.find("\"error\": null"), std::string::npos) << json;
}

TEST(ApiReports, TheInitialSolutionOptionIsReadAndLogged) {
  const std::string dir = ::testing::TempDir();
  const std::string model = dir + "/api_warm.mps", warm = dir + "/api_warm.sol";
  std::ofstream(model) << kModel;
  std::ofstream(warm) << "x 1\ny 2\n";
  lsmip::Solver s;
  ASSERT_TRUE(s.read_model(model).ok());
  ASSERT_TRUE(s.set_string_option("initial_solution", warm).ok());
  ASSERT_TRUE(s.set_double_option("work_limit", 1e5).ok());
  std::string lines;
  ASSERT_TRUE(s.set_callback([&lines](const lsmip::Event& e) {
    if (e.kind == lsmip::Event::Kind::kLog) lines += std::string(e.message) + "\n";
    return false;
  }).ok());
  ASSERT_TRUE(s.solve().ok());
  EXPECT_NE(lines.find("initial solution " + warm + ": 2 of 4 columns given (partial)"), std::string::npos) << lines;
  EXPECT_TRUE(s.result().warm_start);

  std::ofstream(warm) << "x 1\nnope 2\n";
  const lsmip::Error e = s.solve();
  EXPECT_EQ(e.code(), ErrorCode::kFormat);
  EXPECT_EQ(e.message().rfind(warm + ":2: error: ", 0), 0u) << e.message();
}

}  // namespace

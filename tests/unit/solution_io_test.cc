// MIPLIB solution files: writing (atomic, %.17g, -0), reading (absent = 0,
// comments, =infeas=, errors with the line) and the independent checker.
#include "io/solution_io.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <chrono>
#include <thread>
#include <cmath>
#include <random>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "check/solution_checker.h"
#include "model/model_builder.h"
#include "test_util.h"

namespace lsmip {
namespace {

Model sample() {
  // min x + 2y + 0.1z  s.t.  x + y >= 1.5 (row a), y - z <= 0 (row b); x int in [0,3], y in [0,2], z free
  ModelBuilder b;
  b.set_obj_offset(1);
  const Index x = b.add_col("x", 0, 3, 1, true);
  const Index y = b.add_col("y", 0, 2, 2, false);
  const Index z = b.add_col("z", -kInf, kInf, 0.1, false);
  const Index a = b.add_row("a", 1.5, kInf);
  const Index c = b.add_row("b", -kInf, 0);
  b.add_entry(a, x, 1);
  b.add_entry(a, y, 1);
  b.add_entry(c, y, 1);
  b.add_entry(c, z, -1);
  return std::move(b.build()).value();
}

TEST(SolutionIo, WriteThenReadRoundTrips) {
  const Model m = sample();
  const std::vector<double> x = {1, 0.5, -0.0};
  const std::string path = ::testing::TempDir() + "/rt.sol";
  ASSERT_TRUE(io::write_solution(path, m, x, 2.1).ok());
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str(), "=obj= 2.1000000000000001\nx 1\ny 0.5\nz 0\n");
  EXPECT_FALSE(std::filesystem::exists(path + ".tmp"));
  Result<io::SolutionFile> back = io::read_solution(path, m);
  ASSERT_TRUE(back.ok()) << back.status().to_string();
  EXPECT_EQ(back->values, x);
  EXPECT_EQ(back->num_given, 3);
  EXPECT_EQ(back->objective, 2.1);
}

TEST(SolutionIo, AbsentColumnsAreZeroAndCommentsAreSkipped) {
  const Model m = sample();
  Result<io::SolutionFile> s =
      io::read_solution_text("# comment\n\n=obj= 4\ny 1.5 (obj:3)\n", "s.sol", m);
  ASSERT_TRUE(s.ok()) << s.status().to_string();
  EXPECT_EQ(s->values, (std::vector<double>{0, 1.5, 0}));
  EXPECT_EQ(s->given, (std::vector<std::uint8_t>{0, 1, 0}));
  Result<io::SolutionFile> inf = io::read_solution_text("=infeas=\n", "i.sol", m);
  ASSERT_TRUE(inf.ok());
  EXPECT_TRUE(inf->infeasible_marker);
}

TEST(SolutionIo, ErrorsNameTheLineAndToken) {
  const Model m = sample();
  struct Case {
    const char* text;
    std::int64_t line;
    const char* what;
  };
  for (const Case& c : {Case{"x 1\nw 2\n", 2, "'w'"}, Case{"x 1\ny abc\n", 2, "'abc'"},
                        Case{"x nan\n", 1, "NaN"}, Case{"x 1\nx 2\n", 2, "assigned twice"},
                        Case{"=obj= 1\n=obj= 2\n", 2, "=obj="}, Case{"x\n", 1, "'x'"},
                        Case{"x 1 junk\n", 1, "'junk'"}}) {
    Result<io::SolutionFile> s = io::read_solution_text(c.text, "bad.sol", m);
    ASSERT_FALSE(s.ok()) << c.text;
    EXPECT_EQ(s.status().where().line, c.line) << c.text;
    EXPECT_NE(s.status().message().find(c.what), std::string::npos) << s.status().message();
    EXPECT_EQ(s.status().to_string().rfind("bad.sol:" + std::to_string(c.line) + ": error: ", 0), 0u);
  }
}

TEST(SolutionChecker, AcceptsFeasibleAndNamesEachViolation) {
  const Model m = sample();
  check::CheckReport ok = check::check_solution(m, std::vector<double>{1, 0.5, 0.5}, 1e-6, 1e-6, 3.05);
  EXPECT_TRUE(ok.feasible);
  EXPECT_TRUE(ok.objective_matches) << ok.objective;
  EXPECT_DOUBLE_EQ(ok.objective, 1 + 1 + 1 + 0.05);

  check::CheckReport bound = check::check_solution(m, std::vector<double>{4, 0.5, 0.5}, 1e-6, 1e-6);
  EXPECT_FALSE(bound.feasible);
  EXPECT_EQ(bound.worst_bound_col, 0);
  EXPECT_NE(bound.describe(m).find("bound       violation 1"), std::string::npos) << bound.describe(m);

  check::CheckReport frac = check::check_solution(m, std::vector<double>{1.5, 0.5, 0.5}, 1e-6, 1e-6);
  EXPECT_FALSE(frac.feasible);
  EXPECT_EQ(frac.worst_integrality_col, 0);

  check::CheckReport row = check::check_solution(m, std::vector<double>{1, 0.4, 0.5}, 1e-6, 1e-6);
  EXPECT_FALSE(row.feasible);
  EXPECT_EQ(row.worst_row, 0);
  EXPECT_NEAR(row.max_row_violation, 0.1 / 1.5, 1e-12);  // relative to max(1, |side|)
  EXPECT_NE(row.describe(m).find("'a'"), std::string::npos);

  check::CheckReport mismatch = check::check_solution(m, std::vector<double>{1, 0.5, 0.5}, 1e-6, 1e-6, 3.1);
  EXPECT_TRUE(mismatch.feasible);
  EXPECT_FALSE(mismatch.objective_matches);
  EXPECT_FALSE(mismatch.ok());

  check::CheckReport nan = check::check_solution(m, std::vector<double>{1, std::nan(""), 0.5}, 1e-6, 1e-6);
  EXPECT_FALSE(nan.feasible);
  // Within tolerance: a row violated by 5e-7 relative passes.
  check::CheckReport tol = check::check_solution(m, std::vector<double>{1, 0.5 - 7e-7, 0.5}, 1e-6, 1e-6);
  EXPECT_TRUE(tol.feasible);
}

TEST(SolutionChecker, ObjectiveInMaximisationSense) {
  ModelBuilder b;
  b.set_sense(ObjSense::kMaximize);
  b.set_obj_offset(10);
  b.add_col("x", 0, 5, 2, false);
  const Model m = std::move(b.build()).value();
  check::CheckReport r = check::check_solution(m, std::vector<double>{3}, 1e-6, 1e-6, 16);
  EXPECT_TRUE(r.ok());
  EXPECT_EQ(r.objective, 16.0);
}

}  // namespace
}  // namespace lsmip

namespace lsmip {
namespace {

// Round trip over generated column names: whatever bytes a name holds (spaces,
// '#', quotes, backslashes, control bytes, bytes >= 0x80, the format's own
// markers), the written file reads back to the same point.
TEST(SolutionIo, AnyColumnNameRoundTrips) {
  const std::vector<std::string> fixed_names = {
      "=obj=", "=infeas=", "#x", "# y", "a b", " lead", "trail ", "\"q\"", "back\\slash",
      "tab\there", "x\x01y", "del\x7f", "\xc3\xa9t\xc3\xa9", "\xff\xfe", "(paren)", "\"",
      "\\x41", "=obj"};
  std::mt19937 rng(12345);
  for (int round = 0; round < 200; ++round) {
    ModelBuilder b;
    std::vector<std::string> names;
    if (round == 0) names = fixed_names;
    while (names.size() < 12) {
      std::string n;
      const int len = 1 + static_cast<int>(rng() % 10);
      for (int k = 0; k < len; ++k) {
        const unsigned kind = rng() % 6;
        char c = 0;
        if (kind == 0) c = ' ';
        else if (kind == 1) c = "#\"\\=()"[rng() % 6];
        else if (kind == 2) c = static_cast<char>(1 + rng() % 31);
        else if (kind == 3) c = static_cast<char>(0x80 + rng() % 128);
        else c = static_cast<char>(0x21 + rng() % 94);
        n += c;
      }
      if (std::find(names.begin(), names.end(), n) == names.end()) names.push_back(n);
    }
    std::vector<double> x;
    for (std::size_t j = 0; j < names.size(); ++j) {
      b.add_col(names[j], -100, 100, 1, false);
      x.push_back(static_cast<double>(j) - 3.25);
    }
    Result<Model> m = b.build();
    ASSERT_TRUE(m.ok()) << m.status().to_string();
    const std::string path = ::testing::TempDir() + "/names.sol";
    ASSERT_TRUE(io::write_solution(path, m.value(), x, 7.5).ok());
    const Result<io::SolutionFile> r = io::read_solution(path, m.value());
    ASSERT_TRUE(r.ok()) << "round " << round << ": " << r.status().to_string() << "\n"
                        << io::format_solution(m.value(), x, 7.5);
    EXPECT_EQ(r.value().values, x) << round;
    EXPECT_EQ(r.value().num_given, static_cast<Index>(names.size())) << round;
    ASSERT_TRUE(r.value().objective.has_value());
    EXPECT_EQ(*r.value().objective, 7.5);
    EXPECT_FALSE(r.value().infeasible_marker);
  }
}

TEST(SolutionIo, PlainNamesAreWrittenBareAndQuotedOnesReadWithTrailingText) {
  ModelBuilder b;
  b.add_col("x1", 0, 1, 1, false);
  b.add_col("a b", 0, 1, 1, false);
  const Model m = std::move(b.build()).value();
  EXPECT_EQ(io::format_solution(m, std::vector<double>{1, 0.5}, 1.5),
            "=obj= 1.5\nx1 1\n\"a b\" 0.5\n");
  const auto r = io::read_solution_text("\"a b\" 0.25 (obj:3)\n  \"x1\" 1 # c\n", "t.sol", m);
  ASSERT_TRUE(r.ok()) << r.status().to_string();
  EXPECT_EQ(r.value().values, (std::vector<double>{1, 0.25}));
  EXPECT_FALSE(io::read_solution_text("\"a b 0.25\n", "t.sol", m).ok());
  EXPECT_FALSE(io::read_solution_text("\"a\\q\" 0.25\n", "t.sol", m).ok());
}

}  // namespace
}  // namespace lsmip

namespace lsmip {
namespace {

// Through the executable: a solution of a fixed-MPS model whose names hold a
// space, a leading '#' and '=obj=' is read back by `check` and by
// --initial-solution as the same full point.
TEST(SolutionIo, OddNamesReadBackThroughTheCli) {
  const std::string model = testing::data_path("nasty/fixed_names_odd.mps");
  const std::string sol = ::testing::TempDir() + "/odd_names.sol";
  const auto solve = testing::run_command(testing::lsmip_binary() + " " + model +
                                          " --work-limit 1e5 -q --solution-file " + sol);
  ASSERT_EQ(solve.exit_code, 0) << solve.output;
  const auto check = testing::run_command(testing::lsmip_binary() + " check " + model + " " + sol);
  EXPECT_EQ(check.exit_code, 0) << check.output;
  const auto warm = testing::run_command(testing::lsmip_binary() + " " + model +
                                         " --work-limit 1e5 --initial-solution " + sol);
  EXPECT_EQ(warm.exit_code, 0) << warm.output;
  EXPECT_NE(warm.output.find("3 of 3 columns given (full)"), std::string::npos) << warm.output;
  EXPECT_NE(warm.output.find("initial solution is feasible"), std::string::npos) << warm.output;
}

// SCIP's `write solution`: status, objective, the nonzero columns with "(obj:c)".
TEST(SolutionLayouts, ScipValuesObjectiveAndOmittedColumns) {
  const Model m = sample();
  char text[512];
  std::snprintf(text, sizeof text,
                "solution status: optimal solution found\n"
                "objective value:                 %20.15g\n"
                "%-32s %20.15g \t(obj:%.15g)\n%-32s %20.15g \t(obj:%.15g)\n",
                3.05, "x", 1.0, 1.0, "y", 0.5, 2.0);
  const Result<io::SolutionFile> s = io::read_solution_text(text, "scip.sol", m);
  ASSERT_TRUE(s.ok()) << s.status().to_string();
  EXPECT_EQ(s->layout, io::SolutionLayout::kScip);
  EXPECT_EQ(s->values, (std::vector<double>{1, 0.5, 0}));
  EXPECT_EQ(s->given, (std::vector<std::uint8_t>{1, 1, 0}));
  EXPECT_EQ(s->objective, 3.05);
  EXPECT_FALSE(s->infeasible_marker);
  // A partial solution: "unknown" values are not given, an "unknown" objective is no claim.
  const Result<io::SolutionFile> partial =
      io::read_solution_text("objective value: unknown\nx 2 \t(obj:1)\ny unknown \t(obj:2)\n", "p.sol", m);
  ASSERT_TRUE(partial.ok()) << partial.status().to_string();
  EXPECT_EQ(partial->given, (std::vector<std::uint8_t>{1, 0, 0}));
  EXPECT_FALSE(partial->objective.has_value());
}

TEST(SolutionLayouts, ScipNoSolutionIsNoClaim) {
  const Model m = sample();
  for (const char* text : {"solution status: infeasible\nno solution available\n",
                           "solution status: time limit reached\nno solution available\n\n"}) {
    const Result<io::SolutionFile> s = io::read_solution_text(text, "none.sol", m);
    ASSERT_TRUE(s.ok()) << s.status().to_string();
    EXPECT_EQ(s->layout, io::SolutionLayout::kScip);
    EXPECT_TRUE(s->infeasible_marker) << text;
    EXPECT_EQ(s->num_given, 0);
    EXPECT_FALSE(s->objective.has_value());
  }
}

// HiGHS's raw style: the rows, the duals and the basis after the primal columns are
// skipped (the dual section's "# Columns" names are not read as a second assignment).
TEST(SolutionLayouts, HighsRawValuesAndObjective) {
  const Model m = sample();
  const std::string text =
      "Model status\nOptimal\n\n# Primal solution values\nFeasible\nObjective 3.05\n# Columns 3\n"
      "x 1\ny 0.5\nz 0.5\n# Rows 2\na 1.5\nb 0\n\n# Dual solution values\nFeasible\n# Columns 3\n"
      "x 0\ny 2\nz 0\n# Rows 2\na 1\nb 0\n\n# Basis\nHiGHS v1\nValid\n# Columns 3\n1 1 0\n# Rows 2\n0 1\n";
  const Result<io::SolutionFile> s = io::read_solution_text(text, "highs.sol", m);
  ASSERT_TRUE(s.ok()) << s.status().to_string();
  EXPECT_EQ(s->layout, io::SolutionLayout::kHighs);
  EXPECT_EQ(s->values, (std::vector<double>{1, 0.5, 0.5}));
  EXPECT_EQ(s->num_given, 3);
  EXPECT_EQ(s->objective, 3.05);
  EXPECT_FALSE(s->infeasible_marker);
  // The sparse style: "# Columns -N", then "name value index" for the nonzero columns.
  const Result<io::SolutionFile> sparse = io::read_solution_text(
      "Model status\nOptimal\n\n# Primal solution values\nFeasible\nObjective 2\n# Columns -1\ny 0.5 1\n",
      "sparse.sol", m);
  ASSERT_TRUE(sparse.ok()) << sparse.status().to_string();
  EXPECT_EQ(sparse->values, (std::vector<double>{0, 0.5, 0}));
  EXPECT_EQ(sparse->given, (std::vector<std::uint8_t>{0, 1, 0}));
  EXPECT_EQ(sparse->objective, 2);
}

TEST(SolutionLayouts, HighsWithoutPrimalValuesIsNoClaim) {
  const Model m = sample();
  const Result<io::SolutionFile> s = io::read_solution_text(
      "Model status\nInfeasible\n\n# Primal solution values\nNone\n\n# Dual solution values\nNone\n\n"
      "# Basis\nHiGHS v1\nNone\n",
      "inf.sol", m);
  ASSERT_TRUE(s.ok()) << s.status().to_string();
  EXPECT_EQ(s->layout, io::SolutionLayout::kHighs);
  EXPECT_TRUE(s->infeasible_marker);
  EXPECT_EQ(s->num_given, 0);
  EXPECT_FALSE(s->objective.has_value());
}

// HiGHS's pretty style, written with the writer's own field widths: no basis (a MIP) leaves
// the status blank, no duals the dual column.
std::string pretty_solution(bool with_primal) {
  std::string out = "Columns\n    Index Status        Lower        Upper       Primal         Dual  Type        Name\n";
  const char* names[] = {"x", "y", "z"};
  const char* types[] = {"Integer", "Continuous", "Continuous"};
  const double lower[] = {0, 0, -kInf}, upper[] = {3, 2, kInf}, x[] = {1, 0.5, 0.5};
  char buf[256];
  for (int j = 0; j < 3; ++j) {
    std::snprintf(buf, sizeof buf, "%9d   %4s %12g %12g", j, "", lower[j], upper[j]);
    out += buf;
    if (with_primal) {
      std::snprintf(buf, sizeof buf, " %12g", x[j]);
      out += buf;
    } else {
      out += "             ";
    }
    out += "             ";
    std::snprintf(buf, sizeof buf, "  %s  %-s\n", types[j], names[j]);
    out += buf;
  }
  out += "Rows\n    Index Status        Lower        Upper       Primal         Dual  Name\n";
  std::snprintf(buf, sizeof buf, "%9d   %4s %12g %12g %12g %12s  a\n", 0, "", 1.5, kInf, 1.5, "");
  out += buf;
  out += with_primal ? "\nModel status: Optimal\n\nObjective value: 3.05\n"
                     : "\nModel status: Infeasible\n\nObjective value: 0\n";
  return out;
}

TEST(SolutionLayouts, HighsPrettyStyle) {
  const Model m = sample();
  const Result<io::SolutionFile> s = io::read_solution_text(pretty_solution(true), "pretty.sol", m);
  ASSERT_TRUE(s.ok()) << s.status().to_string() << "\n" << pretty_solution(true);
  EXPECT_EQ(s->layout, io::SolutionLayout::kHighsPretty);
  EXPECT_EQ(s->values, (std::vector<double>{1, 0.5, 0.5}));
  EXPECT_EQ(s->num_given, 3);
  EXPECT_EQ(s->objective, 3.05);
  EXPECT_FALSE(s->infeasible_marker);
  const Result<io::SolutionFile> none = io::read_solution_text(pretty_solution(false), "none.sol", m);
  ASSERT_TRUE(none.ok()) << none.status().to_string();
  EXPECT_TRUE(none->infeasible_marker);
  EXPECT_EQ(none->num_given, 0);
  EXPECT_FALSE(none->objective.has_value());
}

TEST(SolutionLayouts, MalformedLinesNameTheFileLineAndToken) {
  const Model m = sample();
  struct Case {
    const char* text;
    std::int64_t line;
    const char* what;
  };
  const std::string highs_head = "Model status\nOptimal\n\n# Primal solution values\nFeasible\n";
  const std::string h1 = highs_head + "Objective 1\n# Columns 3\nx 1\ny abc\nz 0\n";
  const std::string h2 = highs_head + "Objective 1\n# Columns 3\nx 1\n";
  const std::string h3 = highs_head + "Objective 1\n# Columns 1\nx 1\ny 2\n";
  const std::string h4 = highs_head + "Objective 1\n# Columns 2\nx 1 7\ny 2\n";
  const std::string h5 = highs_head + "Objective 1\n# Columns three\n";
  const std::string h6 = highs_head + "Objective 1\n# Columns 1\nw 1\n";
  const std::string scip_head = "solution status: optimal solution found\n";
  const std::string s1 = scip_head + "objective value: 3\nx 1 \t(obj:1)\nw 2 \t(obj:0)\n";
  for (const Case& c : {Case{s1.c_str(), 4, "unknown variable 'w'"},
                        Case{"solution status: optimal solution found\nobjective value: abc\n", 2, "'abc'"},
                        Case{"solution status: optimal solution found\nx 1\n", 2, "expected 'objective value: VALUE'"},
                        Case{"solution status: infeasible\nno solution available\nx 1\n", 3, "'x 1'"},
                        Case{"objective value: 1\nx 1 extra\n", 2, "'extra'"},
                        Case{"Model status\nOptimal\nFeasible\n", 3,
                             "expected '# Primal solution values', got 'Feasible'"},
                        Case{"Model status\nOptimal\n\n# Primal solution values\nMaybe\n", 5, "'Maybe'"},
                        Case{h1.c_str(), 9, "'abc'"},
                        Case{h2.c_str(), 8, "ends before its 3 column values (1 read)"},
                        Case{h3.c_str(), 9, "more column values than '# Columns 1' says: 'y 2'"},
                        Case{h4.c_str(), 8, "unexpected text after the value: '7'"},
                        Case{h5.c_str(), 7, "expected '# Columns N', got '# Columns three'"},
                        Case{h6.c_str(), 8, "unknown variable 'w'"},
                        Case{"Columns\nIndex\n", 2, "expected the header"}}) {
    const Result<io::SolutionFile> s = io::read_solution_text(c.text, "bad.sol", m);
    ASSERT_FALSE(s.ok()) << c.text;
    EXPECT_EQ(s.status().where().line, c.line) << c.text << s.status().to_string();
    EXPECT_NE(s.status().message().find(c.what), std::string::npos) << s.status().message();
    EXPECT_EQ(s.status().to_string().rfind("bad.sol:" + std::to_string(c.line) + ": error: ", 0), 0u)
        << s.status().to_string();
  }
}

// Files on disk: gzip-compressed, and through `lsmip check` and `--initial-solution`, whose
// "no claim" exit code (6) covers SCIP's and HiGHS's no-solution files too.
TEST(SolutionLayouts, FilesAndTheCommandLine) {
  const Model m = sample();
  const std::string dir = ::testing::TempDir();
  const std::string gz = dir + "/scip.sol.gz";
  gzFile f = gzopen(gz.c_str(), "wb");
  const std::string scip = "solution status: optimal solution found\nobjective value: 2\ny 0.5 \t(obj:2)\n";
  gzwrite(f, scip.data(), static_cast<unsigned>(scip.size()));
  gzclose(f);
  const Result<io::SolutionFile> s = io::read_solution(gz, m);
  ASSERT_TRUE(s.ok()) << s.status().to_string();
  EXPECT_EQ(s->layout, io::SolutionLayout::kScip);
  EXPECT_EQ(s->values, (std::vector<double>{0, 0.5, 0}));

  // tests/data/bad/sol_model.mps: min x + 2y, x + y <= 4, x >= 1, x <= 3; optimum x = 1.
  const std::string model = testing::data_path("bad/sol_model.mps");
  const std::string bin = testing::lsmip_binary();
  struct Cli {
    const char* text;
    int exit_code;
  };
  const std::string highs = "Model status\nOptimal\n\n# Primal solution values\nFeasible\nObjective 1\n"
                            "# Columns 2\nx 1\ny 0\n# Rows 2\nc1 1\nc2 1\n";
  for (const Cli& c : {Cli{highs.c_str(), 0},
                       Cli{"solution status: optimal solution found\nobjective value: 1\nx 1 \t(obj:1)\n", 0},
                       Cli{"solution status: optimal solution found\nobjective value: 7\nx 1 \t(obj:1)\n", 4},
                       Cli{"solution status: infeasible\nno solution available\n", 6},
                       Cli{"Model status\nInfeasible\n\n# Primal solution values\nNone\n\n"
                           "# Dual solution values\nNone\n",
                           6}}) {
    const std::string sol = dir + "/cli_layout.sol";
    std::ofstream(sol) << c.text;
    const auto r = testing::run_command(bin + " check " + model + " " + sol);
    EXPECT_EQ(r.exit_code, c.exit_code) << c.text << "\n" << r.output;
  }
  const std::string start = dir + "/start.sol";
  std::ofstream(start) << "solution status: feasible\nobjective value: 1\nx 1 \t(obj:1)\n";
  const auto r = testing::run_command(bin + " " + model + " --work-limit 1e4 --initial-solution " + start);
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("1 of 2 columns given"), std::string::npos) << r.output;
}

// A FIFO with no writer ends at the stop; one that is written is read whole.
TEST(SolutionLayouts, FifoIsReadWithoutBlocking) {
  const Model m = sample();
  const std::string path = ::testing::TempDir() + "/solution.fifo";
  std::remove(path.c_str());
  ASSERT_EQ(mkfifo(path.c_str(), 0600), 0);
  const auto start = std::chrono::steady_clock::now();
  const Result<io::SolutionFile> stopped = io::read_solution(path, m, [start] {
    return std::chrono::steady_clock::now() - start > std::chrono::milliseconds(300);
  });
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_FALSE(stopped.ok());
  EXPECT_EQ(stopped.status().code(), StatusCode::kInterrupted) << stopped.status().to_string();
  EXPECT_LT(secs, 0.5);
  std::thread writer([&] {
    const int fd = ::open(path.c_str(), O_WRONLY);
    if (fd < 0) return;
    const std::string text = "Model status\nOptimal\n\n# Primal solution values\nFeasible\nObjective 1\n# Columns 1\nx 1\n";
    if (::write(fd, text.data(), text.size()) < 0) {
    }
    ::close(fd);
  });
  const Result<io::SolutionFile> read = io::read_solution(path, m, [] { return false; });
  writer.join();
  ASSERT_TRUE(read.ok()) << read.status().to_string();
  EXPECT_EQ(read->values, (std::vector<double>{1, 0, 0}));
  std::remove(path.c_str());
}

}  // namespace
}  // namespace lsmip

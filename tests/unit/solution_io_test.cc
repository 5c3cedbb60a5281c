// MIPLIB solution files: writing (atomic, %.17g, -0), reading (absent = 0,
// comments, =infeas=, errors with the line) and the independent checker.
#include "io/solution_io.h"

#include <gtest/gtest.h>

#include <algorithm>
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

}  // namespace
}  // namespace lsmip

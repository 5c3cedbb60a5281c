// Tests of the CPLEX LP reader: one tiny model per convention, the documented
// probes of docs/formats-and-conventions.md A.2 (tests/data/lp), errors with
// their exact FILE:LINE and the offending token, and the equivalence of the
// same problem read from MPS and from LP.
#include "io/lp_reader.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "io/mps_reader.h"
#include "test_util.h"

namespace lsmip::io {
namespace {

// Reads `text` as "t.lp"; warnings are collected in `warnings` when given.
Result<Model> read(std::string_view text, std::vector<std::string>* warnings = nullptr) {
  std::vector<std::string> lines;
  Logger log(LogLevel::kNormal, nullptr);
  log.set_sink([&lines](const std::string& s) { lines.push_back(s); });
  Result<Model> r = read_lp_text(text, "t.lp", LpReadOptions{}, log);
  if (warnings != nullptr) *warnings = lines;
  return r;
}

Index col(const Model& m, std::string_view name) {
  const std::optional<Index> j = m.col_names().find(name);
  EXPECT_TRUE(j.has_value()) << "no column " << name;
  return j.value_or(0);
}

Index row(const Model& m, std::string_view name) {
  const std::optional<Index> i = m.row_names().find(name);
  EXPECT_TRUE(i.has_value()) << "no row " << name;
  return i.value_or(0);
}

// Coefficient of column `c` in row `r` (0 when absent).
double coef(const Model& m, std::string_view r, std::string_view c) {
  const SparseVector v = m.row(row(m, r));
  const Index j = col(m, c);
  for (std::size_t k = 0; k < v.size(); ++k) {
    if (v.index[k] == j) return v.value[k];
  }
  return 0.0;
}

bool any_contains(const std::vector<std::string>& lines, std::string_view part) {
  for (const std::string& s : lines) {
    if (s.find(part) != std::string::npos) return true;
  }
  return false;
}

// Expects reading `text` to fail with `code` at t.lp:`line`, naming `token` in quotes.
void expect_error(std::string_view text, std::int64_t line, std::string_view token,
                  StatusCode code = StatusCode::kInputError) {
  const Result<Model> r = read(text);
  ASSERT_FALSE(r.ok()) << text;
  EXPECT_EQ(r.status().code(), code) << r.status().to_string();
  EXPECT_EQ(r.status().where().file, "t.lp");
  EXPECT_EQ(r.status().where().line, line) << r.status().to_string();
  const std::string prefix = "t.lp:" + std::to_string(line) + ": error: ";
  EXPECT_EQ(r.status().to_string().rfind(prefix, 0), 0u) << r.status().to_string();
  if (!token.empty()) {
    EXPECT_NE(r.status().message().find("'" + std::string(token) + "'"), std::string::npos)
        << r.status().message();
  }
}

// --- The basic structure -----------------------------------------------------

TEST(LpReader, SmallModel) {
  const auto r = read(
      "Minimize\n"
      " obj: 2 x + 3 y\n"
      "Subject To\n"
      " c1: x + y >= 1\n"
      " c2: x - y <= 4\n"
      "Bounds\n"
      " y <= 10\n"
      "End\n");
  ASSERT_TRUE(r.ok()) << r.status().to_string();
  const Model& m = r.value();
  EXPECT_EQ(m.num_cols(), 2);
  EXPECT_EQ(m.num_rows(), 2);
  EXPECT_EQ(m.num_nonzeros(), 4);
  EXPECT_EQ(m.sense(), ObjSense::kMinimize);
  EXPECT_EQ(m.name(), "t");
  EXPECT_EQ(m.col_name(0), "x");
  EXPECT_EQ(m.col_name(1), "y");
  EXPECT_EQ(m.obj(0), 2.0);
  EXPECT_EQ(m.obj(1), 3.0);
  EXPECT_EQ(m.col_lower(0), 0.0);
  EXPECT_EQ(m.col_upper(0), kInf);
  EXPECT_EQ(m.col_upper(1), 10.0);
  EXPECT_EQ(m.row_lower(row(m, "c1")), 1.0);
  EXPECT_EQ(m.row_upper(row(m, "c1")), kInf);
  EXPECT_EQ(m.row_lower(row(m, "c2")), -kInf);
  EXPECT_EQ(m.row_upper(row(m, "c2")), 4.0);
  EXPECT_EQ(coef(m, "c2", "y"), -1.0);
  EXPECT_FALSE(m.is_integer(0));
}

TEST(LpReader, ObjectiveSenseKeywords) {
  for (const char* kw : {"min", "MIN", "Minimize", "MINIMUM", "minimise"}) {
    const auto r = read(std::string(kw) + "\n x\nst\n x >= 1\nend\n");
    ASSERT_TRUE(r.ok()) << kw << ": " << r.status().to_string();
    EXPECT_EQ(r->sense(), ObjSense::kMinimize) << kw;
    EXPECT_EQ(r->obj(0), 1.0) << kw;
  }
  for (const char* kw : {"max", "MAX", "Maximize", "MAXIMUM", "maximise"}) {
    const auto r = read(std::string(kw) + "\n x\nst\n x <= 1\nend\n");
    ASSERT_TRUE(r.ok()) << kw << ": " << r.status().to_string();
    EXPECT_EQ(r->sense(), ObjSense::kMaximize) << kw;
    EXPECT_EQ(r->obj(0), -1.0) << kw;  // minimisation form
    EXPECT_EQ(r->original_objective(r->obj(0)), 1.0);
  }
}

TEST(LpReader, ObjectiveConstantAndName) {
  // Maximisation with a constant: stored negated in minimisation form.
  auto r = read("maximize\n obj: 3 x + 2 y + 4\nsubject to\n x + y <= 1\nend\n");
  ASSERT_TRUE(r.ok()) << r.status().to_string();
  EXPECT_EQ(r->obj_offset(), -4.0);
  EXPECT_EQ(r->obj(col(r.value(), "x")), -3.0);
  EXPECT_EQ(r->num_cols(), 2);  // the name "obj" is not a column
  // Constants may come anywhere and are summed; the objective may be unnamed.
  r = read("minimize\n 1.5 + x - 0.5\nst\n x >= 0\nend\n");
  ASSERT_TRUE(r.ok()) << r.status().to_string();
  EXPECT_EQ(r->obj_offset(), 1.0);
  // The objective may start on the keyword's line; it may be empty.
  r = read("minimize obj: 2 x\nst\n x >= 0\nend\n");
  ASSERT_TRUE(r.ok()) << r.status().to_string();
  EXPECT_EQ(r->obj(0), 2.0);
  r = read("minimize\nsubject to\n x >= 0\nend\n");
  ASSERT_TRUE(r.ok()) << r.status().to_string();
  EXPECT_EQ(r->obj(0), 0.0);
  EXPECT_EQ(r->obj_offset(), 0.0);
}

TEST(LpReader, ConstraintSectionKeywords) {
  for (const char* kw : {"subject to", "Subject  To", "SUCH THAT", "st", "ST", "s.t.", "S.T.",
                         "st."}) {
    const auto r = read(std::string("min\n x\n") + kw + "\n x >= 1\nend\n");
    ASSERT_TRUE(r.ok()) << kw << ": " << r.status().to_string();
    EXPECT_EQ(r->num_rows(), 1) << kw;
  }
}

TEST(LpReader, UnnamedRowsAreNumberedByPosition) {
  const auto r = read("min\n x\nst\n x >= 1\n r: x <= 9\n x + y >= 2\nend\n");
  ASSERT_TRUE(r.ok()) << r.status().to_string();
  EXPECT_EQ(r->row_name(0), "c1");
  EXPECT_EQ(r->row_name(1), "r");
  EXPECT_EQ(r->row_name(2), "c3");
}

TEST(LpReader, GeneratedRowNamesSkipExplicitOnes) {
  // Decision: a generated name never collides; it moves on to the next free number.
  auto r = read("min\n x\nst\n x >= 1\n c1: x <= 9\n x >= 0\nend\n");
  ASSERT_TRUE(r.ok()) << r.status().to_string();
  EXPECT_EQ(r->row_name(0), "c2");
  EXPECT_EQ(r->row_name(1), "c1");
  EXPECT_EQ(r->row_name(2), "c3");
  // An explicit name later in the file is also respected.
  r = read("min\n x\nst\n x >= 1\n x >= 2\n x >= 3\n c2: x <= 9\nend\n");
  ASSERT_TRUE(r.ok()) << r.status().to_string();
  EXPECT_EQ(r->row_name(0), "c1");
  EXPECT_EQ(r->row_name(1), "c3");
  EXPECT_EQ(r->row_name(2), "c4");
  EXPECT_EQ(r->row_name(3), "c2");
}

TEST(LpReader, SenseTokens) {
  const auto r = read(
      "min\n x\nst\n"
      " a: x < 1\n b: x <= 2\n c: x =< 3\n"
      " d: x > 4\n e: x >= 5\n f: x => 6\n g: x = 7\nend\n");
  ASSERT_TRUE(r.ok()) << r.status().to_string();
  const Model& m = r.value();
  for (const char* n : {"a", "b", "c"}) {
    EXPECT_EQ(m.row_lower(row(m, n)), -kInf) << n;
  }
  EXPECT_EQ(m.row_upper(row(m, "a")), 1.0);
  EXPECT_EQ(m.row_upper(row(m, "b")), 2.0);
  EXPECT_EQ(m.row_upper(row(m, "c")), 3.0);
  for (const char* n : {"d", "e", "f"}) {
    EXPECT_EQ(m.row_upper(row(m, n)), kInf) << n;
  }
  EXPECT_EQ(m.row_lower(row(m, "d")), 4.0);
  EXPECT_EQ(m.row_lower(row(m, "e")), 5.0);
  EXPECT_EQ(m.row_lower(row(m, "f")), 6.0);
  EXPECT_EQ(m.row_lower(row(m, "g")), 7.0);
  EXPECT_EQ(m.row_upper(row(m, "g")), 7.0);
}

TEST(LpReader, RangesAndReversedRows) {
  std::vector<std::string> warnings;
  const auto r = read(
      "min\n x + y\nst\n"
      " r: -5 <= x + y <= 8\n"
      " s: 8 >= x - y >= -5\n"
      " t: 3 >= x\n"
      " u: -2 = y\n"
      " v: x + y <= +inf\n"
      "end\n",
      &warnings);
  ASSERT_TRUE(r.ok()) << r.status().to_string();
  const Model& m = r.value();
  EXPECT_EQ(m.row_lower(row(m, "r")), -5.0);
  EXPECT_EQ(m.row_upper(row(m, "r")), 8.0);
  EXPECT_EQ(m.row_lower(row(m, "s")), -5.0);
  EXPECT_EQ(m.row_upper(row(m, "s")), 8.0);
  EXPECT_EQ(m.row_lower(row(m, "t")), -kInf);
  EXPECT_EQ(m.row_upper(row(m, "t")), 3.0);
  EXPECT_EQ(m.row_lower(row(m, "u")), -2.0);
  EXPECT_EQ(m.row_upper(row(m, "u")), -2.0);
  EXPECT_EQ(m.row_lower(row(m, "v")), -kInf);
  EXPECT_EQ(m.row_upper(row(m, "v")), kInf);
  EXPECT_TRUE(any_contains(warnings, "t.lp:4: row 'r' is written as a double-sided range"));
}

TEST(LpReader, TermSpellings) {
  const auto r = read(
      "min\n 3 x + 3y - z + 2.5e-3 w - 4.x1 + 1e2v + 2e1\n"
      "st\n c: - x + -2 y - - z + 1E+1 w + .5x1 + 3 e1 >= 0\nend\n");
  ASSERT_TRUE(r.ok()) << r.status().to_string();
  const Model& m = r.value();
  EXPECT_EQ(m.obj(col(m, "x")), 3.0);
  EXPECT_EQ(m.obj(col(m, "y")), 3.0);  // "3y": CPLEX allows a glued coefficient
  EXPECT_EQ(m.obj(col(m, "z")), -1.0);
  EXPECT_EQ(m.obj(col(m, "w")), 2.5e-3);
  EXPECT_EQ(m.obj(col(m, "x1")), -4.0);
  EXPECT_EQ(m.obj(col(m, "v")), 100.0);
  EXPECT_EQ(m.obj_offset(), 20.0);
  EXPECT_EQ(coef(m, "c", "x"), -1.0);
  EXPECT_EQ(coef(m, "c", "y"), -2.0);
  EXPECT_EQ(coef(m, "c", "z"), 1.0);
  EXPECT_EQ(coef(m, "c", "w"), 10.0);
  EXPECT_EQ(coef(m, "c", "x1"), 0.5);
  EXPECT_EQ(coef(m, "c", "e1"), 3.0);  // a name like e1 is fine after a blank
}

TEST(LpReader, NameCharacters) {
  const auto r = read(
      "min\n x.1 + y_2 + z(3) + a!\"#$%&/,;?@`'{}|~ + E12\nst\n r.1[a]: x.1 >= 0\nend\n");
  // '[' is a quadratic term marker even inside a would-be name.
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), StatusCode::kUnsupported);
  const auto s = read(
      "min\n x.1 + y_2 + z(3) + a!\"#$%&/,;?@`'{}|~ + E12\nst\n r.1{a}: x.1 >= 0\nend\n");
  ASSERT_TRUE(s.ok()) << s.status().to_string();
  EXPECT_EQ(s->num_cols(), 5);
  EXPECT_EQ(s->col_name(3), "a!\"#$%&/,;?@`'{}|~");
  EXPECT_EQ(s->col_name(4), "E12");
  EXPECT_EQ(s->row_name(0), "r.1{a}");
}

TEST(LpReader, LineContinuation) {
  const auto r = read(
      "minimize\n obj: x\n + 2 y\n\n   + 3\n z\n"
      "subject to\n c1:\n x +\n y\n >=\n 2\n c2: x\n - z = 0\nend\n");
  ASSERT_TRUE(r.ok()) << r.status().to_string();
  const Model& m = r.value();
  EXPECT_EQ(m.obj(col(m, "z")), 3.0);
  EXPECT_EQ(m.row_lower(row(m, "c1")), 2.0);
  EXPECT_EQ(coef(m, "c2", "z"), -1.0);
}

TEST(LpReader, KeywordFollowedByColonIsAName) {
  const auto r = read("min\n x\nst\n st: x >= 1\n end : x <= 4\nend\n");
  ASSERT_TRUE(r.ok()) << r.status().to_string();
  EXPECT_EQ(r->row_name(0), "st");
  EXPECT_EQ(r->row_name(1), "end");
}

TEST(LpReader, RepeatedVariableIsSummedWithWarning) {
  std::vector<std::string> warnings;
  const auto r = read("min\n x + 2 x + y\nst\n c: x + y - y + 3 x >= 1\nend\n", &warnings);
  ASSERT_TRUE(r.ok()) << r.status().to_string();
  const Model& m = r.value();
  EXPECT_EQ(m.obj(col(m, "x")), 3.0);
  EXPECT_EQ(coef(m, "c", "x"), 4.0);
  EXPECT_EQ(m.row(row(m, "c")).size(), 1u);  // y cancels out and leaves no entry
  EXPECT_TRUE(
      any_contains(warnings, "t.lp:2: variable 'x' appears more than once in the objective"));
  EXPECT_TRUE(any_contains(warnings, "t.lp:4: variable 'y' appears more than once in row 'c'"));
}

// --- Bounds -----------------------------------------------------------------

TEST(LpReader, BoundForms) {
  const auto r = read(
      "min\n a + b + c + d + e + f + g + h + i\nst\n a + b >= 0\n"
      "bounds\n"
      " -1 <= a <= 2\n"
      " b >= -3\n"
      " c <= 4\n"
      " d = 5\n"
      " e free\n"
      " -inf <= f\n"
      " g >= -INF\n g <= +Infinity\n"
      " 7 >= h >= -infinity\n"
      " i <= 1e30\n i >= -1e400\n"
      "end\n");
  ASSERT_TRUE(r.ok()) << r.status().to_string();
  const Model& m = r.value();
  const auto lb = [&](const char* n) { return m.col_lower(col(m, n)); };
  const auto ub = [&](const char* n) { return m.col_upper(col(m, n)); };
  EXPECT_EQ(lb("a"), -1.0);
  EXPECT_EQ(ub("a"), 2.0);
  EXPECT_EQ(lb("b"), -3.0);
  EXPECT_EQ(ub("b"), kInf);
  EXPECT_EQ(lb("c"), 0.0);
  EXPECT_EQ(ub("c"), 4.0);
  EXPECT_EQ(lb("d"), 5.0);
  EXPECT_EQ(ub("d"), 5.0);
  EXPECT_EQ(lb("e"), -kInf);
  EXPECT_EQ(ub("e"), kInf);
  EXPECT_EQ(lb("f"), -kInf);
  EXPECT_EQ(ub("f"), kInf);
  EXPECT_EQ(lb("g"), -kInf);
  EXPECT_EQ(ub("g"), kInf);
  EXPECT_EQ(lb("h"), -kInf);
  EXPECT_EQ(ub("h"), 7.0);
  EXPECT_EQ(lb("i"), -kInf);
  EXPECT_EQ(ub("i"), kInf);
}

TEST(LpReader, LastBoundWins) {
  std::vector<std::string> warnings;
  const auto r = read("min\n x\nst\n x >= -9\nbound\n x <= 4\n x <= 6\n x free\n x >= -2\nend\n",
                      &warnings);
  ASSERT_TRUE(r.ok()) << r.status().to_string();
  EXPECT_EQ(r->col_lower(0), -2.0);
  EXPECT_EQ(r->col_upper(0), kInf);
  EXPECT_TRUE(any_contains(warnings, "t.lp:7: upper bound of 'x' changed from 4 to 6"));
}

TEST(LpReader, NegativeUpperBoundKeepsLowerZero) {
  std::vector<std::string> warnings;
  Logger log(LogLevel::kNormal, nullptr);
  log.set_sink([&warnings](const std::string& s) { warnings.push_back(s); });
  const auto r = read_lp(testing::data_path("lp/negub.lp"), LpReadOptions{}, log);
  ASSERT_TRUE(r.ok()) << r.status().to_string();
  EXPECT_EQ(r->col_lower(0), 0.0);  // not the MPS rule: lb stays 0
  EXPECT_EQ(r->col_upper(0), -5.0);
  EXPECT_TRUE(r->is_integer(0));
  EXPECT_TRUE(r->first_empty_domain().has_value());
  EXPECT_TRUE(any_contains(warnings, "negub.lp:8: hint: 'x' has upper bound -5"));
  // With an explicit lower bound there is no hint.
  std::vector<std::string> none;
  const auto s = read("min\n x\nst\n x >= -9\nbounds\n x >= -10\n x <= -5\nend\n", &none);
  ASSERT_TRUE(s.ok()) << s.status().to_string();
  EXPECT_EQ(s->col_lower(0), -10.0);
  EXPECT_FALSE(any_contains(none, "hint"));
}

TEST(LpReader, InfinitySpellingsProbe) {
  Logger log(LogLevel::kQuiet, nullptr);
  const auto r = read_lp(testing::data_path("lp/infbounds.lp"), LpReadOptions{}, log);
  ASSERT_TRUE(r.ok()) << r.status().to_string();
  for (Index j = 0; j < 2; ++j) {
    EXPECT_EQ(r->col_lower(j), -kInf);
    EXPECT_EQ(r->col_upper(j), kInf);
  }
  EXPECT_EQ(r->name(), "infbounds");
}

TEST(LpReader, FreeIntegerProbe) {
  Logger log(LogLevel::kQuiet, nullptr);
  const auto r = read_lp(testing::data_path("lp/freeint.lp"), LpReadOptions{}, log);
  ASSERT_TRUE(r.ok()) << r.status().to_string();
  EXPECT_TRUE(r->is_integer(0));
  EXPECT_EQ(r->col_lower(0), -kInf);
  EXPECT_EQ(r->col_upper(0), kInf);
  EXPECT_EQ(r->row_lower(0), -7.5);
}

TEST(LpReader, RangeProbe) {
  Logger log(LogLevel::kQuiet, nullptr);
  const auto r = read_lp(testing::data_path("lp/range2.lp"), LpReadOptions{}, log);
  ASSERT_TRUE(r.ok()) << r.status().to_string();
  EXPECT_EQ(r->row_lower(0), -5.0);
  EXPECT_EQ(r->row_upper(0), 8.0);
  EXPECT_EQ(r->sense(), ObjSense::kMaximize);
}

// --- Integrality ----------------------------------------------------------------

TEST(LpReader, IntegralitySectionKeywords) {
  for (const char* kw : {"general", "Generals", "GEN", "integer", "INTEGERS"}) {
    const auto r = read(std::string("min\n x + y\nst\n x + y >= 1\nbounds\n y <= 7\n") + kw +
                        "\n x y\nend\n");
    ASSERT_TRUE(r.ok()) << kw << ": " << r.status().to_string();
    EXPECT_TRUE(r->is_integer(0)) << kw;
    EXPECT_TRUE(r->is_integer(1)) << kw;
    EXPECT_EQ(r->col_upper(0), kInf) << kw;  // generals keep their bounds
    EXPECT_EQ(r->col_upper(1), 7.0) << kw;
  }
  for (const char* kw : {"binary", "Binaries", "BIN"}) {
    const auto r = read(std::string("min\n x\nst\n x >= 0\n") + kw + "\n x\nend\n");
    ASSERT_TRUE(r.ok()) << kw << ": " << r.status().to_string();
    EXPECT_TRUE(r->is_binary(0)) << kw;
    EXPECT_EQ(r->col_lower(0), 0.0);
    EXPECT_EQ(r->col_upper(0), 1.0);
  }
}

TEST(LpReader, BinaryWinsOverConflictingBounds) {
  std::vector<std::string> warnings;
  Logger log(LogLevel::kNormal, nullptr);
  log.set_sink([&warnings](const std::string& s) { warnings.push_back(s); });
  const auto r = read_lp(testing::data_path("lp/binbounds.lp"), LpReadOptions{}, log);
  ASSERT_TRUE(r.ok()) << r.status().to_string();
  const Model& m = r.value();
  const Index x = col(m, "x"), y = col(m, "y");
  EXPECT_TRUE(m.is_binary(x));
  EXPECT_EQ(m.col_upper(x), 1.0);
  EXPECT_TRUE(m.is_integer(y));
  EXPECT_EQ(m.col_upper(y), 10.0);
  EXPECT_EQ(m.obj_offset(), -4.0);
  EXPECT_TRUE(any_contains(warnings, "binbounds.lp:10: binary 'x' has bounds [0, 5]"));
}

TEST(LpReader, BinaryKeepsCompatibleBounds) {
  // A bound inside [0,1] is not a conflict: "x = 1" fixes the binary.
  std::vector<std::string> warnings;
  const auto r = read("min\n x + y\nst\n x + y >= 0\nbounds\n x = 1\n y >= -3\nbin\n x y\nend\n",
                      &warnings);
  ASSERT_TRUE(r.ok()) << r.status().to_string();
  EXPECT_EQ(r->col_lower(0), 1.0);
  EXPECT_EQ(r->col_upper(0), 1.0);
  EXPECT_EQ(r->col_lower(1), 0.0);  // -3 is outside [0,1]: binary wins
  EXPECT_EQ(r->col_upper(1), 1.0);
  EXPECT_FALSE(any_contains(warnings, "binary 'x'"));
  EXPECT_TRUE(any_contains(warnings, "binary 'y'"));
}

// --- Columns ------------------------------------------------------------------

TEST(LpReader, ColumnsInOrderOfFirstAppearance) {
  std::vector<std::string> warnings;
  const auto r = read(
      "max\n b + a\nst\n c + a >= 1\n d <= 3\nbounds\n e <= 2\n a <= 4\ngenerals\n f a\nend\n",
      &warnings);
  ASSERT_TRUE(r.ok()) << r.status().to_string();
  const Model& m = r.value();
  ASSERT_EQ(m.num_cols(), 6);
  const char* order[] = {"b", "a", "c", "d", "e", "f"};
  for (Index j = 0; j < 6; ++j) EXPECT_EQ(m.col_name(j), order[j]);
  EXPECT_EQ(m.col_upper(col(m, "e")), 2.0);
  EXPECT_EQ(m.col_lower(col(m, "f")), 0.0);
  EXPECT_EQ(m.col_upper(col(m, "f")), kInf);
  EXPECT_TRUE(m.is_integer(col(m, "f")));
  EXPECT_EQ(m.obj(col(m, "e")), 0.0);
  EXPECT_TRUE(any_contains(warnings, "t.lp:7: variable 'e' appears only from section 'bounds'"));
  EXPECT_TRUE(any_contains(warnings, "t.lp:10: variable 'f' appears only from section 'generals'"));
}

// --- Comments, END and files ------------------------------------------------------

TEST(LpReader, Comments) {
  const auto r = read(
      "\\ a line comment\n"
      "\\* a block comment on one line *\\\n"
      "min \\ comment after a keyword\n"
      " x + \\* inline block *\\ y\n"
      "\\* a block\n"
      "   over lines: st x >= 100\n"
      "*\\ st\n"
      " c: x + y >= 1 \\ trailing\n"
      "\\****************\\\n"
      "end\n");
  ASSERT_TRUE(r.ok()) << r.status().to_string();
  EXPECT_EQ(r->num_cols(), 2);
  EXPECT_EQ(r->num_rows(), 1);
  EXPECT_EQ(r->row_lower(0), 1.0);
}

TEST(LpReader, MissingEndIsAccepted) {
  // Decision: EOF ends the model like END (HiGHS does the same), silently.
  std::vector<std::string> warnings;
  const auto r = read("min\n x\nst\n x >= 1", &warnings);
  ASSERT_TRUE(r.ok()) << r.status().to_string();
  EXPECT_EQ(r->num_rows(), 1);
  EXPECT_TRUE(warnings.empty());
}

TEST(LpReader, TextAfterEndIsIgnoredWithWarning) {
  std::vector<std::string> warnings;
  const auto r = read("min\n x\nst\n x >= 1\nend\n\\ fine\n\n x >= 2 junk\n", &warnings);
  ASSERT_TRUE(r.ok()) << r.status().to_string();
  EXPECT_EQ(r->num_rows(), 1);
  EXPECT_TRUE(any_contains(warnings, "t.lp:8: text after 'end' is ignored"));
}

TEST(LpReader, ExampleFilePlainAndGzip) {
  for (const char* file : {"lp/example.lp", "lp/example.lp.gz"}) {
    std::vector<std::string> warnings;
    Logger log(LogLevel::kNormal, nullptr);
    log.set_sink([&warnings](const std::string& s) { warnings.push_back(s); });
    const auto r = read_lp(testing::data_path(file), LpReadOptions{}, log);
    ASSERT_TRUE(r.ok()) << r.status().to_string();
    const Model& m = r.value();
    EXPECT_EQ(m.name(), "example");
    EXPECT_EQ(m.sense(), ObjSense::kMaximize);
    EXPECT_EQ(m.obj_offset(), 0.5);
    ASSERT_EQ(m.num_cols(), 4);
    ASSERT_EQ(m.num_rows(), 4);
    EXPECT_EQ(m.obj(col(m, "x2")), -4.0);
    EXPECT_EQ(m.row_name(1), "c2");
    EXPECT_EQ(m.row_name(3), "c4");
    EXPECT_EQ(m.row_lower(row(m, "c4")), 1.0);
    EXPECT_EQ(m.row_lower(row(m, "mix")), -1.0);
    EXPECT_EQ(m.row_upper(row(m, "mix")), 2.0);
    EXPECT_EQ(coef(m, "c2", "x3"), 2.0);
    EXPECT_EQ(m.num_nonzeros(), 10);
    EXPECT_TRUE(m.is_binary(col(m, "x2")));
    EXPECT_TRUE(m.is_integer(col(m, "x3")));
    EXPECT_EQ(m.col_lower(col(m, "x3")), -kInf);
    EXPECT_EQ(m.col_lower(col(m, "x4")), 2.0);
    EXPECT_EQ(m.col_upper(col(m, "x4")), 2.0);
    EXPECT_TRUE(any_contains(warnings, "variable 'x4' appears only from section 'bounds'"));
  }
}

TEST(LpReader, MissingFileIsAnIoError) {
  Logger log(LogLevel::kQuiet, nullptr);
  const auto r = read_lp(testing::data_path("lp/no-such-file.lp"), LpReadOptions{}, log);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), StatusCode::kIoError);
}

TEST(LpReader, TruncatedGzipIsAnError) {
  const std::string path =
      (std::filesystem::temp_directory_path() / "lsmip_lp_reader_truncated.lp.gz").string();
  std::string text = "min\n obj: x + y\nst\n";
  for (int i = 0; i < 2000; ++i) text += " r" + std::to_string(i) + ": x + y >= 1\n";
  text += "end\n";
  {
    gzFile f = gzopen(path.c_str(), "wb");
    ASSERT_NE(f, nullptr);
    gzwrite(f, text.data(), static_cast<unsigned>(text.size()));
    gzclose(f);
  }
  std::filesystem::resize_file(path, std::filesystem::file_size(path) / 2);
  Logger log(LogLevel::kQuiet, nullptr);
  const auto r = read_lp(path, LpReadOptions{}, log);
  std::filesystem::remove(path);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().where().file, path);
}

TEST(LpReader, ByteOrderMarkIsSkipped) {
  const auto r = read("\xEF\xBB\xBFMinimize\n x\nst\n x >= 1\nend\n");
  ASSERT_TRUE(r.ok()) << r.status().to_string();
  EXPECT_EQ(r->num_rows(), 1);
}

TEST(LpReader, GarbageAfterEnd) {
  std::vector<std::string> warnings;
  const auto r = read("min\n x\nst\n x >= 1\nend * junk\n", &warnings);
  ASSERT_TRUE(r.ok()) << r.status().to_string();
  EXPECT_TRUE(any_contains(warnings, "t.lp:5: text after 'end' is ignored"));
  // A binary file is an error even after END.
  const std::string nul("min\n x\nend\n\0\n", 13);
  expect_error(nul, 4, "");
}

// --- Errors -------------------------------------------------------------------

TEST(LpReader, LeftHandSideConstantIsAnError) {
  Logger log(LogLevel::kQuiet, nullptr);
  const auto r = read_lp(testing::data_path("lp/lhsconst.lp"), LpReadOptions{}, log);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), StatusCode::kInputError);
  EXPECT_EQ(r.status().where().line, 5);
  EXPECT_NE(r.status().message().find("constant '-1' on the left-hand side of row 'c1'"),
            std::string::npos)
      << r.status().message();
  expect_error("min\n x\nst\n c: 3 x + 2 >= 5\nend\n", 4, "+2");
  expect_error("min\n x\nst\n 2 + x >= 5\nend\n", 4, "2");
}

TEST(LpReader, UnsupportedConstructs) {
  const StatusCode u = StatusCode::kUnsupported;
  Logger log(LogLevel::kQuiet, nullptr);
  const auto r = read_lp(testing::data_path("lp/semicont.lp"), LpReadOptions{}, log);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), u);
  EXPECT_EQ(r.status().where().line, 8);
  EXPECT_NE(r.status().message().find("'Semi-Continuous'"), std::string::npos);
  EXPECT_NE(r.status().message().find("semi-continuous variables"), std::string::npos);
  const std::string head = "min\n x\nst\n x >= 0\n";
  expect_error(head + "semi\n x\nend\n", 5, "semi", u);
  expect_error(head + "SEMIS\n x\nend\n", 5, "SEMIS", u);
  expect_error(head + "SOS\n s1: S1:: x:1 y:2\nend\n", 5, "SOS", u);
  expect_error(head + "General Constraints\n g: x = MAX ( y , 2 )\nend\n", 5,
               "General Constraints", u);
  expect_error(head + "Lazy Constraints\n x <= 4\nend\n", 5, "Lazy Constraints", u);
  expect_error(head + "User Cuts\n x <= 4\nend\n", 5, "User Cuts", u);
  expect_error(head + "PWLObj\n x: (0, 0) (1, 2)\nend\n", 5, "PWLObj", u);
  expect_error("minimize multi-objectives\n o1: x\nend\n", 1, "multi-objectives", u);
  expect_error("min\n x + [ x ^ 2 ] / 2\nst\n x >= 0\nend\n", 2, "[", u);
  expect_error("min\n x\nst\n q: x + y ^ 2 <= 4\nend\n", 4, "^", u);
  expect_error("min\n x\nst\n i: b = 1 -> x + y <= 3\nend\n", 4, "->", u);
  expect_error("min\n x\nst\n i: b = 1 <-> x + y <= 3\nend\n", 4, "<->", u);
}

TEST(LpReader, EmptyAndGarbageInput) {
  // An empty file has no line to point at: "t.lp: error: ...".
  const auto empty = read("");
  ASSERT_FALSE(empty.ok());
  EXPECT_EQ(empty.status().to_string(),
            "t.lp: error: expected 'minimize' or 'maximize', found end of file");
  expect_error("\\ only a comment\n\n", 2, "");
  expect_error("hello world\nmin\n x\nend\n", 1, "hello");
  expect_error("subject to\n x >= 1\nend\n", 1, "subject to");
  const std::string nul("min\n x\x01\0\x02\n", 11);
  expect_error(nul, 2, "");
  expect_error("min\n x \x01 y\nend\n", 2, "");
  expect_error("min\n x \xC3\xA9 y\nend\n", 2, "");
  expect_error("min\n 3 * x\nend\n", 2, "*");
}

TEST(LpReader, TruncatedInput) {
  expect_error("min\n x\nst\n c1: x + y >=", 4, "");
  expect_error("min\n x\nst\n c1: x + y", 4, "");
  expect_error("min\n x\nst\n c1: x + y\nbounds\n x <= 1\n", 5, "bounds");
  expect_error("min\n x\nbounds\n x <=", 4, "");
  expect_error("min\n x\nbounds\n 0 <= ", 4, "");
  expect_error("min\n x\nst\n c1: x + y >= 1\n\\* an open block comment\n x >= 2\n", 5, "");
}

TEST(LpReader, NumberErrors) {
  expect_error("min\n x\nst\n c: x >= nan\nend\n", 4, "nan");
  expect_error("min\n x\nbounds\n x <= -NaN\nend\n", 4, "-NaN");
  expect_error("min\n nan x\nend\n", 2, "nan");
  expect_error("min\n x + nan\nend\n", 2, "nan");
  expect_error("min\n 1e400 x\nend\n", 2, "1e400");
  expect_error("min\n x\nst\n c: 1e20 x >= 1\nend\n", 4, "1e20");
  expect_error("min\n x + 1e30\nend\n", 2, "+1e30");
  expect_error("min\n x\nbounds\n x = 1e400\nend\n", 4, "1e400");
  expect_error("min\n x\nbounds\n x = -inf\nend\n", 4, "-inf");
  expect_error("min\n x\nbounds\n x >= inf\nend\n", 4, "inf");
  expect_error("min\n x\nbounds\n x <= -infinity\nend\n", 4, "-infinity");
  expect_error("min\n x\nst\n c: x >= 1e400\nend\n", 4, "1e400");
  expect_error("min\n x\nst\n c: x <= -1e400\nend\n", 4, "-1e400");
  expect_error("min\n x\nst\n c: x = inf\nend\n", 4, "inf");
  expect_error("min\n 0x1F\nend\n", 2, "0x1F");
  expect_error("min\n 2e3e4\nend\n", 2, "2e3e4");
  expect_error("min\n 3ex\nend\n", 2, "3ex");
  expect_error("min\n 1.2.3 x\nend\n", 2, ".3");
  // Underflow reads as zero: the column exists but has no cost.
  const auto r = read("min\n 1e-400 x\nst\n x >= 0\nend\n");
  ASSERT_TRUE(r.ok()) << r.status().to_string();
  EXPECT_EQ(r->obj(0), 0.0);
}

TEST(LpReader, SyntaxErrorsNameTheToken) {
  expect_error("min\n x y\nend\n", 2, "y");
  expect_error("min\n x\nst\n c: x + y >= 2 z\nend\n", 4, "z");
  expect_error("min\n x\nst\n c: x + y >= 2 c2: x <= 1\nend\n", 4, "c2");
  expect_error("min\n x\nst\n c: x + y >= y\nend\n", 4, "y");
  expect_error("min\n x\nst\n c: x + y >= 2 <= 3\nend\n", 4, "<=");
  expect_error("min\n x\nst\n c: x + >= 2\nend\n", 4, ">=");
  expect_error("min\n x\nst\n c: >= 2\nend\n", 4, ">=");
  expect_error("min\n x\nst\n c: 1 <= x >= 0\nend\n", 4, ">=");
  expect_error("min\n x\nst\n c: 1 = x = 1\nend\n", 4, "=");
  expect_error("min\n x\nst\n c: x == 1\nend\n", 4, "=");
  expect_error("min\n x\nst\n 1c: x >= 1\nend\n", 4, "1c");
  expect_error("min\n x\nst\n 1: x >= 1\nend\n", 4, "1");
  expect_error("min\n x <= 2\nst\n x >= 1\nend\n", 2, "<=");
  expect_error("min\n x\nst\n c: x >= 1\n c: x <= 2\nend\n", 5, "c");
  expect_error("min\n x\nmax\n x\nend\n", 3, "max");
  expect_error("min\n x\nbounds\n x <= 1\nst\n x >= 1\nend\n", 5, "st");
  expect_error("min\n inf\nend\n", 2, "inf");
  expect_error("min\n x\nbounds\n x y\nend\n", 4, "y");
  expect_error("min\n x\nbounds\n 2 x <= 3\nend\n", 4, "2");
  expect_error("min\n x\nbounds\n x <= 3 y <= 4\nend\n", 4, "y");
  expect_error("min\n x\nbounds\n 0 <= x = 3\nend\n", 4, "=");
  expect_error("min\n x\nbounds\n - x <= 3\nend\n", 4, "-");
  expect_error("min\n x\ngenerals\n x 1x\nend\n", 4, "1x");
  expect_error("min\n x\ngenerals\n x+y\nend\n", 4, "x+y");
  expect_error("min\n x\nbinaries\n x:\nend\n", 4, "x:");
  expect_error("min\n x\ngenerals\n x nan\nend\n", 4, "nan");
  expect_error("min\n x\nst\n c: 2ex >= 1\nend\n", 4, "2ex");
}

TEST(LpReader, MutatedInputNeverCrashes) {
  // Deterministic mutations of a valid model: every outcome must be a model
  // or a located error; the sanitizer builds check memory safety.
  const std::string base =
      "\\* header *\\\nMaximize\n obj: 3 x + 2y - 0.5 z + 4\nSubject To\n c1: x + y <= 4\n"
      " -5 <= x - z <= 8\n c3: 2 x + 3 y + z >= 1\nBounds\n x <= 10\n -inf <= z <= 3\n y free\n"
      "Generals\n x\nBinaries\n y\nEnd\n";
  const std::string pieces[] = {"\\", "\\*", "*\\", ":",    "<=", ">=", "=", "-",
                                "+",  "e",   "1e400", "nan", "inf", "\n", " ", "st",
                                "free", "[", "->",   "0x",  ".",   "\xff"};
  std::uint64_t state = 12345;
  const auto next = [&state](std::uint64_t n) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<std::size_t>((state >> 33) % n);
  };
  int ok = 0;
  for (int iter = 0; iter < 3000; ++iter) {
    std::string text = base;
    const std::size_t edits = 1 + next(4);
    for (std::size_t e = 0; e < edits; ++e) {
      const std::size_t at = next(text.size() + 1);
      switch (next(4)) {
        case 0: text.erase(at, 1 + next(6)); break;
        case 1: text.insert(at, pieces[next(std::size(pieces))]); break;
        case 2: text.resize(at); break;
        default:
          if (at < text.size()) text[at] = static_cast<char>(next(256));
          break;
      }
    }
    const auto r = read(text);
    if (r.ok()) {
      ++ok;
      continue;
    }
    const StatusCode c = r.status().code();
    ASSERT_TRUE(c == StatusCode::kInputError || c == StatusCode::kUnsupported) << text;
    ASSERT_EQ(r.status().where().file, "t.lp") << text;
    ASSERT_FALSE(r.status().message().empty()) << text;
    const auto lines = static_cast<std::int64_t>(std::count(text.begin(), text.end(), '\n')) + 1;
    ASSERT_LE(r.status().where().line, lines) << text;
  }
  EXPECT_GT(ok, 0);
}

// --- MPS and LP give the same model ----------------------------------------------

// Compares every array of two models by column and row name; the names in `b`
// carry `b_prefix`.
void expect_same_model(const Model& a, const Model& b, const std::string& b_prefix = "") {
  ASSERT_EQ(a.num_cols(), b.num_cols());
  ASSERT_EQ(a.num_rows(), b.num_rows());
  ASSERT_EQ(a.num_nonzeros(), b.num_nonzeros());
  EXPECT_EQ(a.sense(), b.sense());
  EXPECT_DOUBLE_EQ(a.obj_offset(), b.obj_offset());
  std::vector<Index> col_map(static_cast<std::size_t>(a.num_cols()));
  for (Index j = 0; j < a.num_cols(); ++j) {
    const std::optional<Index> k = b.col_names().find(b_prefix + a.col_name(j));
    ASSERT_TRUE(k.has_value()) << "column " << a.col_name(j);
    col_map[static_cast<std::size_t>(j)] = *k;
    EXPECT_EQ(a.col_lower(j), b.col_lower(*k)) << a.col_name(j);
    EXPECT_EQ(a.col_upper(j), b.col_upper(*k)) << a.col_name(j);
    EXPECT_EQ(a.obj(j), b.obj(*k)) << a.col_name(j);
    EXPECT_EQ(a.is_integer(j), b.is_integer(*k)) << a.col_name(j);
  }
  for (Index i = 0; i < a.num_rows(); ++i) {
    const std::optional<Index> k = b.row_names().find(b_prefix + a.row_name(i));
    ASSERT_TRUE(k.has_value()) << "row " << a.row_name(i);
    EXPECT_EQ(a.row_lower(i), b.row_lower(*k)) << a.row_name(i);
    EXPECT_EQ(a.row_upper(i), b.row_upper(*k)) << a.row_name(i);
    std::map<Index, double> ra, rb;
    const SparseVector va = a.row(i), vb = b.row(*k);
    for (std::size_t p = 0; p < va.size(); ++p) ra[col_map[va.index[p]]] = va.value[p];
    for (std::size_t p = 0; p < vb.size(); ++p) rb[vb.index[p]] = vb.value[p];
    EXPECT_EQ(ra, rb) << a.row_name(i);
  }
}

TEST(LpReader, SameModelAsMps) {
  Logger log(LogLevel::kQuiet, nullptr);
  const auto lp = read_lp(testing::data_path("lp/equiv.lp"), LpReadOptions{}, log);
  const auto mps = read_mps(testing::data_path("lp/equiv.mps"), MpsReadOptions{}, log);
  ASSERT_TRUE(lp.ok()) << lp.status().to_string();
  ASSERT_TRUE(mps.ok()) << mps.status().to_string();
  EXPECT_EQ(lp->num_cols(), 6);
  EXPECT_EQ(lp->num_rows(), 4);
  expect_same_model(mps.value(), lp.value());
}

// Writes `m` in the conservative LP dialect (explicit bounds for every column,
// 17 significant digits), for the round trip below. Every name gets the
// prefix "n_", since MPS names such as "001" or "..." are not valid in LP.
std::string write_lp(const Model& m) {
  std::string out;
  const auto col_name = [&m](Index j) { return "n_" + m.col_name(j); };
  char buf[64];
  const auto num = [&buf](double v) {
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return std::string(buf);
  };
  const auto bound = [&num](double v) {
    return v == kInf ? std::string("+inf") : v == -kInf ? std::string("-inf") : num(v);
  };
  const double s = m.sense() == ObjSense::kMaximize ? -1.0 : 1.0;
  out += m.sense() == ObjSense::kMaximize ? "Maximize\n obj:" : "Minimize\n obj:";
  for (Index j = 0; j < m.num_cols(); ++j) {
    if (m.obj(j) != 0.0) out += "\n + " + num(s * m.obj(j)) + " " + col_name(j);
  }
  if (m.obj_offset() != 0.0) out += "\n + " + num(s * m.obj_offset());
  out += "\nSubject To\n";
  for (Index i = 0; i < m.num_rows(); ++i) {
    std::string lhs;
    const SparseVector v = m.row(i);
    for (std::size_t p = 0; p < v.size(); ++p) {
      lhs += " + " + num(v.value[p]) + " " + col_name(v.index[p]);
    }
    if (lhs.empty()) lhs = " 0 " + col_name(0);
    const double lo = m.row_lower(i), up = m.row_upper(i);
    out += " n_" + m.row_name(i) + ":";
    if (lo == up) {
      out += lhs + " = " + num(lo) + "\n";
    } else if (lo == -kInf) {
      out += lhs + " <= " + bound(up) + "\n";
    } else if (up == kInf) {
      out += lhs + " >= " + num(lo) + "\n";
    } else {
      out += " " + num(lo) + " <=" + lhs + " <= " + num(up) + "\n";
    }
  }
  out += "Bounds\n";
  for (Index j = 0; j < m.num_cols(); ++j) {
    out += " " + bound(m.col_lower(j)) + " <= " + col_name(j) + " <= " +
           bound(m.col_upper(j)) + "\n";
  }
  out += "Generals\n";
  for (Index j = 0; j < m.num_cols(); ++j) {
    if (m.is_integer(j)) out += " " + col_name(j) + "\n";
  }
  out += "End\n";
  return out;
}

TEST(LpReader, MiplibInstancesRoundTripThroughLp) {
  const char* const kInstances[] = {
      "10teams", "air03", "bell3a", "bell5", "blend2", "dcmulti", "egout", "enigma", "fiber",
      "fixnet6", "flugpl", "gesa2", "gt2", "khb05250", "lseu", "misc03", "misc07", "mod008",
      "mod010", "modglob", "noswot", "p0033", "p0201", "p0282", "p0548", "p2756", "pp08a",
      "qnet1", "rgn", "set1ch", "stein27", "stein45", "vpm1", "vpm2"};
  for (const char* name : kInstances) {
    Logger log(LogLevel::kQuiet, nullptr);
    const std::string path = testing::data_path(std::string("models/small/") + name + ".mps.gz");
    const auto mps = read_mps(path, MpsReadOptions{}, log);
    ASSERT_TRUE(mps.ok()) << mps.status().to_string();
    const std::string text = write_lp(mps.value());
    const auto lp = read_lp_text(text, std::string(name) + ".lp", LpReadOptions{}, log);
    ASSERT_TRUE(lp.ok()) << name << ": " << lp.status().to_string();
    SCOPED_TRACE(name);
    expect_same_model(mps.value(), lp.value(), "n_");
  }
}

}  // namespace
}  // namespace lsmip::io

// One tiny model per MPS convention, asserting the model that was built.
#include "io/mps_reader.h"
#include "io/number_parser.h"

#include <gtest/gtest.h>

#include <cmath>

#include "test_util.h"

namespace lsmip {
namespace {

struct Read {
  Result<Model> model;
  std::string log;
};

Read read(const std::string& text, io::MpsReadOptions options = {}) {
  std::string captured;
  Logger log(LogLevel::kNormal);
  log.set_sink([&](const std::string& s) { captured += s; });
  Result<Model> m = io::read_mps_text(text, "t.mps", options, log);
  return {std::move(m), captured};
}

Model ok(const std::string& text, io::MpsReadOptions options = {}) {
  Read r = read(text, options);
  EXPECT_TRUE(r.model.ok()) << r.model.status().to_string();
  if (!r.model.ok()) return Model();
  return std::move(r.model).value();
}

Index col(const Model& m, const std::string& name) { return *m.col_names().find(name); }
Index row(const Model& m, const std::string& name) { return *m.row_names().find(name); }

const char* kMarkerDefault = R"(NAME          MARKDEF
ROWS
 N  obj
 L  c1
COLUMNS
    MARKER                 'MARKER'                 'INTORG'
    x         obj                 -1   c1                   1
    MARKER                 'MARKER'                 'INTEND'
    y         obj                  2   c1                   3
RHS
    rhs       c1                  10
ENDATA
)";

TEST(MpsReader, MarkerIntegerWithoutBoundsIsBinary) {
  const Model m = ok(kMarkerDefault);
  EXPECT_EQ(m.name(), "MARKDEF");
  ASSERT_EQ(m.num_cols(), 2);
  ASSERT_EQ(m.num_rows(), 1);
  EXPECT_EQ(m.num_nonzeros(), 2);
  const Index x = col(m, "x"), y = col(m, "y");
  EXPECT_TRUE(m.is_integer(x));
  EXPECT_TRUE(m.is_binary(x));
  EXPECT_FALSE(m.is_integer(y));
  EXPECT_EQ(m.col_upper(y), kInf);
  EXPECT_EQ(m.obj(x), -1.0);
  EXPECT_EQ(m.row_lower(0), -kInf);
  EXPECT_EQ(m.row_upper(0), 10.0);
}

std::string with_bounds(const std::string& bounds) {
  std::string t = kMarkerDefault;
  t.replace(t.find("ENDATA"), 6, "BOUNDS\n" + bounds + "ENDATA");
  return t;
}

TEST(MpsReader, AnyBoundOtherThanBvCancelsBinaryDefault) {
  Model m = ok(with_bounds(" LO BND x 0\n"));
  EXPECT_EQ(m.col_lower(col(m, "x")), 0.0);
  EXPECT_EQ(m.col_upper(col(m, "x")), kInf);
  m = ok(with_bounds(" UP BND x 5\n"));
  EXPECT_EQ(m.col_upper(col(m, "x")), 5.0);
  m = ok(with_bounds(" BV BND x\n"));
  EXPECT_TRUE(m.is_binary(col(m, "x")));
  m = ok(with_bounds(" MI BND x\n"));
  EXPECT_EQ(m.col_lower(col(m, "x")), -kInf);
  EXPECT_EQ(m.col_upper(col(m, "x")), kInf);
}

TEST(MpsReader, AllBoundTypes) {
  const Model m = ok(R"(NAME B
ROWS
 N obj
 G c
COLUMNS
 a c 1
 b c 1
 c c 1
 d c 1
 e c 1
 f c 1
 g c 1
 h c 1
 i c 1
BOUNDS
 UP BND a 4
 LO BND b -2
 FX BND c 3.5
 FR BND d
 MI BND e
 PL BND f
 BV BND g
 LI BND h 2
 UI BND i 7
ENDATA
)");
  auto b = [&](const char* n) { return std::make_pair(m.col_lower(col(m, n)), m.col_upper(col(m, n))); };
  EXPECT_EQ(b("a"), std::make_pair(0.0, 4.0));
  EXPECT_EQ(b("b"), std::make_pair(-2.0, kInf));
  EXPECT_EQ(b("c"), std::make_pair(3.5, 3.5));
  EXPECT_EQ(b("d"), std::make_pair(-kInf, kInf));
  EXPECT_EQ(b("e"), std::make_pair(-kInf, kInf));
  EXPECT_EQ(b("f"), std::make_pair(0.0, kInf));
  EXPECT_EQ(b("g"), std::make_pair(0.0, 1.0));
  EXPECT_EQ(b("h"), std::make_pair(2.0, kInf));
  EXPECT_EQ(b("i"), std::make_pair(0.0, 7.0));
  EXPECT_TRUE(m.is_integer(col(m, "g")));
  EXPECT_TRUE(m.is_integer(col(m, "h")));
  EXPECT_TRUE(m.is_integer(col(m, "i")));
  EXPECT_FALSE(m.is_integer(col(m, "a")));
}

TEST(MpsReader, NegativeUpperWithoutLowerFreesLowerWithWarning) {
  const std::string text = with_bounds(" UP BND y -5\n");
  Read r = read(text);
  ASSERT_TRUE(r.model.ok());
  const Model& m = r.model.value();
  EXPECT_EQ(m.col_lower(col(m, "y")), -kInf);
  EXPECT_EQ(m.col_upper(col(m, "y")), -5.0);
  EXPECT_NE(r.log.find("'y'"), std::string::npos) << r.log;
  EXPECT_NE(r.log.find("-infinity"), std::string::npos) << r.log;
  // The other reading keeps the lower bound at zero (an empty domain).
  io::MpsReadOptions keep;
  keep.negative_upper = io::MpsReadOptions::NegativeUpper::kKeepZero;
  const Model k = ok(text, keep);
  EXPECT_EQ(k.col_lower(col(k, "y")), 0.0);
  EXPECT_TRUE(k.first_empty_domain().has_value());
  // With an explicit LO the rule does not fire.
  const Model lo = ok(with_bounds(" LO BND y -10\n UP BND y -5\n"));
  EXPECT_EQ(lo.col_lower(col(lo, "y")), -10.0);
  // UI follows the same rule, on an integer column.
  const Model ui = ok(with_bounds(" UI BND x -3\n"));
  EXPECT_EQ(ui.col_lower(col(ui, "x")), -kInf);
  EXPECT_EQ(ui.col_upper(col(ui, "x")), -3.0);
}

TEST(MpsReader, ObjectiveOffsetFromRhsOnObjectiveRow) {
  const Model m = ok(R"(NAME OFF
ROWS
 N obj
 G c1
COLUMNS
 x obj 1 c1 1
RHS
 rhs c1 2 obj 10
ENDATA
)");
  EXPECT_EQ(m.obj_offset(), -10.0);
  EXPECT_EQ(m.row_lower(0), 2.0);
}

TEST(MpsReader, ObjsenseBothLayouts) {
  const char* body = R"(ROWS
 N obj
 L c1
COLUMNS
 x obj 1 c1 1
RHS
 rhs c1 7 obj 3
ENDATA
)";
  for (const std::string head : {"NAME S\nOBJSENSE MAX\n", "NAME S\nOBJSENSE\n    MAX\n",
                                  "NAME S\nOBJSENSE\n  MAXIMIZE\n", "NAME S\nOBJSENSE MAXIMIZE\n"}) {
    SCOPED_TRACE(head);
    const Model m = ok(head + body);
    EXPECT_EQ(m.sense(), ObjSense::kMaximize);
    EXPECT_EQ(m.obj(0), -1.0);          // stored in minimisation form
    EXPECT_EQ(m.obj_offset(), 3.0);     // -(-3)
    EXPECT_EQ(m.original_objective(m.obj_offset() + m.obj(0) * 7), 7.0 - 3.0);
  }
  for (const std::string head : {"NAME S\nOBJSENSE MIN\n", "NAME S\nOBJSENSE\n MINIMIZE\n"}) {
    EXPECT_EQ(ok(head + body).sense(), ObjSense::kMinimize);
  }
}

TEST(MpsReader, RangesTable) {
  // E with R > 0: [rhs, rhs+|R|]; E with R < 0: [rhs-|R|, rhs]; L: [rhs-|R|, rhs]; G: [rhs, rhs+|R|].
  const Model m = ok(R"(NAME R
ROWS
 N obj
 E e1
 E e2
 L l1
 G g1
 E e3
COLUMNS
 x e1 1 e2 1
 x l1 1 g1 1
 x e3 1
RHS
 rhs e1 5 e2 5
 rhs l1 5 g1 5
 rhs e3 5
RANGES
 rng e1 3 e2 -3
 rng l1 -3 g1 -3
 rng e3 0
ENDATA
)");
  auto r = [&](const char* n) { return std::make_pair(m.row_lower(row(m, n)), m.row_upper(row(m, n))); };
  EXPECT_EQ(r("e1"), std::make_pair(5.0, 8.0));
  EXPECT_EQ(r("e2"), std::make_pair(2.0, 5.0));
  EXPECT_EQ(r("l1"), std::make_pair(2.0, 5.0));
  EXPECT_EQ(r("g1"), std::make_pair(5.0, 8.0));
  EXPECT_EQ(r("e3"), std::make_pair(5.0, 5.0));
}

TEST(MpsReader, FurtherNRowsAreDroppedWithWarning) {
  Read r = read(R"(NAME F
ROWS
 N obj
 N other
 L c1
COLUMNS
 x obj 1 other 5
 x c1 1
RHS
 rhs c1 1 other 3
ENDATA
)");
  ASSERT_TRUE(r.model.ok()) << r.model.status().to_string();
  EXPECT_EQ(r.model->num_rows(), 1);
  EXPECT_EQ(r.model->num_nonzeros(), 1);
  EXPECT_EQ(r.model->obj(0), 1.0);
  EXPECT_NE(r.log.find("free row 'other'"), std::string::npos) << r.log;
}

TEST(MpsReader, ObjnameSelectsObjective) {
  const Model m = ok(R"(NAME O
OBJNAME
    cost2
ROWS
 N cost1
 N cost2
 L c1
COLUMNS
 x cost1 1 cost2 4
 x c1 1
ENDATA
)");
  EXPECT_EQ(m.obj(0), 4.0);
}

TEST(MpsReader, InfinityThreshold) {
  const Model m = ok(R"(NAME I
ROWS
 N obj
 L c1
 G c2
COLUMNS
 x obj 1 c1 1
 x c2 1
 y c1 1
RHS
 rhs c1 1e20 c2 -1e30
BOUNDS
 UP BND x 1e30
 LO BND y -1e20
 UP BND y 1.9e19
ENDATA
)");
  EXPECT_EQ(m.col_upper(col(m, "x")), kInf);
  EXPECT_EQ(m.col_lower(col(m, "y")), -kInf);
  EXPECT_EQ(m.col_upper(col(m, "y")), 1.9e19);
  EXPECT_EQ(m.row_upper(0), kInf);
  EXPECT_EQ(m.row_lower(1), -kInf);
}

// A fixed-format data line: fields placed at columns 2, 5, 15, 25, 40, 50.
std::string fixed_line(std::initializer_list<const char*> fields) {
  static constexpr std::size_t kStart[] = {1, 4, 14, 24, 39, 49};
  std::string line;
  std::size_t k = 0;
  for (const char* f : fields) {
    line.resize(kStart[k++], ' ');
    line += f;
  }
  return line + "\n";
}

TEST(MpsReader, FixedFormatWithSpacesInNames) {
  const std::string text = "NAME          FIXED\nROWS\n" + fixed_line({"N", "COST"}) +
                           fixed_line({"L", "LIM 1"}) + fixed_line({"G", "LIM 2"}) + "COLUMNS\n" +
                           fixed_line({"", "X ONE", "COST", "1.0", "LIM 1", "1.0"}) +
                           fixed_line({"", "X ONE", "LIM 2", "1.0"}) +
                           fixed_line({"", "Y TWO", "COST", "2.0", "LIM 1", "1.0"}) + "RHS\n" +
                           fixed_line({"", "RHS", "LIM 1", "4.0", "LIM 2", "1.0"}) + "BOUNDS\n" +
                           fixed_line({"UP", "BND", "Y TWO", "3.0"}) + "ENDATA\n";
  const Model m = ok(text);
  ASSERT_EQ(m.num_cols(), 2);
  EXPECT_TRUE(m.col_names().find("X ONE").has_value());
  EXPECT_EQ(m.col_upper(col(m, "Y TWO")), 3.0);
  EXPECT_EQ(m.row_upper(row(m, "LIM 1")), 4.0);
  EXPECT_EQ(m.row_lower(row(m, "LIM 2")), 1.0);
  EXPECT_EQ(m.num_nonzeros(), 3);
}

TEST(MpsReader, FreeAndFixedGiveTheSameModel) {
  const std::string fixed =
      "NAME          SAME\n"
      "ROWS\n"
      " N  COST\n"
      " L  LIM1\n"
      "COLUMNS\n"
      "    X         COST               1.0   LIM1               1.0\n"
      "    Y         COST               2.0   LIM1               1.0\n"
      "RHS\n"
      "    RHS       LIM1               4.0\n"
      "BOUNDS\n"
      " UP BND       Y                  3.0\n"
      "ENDATA\n";
  io::MpsReadOptions as_fixed;
  as_fixed.format = io::MpsReadOptions::Format::kFixed;
  const Model a = ok(fixed), b = ok(fixed, as_fixed);
  EXPECT_EQ(a.matrix().row_value, b.matrix().row_value);
  EXPECT_EQ(a.matrix().row_index, b.matrix().row_index);
  EXPECT_EQ(std::vector<double>(a.col_upper().begin(), a.col_upper().end()),
            std::vector<double>(b.col_upper().begin(), b.col_upper().end()));
  EXPECT_EQ(a.row_upper(0), b.row_upper(0));
}

TEST(MpsReader, RhsAndBoundsWithoutSetNames) {
  const Model m = ok("NAME N\nROWS\n N obj\n L c1\nCOLUMNS\n x obj 1 c1 1\nRHS\n c1 6\n"
                     "BOUNDS\n UP x 2\nENDATA\n");
  EXPECT_EQ(m.row_upper(0), 6.0);
  EXPECT_EQ(m.col_upper(0), 2.0);
}

TEST(MpsReader, CommentsBlankLinesCrlfAndDExponents) {
  const Model m = ok("* a comment\r\nNAME C\r\n\r\nROWS\r\n N obj\r\n L c1\r\nCOLUMNS\r\n"
                     "* another\r\n x obj 1.5D+00 c1 1\r\nRHS\r\n rhs c1 2d1\r\nENDATA\r\n");
  EXPECT_EQ(m.obj(0), 1.5);
  EXPECT_EQ(m.row_upper(0), 20.0);
}

TEST(MpsReader, NegativeZeroIsNormalised) {
  const Model m = ok("NAME Z\nROWS\n N obj\n L c1\nCOLUMNS\n x obj -0 c1 1\nRHS\n rhs c1 -0.0\nENDATA\n");
  EXPECT_FALSE(std::signbit(m.obj(0)));
  EXPECT_FALSE(std::signbit(m.row_upper(0)));
}

TEST(MpsReader, ReadsGzipFromDisk) {
  const Model m = [] {
    Logger log(LogLevel::kQuiet);
    Result<Model> r = io::read_mps(testing::data_path("models/tiny.mps.gz"), {}, log);
    EXPECT_TRUE(r.ok()) << r.status().to_string();
    return r.ok() ? std::move(r).value() : Model();
  }();
  EXPECT_GT(m.num_cols(), 0);
}

}  // namespace
}  // namespace lsmip

namespace lsmip {
namespace {

TEST(NumberParser, OverflowUnderflowInfinityAndJunk) {
  double v = 0;
  EXPECT_EQ(io::parse_number("1" + std::string(400, '0'), v), io::NumberParse::kOk);
  EXPECT_EQ(v, kInf);  // a long integer without exponent overflows to +inf
  EXPECT_EQ(io::parse_number("-1e400", v), io::NumberParse::kOk);
  EXPECT_EQ(v, -kInf);
  EXPECT_EQ(io::parse_number("1e-400", v), io::NumberParse::kOk);
  EXPECT_EQ(v, 0.0);
  EXPECT_EQ(io::parse_number("0.000000001e-400", v), io::NumberParse::kOk);
  EXPECT_EQ(v, 0.0);
  EXPECT_EQ(io::parse_number("+2.5D+01", v), io::NumberParse::kOk);
  EXPECT_EQ(v, 25.0);
  EXPECT_EQ(io::parse_number("1e20", v), io::NumberParse::kOk);
  EXPECT_EQ(v, kInf);
  EXPECT_EQ(io::parse_number("-Infinity", v), io::NumberParse::kOk);
  EXPECT_EQ(v, -kInf);
  EXPECT_EQ(io::parse_number("nan", v), io::NumberParse::kNaN);
  EXPECT_EQ(io::parse_number("0x10", v), io::NumberParse::kInvalid);
  EXPECT_EQ(io::parse_number("1.5.2", v), io::NumberParse::kInvalid);
  EXPECT_EQ(io::parse_number("--1", v), io::NumberParse::kInvalid);
  EXPECT_EQ(io::parse_number("", v), io::NumberParse::kInvalid);
}

}  // namespace
}  // namespace lsmip

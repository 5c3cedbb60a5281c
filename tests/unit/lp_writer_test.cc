// Tests of the LP and model-file writers: a model written as CPLEX LP reads back through
// our LP reader into the same arrays (every kind of row and bound, a maximisation sense,
// an offset, names like section keywords, numbers that need all their digits, long rows,
// gzip), names the format cannot carry are refused naming them, and the file name picks
// the format.
#include "io/lp_writer.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <string>

#include "io/lp_reader.h"
#include "io/model_writer.h"
#include "io/mps_reader.h"
#include "model/model_builder.h"
#include "test_util.h"
#include "util/atomic_file.h"

namespace lsmip::io {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

Result<Model> read_text(const std::string& text) {
  Logger quiet(LogLevel::kQuiet);
  return read_lp_text(text, "w.lp", LpReadOptions{}, quiet);
}

// Every array of the two models is the same (the model name aside).
void expect_same(const Model& a, const Model& b) {
  ASSERT_EQ(a.num_cols(), b.num_cols());
  ASSERT_EQ(a.num_rows(), b.num_rows());
  EXPECT_EQ(a.sense(), b.sense());
  EXPECT_EQ(a.obj_offset(), b.obj_offset());
  for (Index j = 0; j < a.num_cols(); ++j) {
    EXPECT_EQ(a.col_name(j), b.col_name(j));
    EXPECT_EQ(a.col_lower(j), b.col_lower(j)) << a.col_name(j);
    EXPECT_EQ(a.col_upper(j), b.col_upper(j)) << a.col_name(j);
    EXPECT_EQ(a.obj(j), b.obj(j)) << a.col_name(j);
    EXPECT_EQ(a.is_integer(j), b.is_integer(j)) << a.col_name(j);
  }
  for (Index i = 0; i < a.num_rows(); ++i) {
    EXPECT_EQ(a.row_name(i), b.row_name(i));
    EXPECT_EQ(a.row_lower(i), b.row_lower(i)) << a.row_name(i);
    EXPECT_EQ(a.row_upper(i), b.row_upper(i)) << a.row_name(i);
    const SparseVector ra = a.row(i), rb = b.row(i);
    ASSERT_EQ(ra.size(), rb.size()) << a.row_name(i);
    for (std::size_t k = 0; k < ra.size(); ++k) {
      EXPECT_EQ(ra.index[k], rb.index[k]) << a.row_name(i);
      EXPECT_EQ(ra.value[k], rb.value[k]) << a.row_name(i);
    }
  }
}

// A model with every kind of row (<=, >=, =, ranged, empty) and bound (default, fixed,
// free, negative upper, integer with an infinite upper, binary), a column in no row and
// with no cost, section-keyword and other odd but legal names, and numbers that need all
// their digits.
Model odd_model(ObjSense sense) {
  ModelBuilder b;
  b.set_name("odd");
  b.set_sense(sense);
  b.set_obj_offset(-2.75);
  const Index x = b.add_col("x", 0, kInf, 1.0 / 3.0, false);
  const Index fixed = b.add_col("fixed", 3, 3, -1, true);
  const Index free = b.add_col("free", -kInf, kInf, 0.25, false);
  const Index neg = b.add_col("neg_up", -10, -2.5, 1e-7, false);
  const Index end = b.add_col("end", 0, 1, 123456789.125, true);       // a keyword, integer
  const Index st = b.add_col("st", -4, kInf, -3.5e15, true);           // a keyword, integer
  const Index e5 = b.add_col("e5", 0, 7, 2, true);                      // reads like an exponent
  const Index sym = b.add_col("a.b{1}#~", 0, 1, 0, false);
  b.add_col("lonely", 0, 1, 0, false);                                  // in no row, no cost
  const Index le = b.add_row("le", -kInf, 4.5);
  const Index ge = b.add_row("ge", -1, kInf);
  const Index eq = b.add_row("eq", 1.5, 1.5);
  const Index rng = b.add_row("ranged", -2, 7.125);
  b.add_row("empty", -kInf, 3);
  const Index bounds = b.add_row("bounds", 0, kInf);                    // a keyword as a row name
  for (Index j : {x, fixed, free, neg}) b.add_entry(le, j, 1.0 + 0.1 * j);
  for (Index j : {end, st, e5, sym}) b.add_entry(ge, j, -0.3 * (j + 1));
  b.add_entry(eq, x, 1), b.add_entry(eq, e5, 1e-12);
  b.add_entry(rng, st, 2), b.add_entry(rng, free, -1e9);
  b.add_entry(bounds, end, 1), b.add_entry(bounds, x, 1);
  return testing::build_model(b);
}

TEST(LpWriter, EveryKindOfRowAndBoundReadsBackAsTheSameModel) {
  for (ObjSense sense : {ObjSense::kMinimize, ObjSense::kMaximize}) {
    const Model m = odd_model(sense);
    Result<std::string> text = format_lp(m);
    ASSERT_TRUE(text.ok()) << text.status().to_string();
    Result<Model> back = read_text(text.value());
    ASSERT_TRUE(back.ok()) << back.status().to_string() << "\n" << text.value();
    expect_same(m, back.value());
  }
}

TEST(LpWriter, AFreeRowReadsBackFree) {
  ModelBuilder b;
  const Index x = b.add_col("x", 0, 1, 1, false);
  const Index r = b.add_row("r", -kInf, kInf);
  b.add_entry(r, x, 2);
  const Model m = testing::build_model(b);
  Result<std::string> text = format_lp(m);
  ASSERT_TRUE(text.ok());
  EXPECT_NE(text.value().find("r: + 2 x >= -inf"), std::string::npos) << text.value();
  Result<Model> back = read_text(text.value());
  ASSERT_TRUE(back.ok()) << back.status().to_string();
  expect_same(m, back.value());
}

TEST(LpWriter, LongRowsAreBrokenIntoLinesAndReadBack) {
  ModelBuilder b;
  const Index r = b.add_row("sum", -kInf, 100);
  for (int j = 0; j < 500; ++j) {
    const Index c = b.add_col("column_with_a_long_name_" + std::to_string(j), 0, 1, j % 7 - 3, j % 2 == 0);
    b.add_entry(r, c, 1.0 + j / 1000.0);
  }
  const Model m = testing::build_model(b);
  Result<std::string> text = format_lp(m);
  ASSERT_TRUE(text.ok());
  std::size_t longest = 0, start = 0;
  for (std::size_t nl; (nl = text.value().find('\n', start)) != std::string::npos; start = nl + 1) {
    longest = std::max(longest, nl - start);
  }
  EXPECT_LT(longest, 560u);  // CPLEX's limit
  Result<Model> back = read_text(text.value());
  ASSERT_TRUE(back.ok()) << back.status().to_string();
  expect_same(m, back.value());
}

TEST(LpWriter, KeywordNamedIntegersNeverLeadAGeneralsLine) {
  ModelBuilder b;
  for (const char* name : {"end", "bin", "gen", "subject", "min", "integer", "st", "bounds", "sos1", "max", "s.t.", "a"}) {
    b.add_col(name, 0, 5, 1, true);
  }
  const Model m = testing::build_model(b);
  Result<std::string> text = format_lp(m);
  ASSERT_TRUE(text.ok()) << text.status().to_string();
  Result<Model> back = read_text(text.value());
  ASSERT_TRUE(back.ok()) << back.status().to_string() << "\n" << text.value();
  expect_same(m, back.value());

  ModelBuilder only;
  only.add_col("end", 0, 5, 1, true);
  Result<std::string> refused = format_lp(testing::build_model(only));
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.status().code(), StatusCode::kUnsupported);
  EXPECT_NE(refused.status().message().find("'end'"), std::string::npos);
}

TEST(LpWriter, NamesTheFormatCannotHoldAreRefusedNamingThem) {
  for (const char* bad : {"a-b", "1x", ".x", "inf", "NaN", "x y", "a:b", "c>d", "x+1", "p[1]"}) {
    ModelBuilder b;
    b.add_col("ok", 0, 1, 1, false);
    b.add_col(bad, 0, 1, 1, false);
    Result<std::string> text = format_lp(testing::build_model(b));
    ASSERT_FALSE(text.ok()) << bad;
    EXPECT_EQ(text.status().code(), StatusCode::kUnsupported);
    EXPECT_NE(text.status().message().find(std::string("'") + bad + "'"), std::string::npos) << text.status().message();
  }
  ModelBuilder b;
  const Index x = b.add_col("x", 0, 1, 1, false);
  b.add_entry(b.add_row("r-1", 0, 1), x, 1);
  Result<std::string> text = format_lp(testing::build_model(b));
  ASSERT_FALSE(text.ok());
  EXPECT_NE(text.status().message().find("row 0"), std::string::npos);
}

TEST(LpWriter, P0033ReadsBackTheSame) {
  const Model m = testing::read_model("models/small/p0033.mps.gz");
  ASSERT_GT(m.num_cols(), 0);
  Result<std::string> text = format_lp(m);
  ASSERT_TRUE(text.ok()) << text.status().to_string();
  Result<Model> back = read_text(text.value());
  ASSERT_TRUE(back.ok()) << back.status().to_string();
  expect_same(m, back.value());
}

// The file name picks the format: .lp and .lp.gz give LP, anything else MPS, .gz is gzip,
// and the other compressions are refused; each written file reads back the same.
TEST(ModelWriter, TheFileNameChoosesFormatAndCompression) {
  const Model m = odd_model(ObjSense::kMaximize);
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "lsmip_model_writer_test";
  std::filesystem::create_directories(dir);
  for (const char* name : {"m.lp", "m.LP", "m.lp.gz", "m.mps", "m.mps.gz", "m.txt"}) {
    const std::string path = (dir / name).string();
    Result<std::string> bytes = format_model_for(m, path);
    ASSERT_TRUE(bytes.ok()) << name << ": " << bytes.status().to_string();
    const std::string_view b = bytes.value();
    const bool gz = std::string_view(name).ends_with(".gz");
    EXPECT_EQ(gz, b.size() >= 2 && static_cast<unsigned char>(b[0]) == 0x1f &&
                      static_cast<unsigned char>(b[1]) == 0x8b) << name;
    const bool lp = std::string_view(name).starts_with("m.lp") || std::string_view(name).starts_with("m.LP");
    if (!gz) {
      EXPECT_EQ(lp, b.starts_with("\\ ")) << name;
    }
    ASSERT_TRUE(write_file_atomically(path, b).ok());
    Logger quiet(LogLevel::kQuiet);
    Result<Model> back = lp ? read_lp(path, LpReadOptions{}, quiet) : read_mps(path, MpsReadOptions{}, quiet);
    ASSERT_TRUE(back.ok()) << name << ": " << back.status().to_string();
    expect_same(m, back.value());
  }
  for (const char* name : {"m.lp.bz2", "m.mps.xz", "m.mps.zst", "m.zip"}) {
    Result<std::string> bytes = format_model_for(m, (dir / name).string());
    ASSERT_FALSE(bytes.ok()) << name;
    EXPECT_EQ(bytes.status().code(), StatusCode::kUnsupported);
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace lsmip::io

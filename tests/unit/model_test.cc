// ModelBuilder validation, the CSR/CSC views, and the name table.
#include "model/model.h"

#include <gtest/gtest.h>

#include <cmath>

#include "model/model_builder.h"
#include "model/model_stats.h"

namespace lsmip {
namespace {

TEST(ModelBuilder, BuildsBothViewsSortedAndMinimisationForm) {
  ModelBuilder b;
  b.set_sense(ObjSense::kMaximize);
  b.set_obj_offset(5);
  const Index x = b.add_col("x", 0, 10, 3, true);
  const Index y = b.add_col("y", -kInf, kInf, -2, false);
  const Index r0 = b.add_row("r0", -kInf, 4);
  const Index r1 = b.add_row("r1", 1, 1);
  b.add_entry(r1, y, 2.0);
  b.add_entry(r0, y, -1.0);
  b.add_entry(r0, x, 1.5);
  b.add_entry(r1, x, 0.0);  // explicit zeros are dropped
  Result<Model> m = b.build();
  ASSERT_TRUE(m.ok()) << m.status().to_string();
  EXPECT_EQ(m->num_nonzeros(), 3);
  EXPECT_EQ(m->obj(x), -3.0);
  EXPECT_EQ(m->obj(y), 2.0);
  EXPECT_EQ(m->obj_offset(), -5.0);
  EXPECT_EQ(m->original_objective(m->obj_offset() + m->obj(x) * 2), 11.0);
  const SparseVector row0 = m->row(r0);
  ASSERT_EQ(row0.size(), 2u);
  EXPECT_EQ(row0.index[0], x);
  EXPECT_EQ(row0.value[0], 1.5);
  EXPECT_EQ(row0.index[1], y);
  const SparseVector coly = m->col(y);
  ASSERT_EQ(coly.size(), 2u);
  EXPECT_EQ(coly.index[0], r0);  // sorted by row although added in the other order
  EXPECT_EQ(coly.value[0], -1.0);
  EXPECT_EQ(coly.index[1], r1);
  EXPECT_EQ(coly.value[1], 2.0);
  EXPECT_EQ(m->objective(std::vector<double>{1, 1}), -5.0 - 3.0 + 2.0);
}

TEST(ModelBuilder, RejectsDuplicatesNaNAndInfiniteData) {
  {
    ModelBuilder b;
    const Index x = b.add_col("x", 0, 1, 0, false);
    const Index r = b.add_row("r", 0, 1);
    b.add_entry(r, x, 1);
    b.add_entry(r, x, 2);
    Result<Model> m = b.build();
    ASSERT_FALSE(m.ok());
    EXPECT_NE(m.status().message().find("duplicate entry"), std::string::npos);
  }
  {
    ModelBuilder b;
    b.add_col("x", std::nan(""), 1, 0, false);
    EXPECT_FALSE(b.build().ok());
  }
  {
    ModelBuilder b;
    b.add_col("x", 0, 1, kInf, false);
    Result<Model> m = b.build();
    ASSERT_FALSE(m.ok());
    EXPECT_NE(m.status().message().find("'x'"), std::string::npos);
  }
  {
    ModelBuilder b;
    b.add_col("x", kInf, kInf, 0, false);
    EXPECT_FALSE(b.build().ok());
  }
  {
    ModelBuilder b;
    const Index x = b.add_col("x", 0, 1, 0, false);
    const Index r = b.add_row("r", 0, 1);
    b.add_entry(r, x, 1e25);
    EXPECT_FALSE(b.build().ok());
  }
  {
    ModelBuilder b;
    EXPECT_EQ(b.add_col("x", 0, 1, 0, false), 0);
    EXPECT_EQ(b.add_col("x", 0, 1, 0, false), -1);
    EXPECT_EQ(b.add_row("r", 0, 1), 0);
    EXPECT_EQ(b.add_row("r", 0, 1), -1);
  }
}

TEST(Model, EmptyDomainDetection) {
  ModelBuilder b;
  b.add_col("ok", 0.5, 1.5, 0, true);    // contains 1
  b.add_col("bad", 0.2, 0.8, 0, true);   // no integer inside
  Result<Model> m = b.build();
  ASSERT_TRUE(m.ok());
  EXPECT_EQ(m->first_empty_domain(), std::optional<Index>(1));
}

TEST(NameTable, FindsManyNamesIncludingLongAndSimilarOnes) {
  NameTable t;
  for (int k = 0; k < 20000; ++k) ASSERT_TRUE(t.add("c" + std::to_string(k)));
  ASSERT_TRUE(t.add("a_rather_long_name_beyond_eight_bytes"));
  ASSERT_TRUE(t.add("a_rather_long_name_beyond_eight_bytez"));
  EXPECT_FALSE(t.add("c17"));
  for (int k = 0; k < 20000; k += 7) EXPECT_EQ(t.find("c" + std::to_string(k)), k);
  EXPECT_EQ(t.find("a_rather_long_name_beyond_eight_bytez"), 20001);
  EXPECT_FALSE(t.find("c20000").has_value());
  EXPECT_FALSE(t.find("").has_value());
  EXPECT_FALSE(t.find("a_rather_long_name_beyond_eight_byte").has_value());
}

TEST(ModelStats, CountsTypesAndRows) {
  ModelBuilder b;
  b.add_col("b", 0, 1, 1, true);
  b.add_col("i", -3, 7, 0, true);
  b.add_col("c", 0, kInf, 2, false);
  b.add_col("f", -kInf, kInf, 0, false);
  const Index e = b.add_row("e", 2, 2);
  const Index l = b.add_row("l", -kInf, 3);
  const Index g = b.add_row("g", 1, kInf);
  const Index r = b.add_row("r", -1, 1);
  b.add_row("empty", -kInf, kInf);
  b.add_entry(e, 0, 1);
  b.add_entry(l, 1, 2);
  b.add_entry(g, 2, -4);
  b.add_entry(r, 3, 0.5);
  Result<Model> m = b.build();
  ASSERT_TRUE(m.ok());
  const ModelStats s = compute_stats(m.value());
  EXPECT_EQ(s.binary, 1);
  EXPECT_EQ(s.integer, 1);
  EXPECT_EQ(s.continuous, 2);
  EXPECT_EQ(s.free_cols, 1);
  EXPECT_EQ(s.equality_rows, 1);
  EXPECT_EQ(s.less_rows, 1);
  EXPECT_EQ(s.greater_rows, 1);
  EXPECT_EQ(s.ranged_rows, 1);
  EXPECT_EQ(s.free_rows, 1);
  EXPECT_EQ(s.empty_rows, 1);
  EXPECT_EQ(s.coef_min, 0.5);
  EXPECT_EQ(s.coef_max, 4.0);
  const std::string json = stats_json(m.value(), s);
  EXPECT_NE(json.find("\"binary\": 1"), std::string::npos) << json;
  EXPECT_NE(json.find("\"nonzeros\": 4"), std::string::npos) << json;
}

}  // namespace
}  // namespace lsmip

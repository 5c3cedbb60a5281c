#include "util/indexed_set.h"

#include <gtest/gtest.h>

#include <set>

#include "util/rng.h"

namespace lsmip {
namespace {

TEST(IndexedSet, InsertEraseContains) {
  IndexedSet s(10);
  EXPECT_TRUE(s.empty());
  EXPECT_TRUE(s.insert(3));
  EXPECT_FALSE(s.insert(3));
  EXPECT_TRUE(s.insert(7));
  EXPECT_TRUE(s.insert(0));
  EXPECT_EQ(s.size(), 3);
  EXPECT_TRUE(s.contains(7));
  EXPECT_TRUE(s.erase(3));
  EXPECT_FALSE(s.erase(3));
  EXPECT_FALSE(s.contains(3));
  EXPECT_EQ(s.size(), 2);
  EXPECT_TRUE(s.erase(0));  // erase the last member
  EXPECT_TRUE(s.erase(7));
  EXPECT_TRUE(s.empty());
  s.insert(9);
  s.clear();
  EXPECT_FALSE(s.contains(9));
  EXPECT_TRUE(s.insert(9));
}

TEST(IndexedSet, MatchesStdSetUnderRandomOperations) {
  Rng rng(5);
  IndexedSet s(200);
  std::set<std::int32_t> ref;
  for (int op = 0; op < 20000; ++op) {
    const auto v = static_cast<std::int32_t>(rng.below(200));
    if (rng.chance(0.5)) {
      EXPECT_EQ(s.insert(v), ref.insert(v).second);
    } else {
      EXPECT_EQ(s.erase(v), ref.erase(v) == 1);
    }
    ASSERT_EQ(static_cast<std::size_t>(s.size()), ref.size());
    if (op % 500 == 0) {
      std::set<std::int32_t> members(s.begin(), s.end());
      EXPECT_EQ(members, ref);
      for (std::int32_t k = 0; k < s.size(); ++k) EXPECT_TRUE(ref.count(s[k]));
    }
  }
}

TEST(IndexedSet, RngIsDeterministicAndSeedDependent) {
  Rng a(1), b(1), c(2);
  bool differs = false;
  for (int i = 0; i < 100; ++i) {
    const auto x = a.next();
    EXPECT_EQ(x, b.next());
    if (x != c.next()) differs = true;
  }
  EXPECT_TRUE(differs);
  for (int i = 0; i < 1000; ++i) {
    EXPECT_LT(a.below(7), 7u);
    const double u = a.uniform();
    EXPECT_GE(u, 0.0);
    EXPECT_LT(u, 1.0);
  }
}

}  // namespace
}  // namespace lsmip

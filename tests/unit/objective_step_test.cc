// Tests of lp::objective_step: the lattice step of an objective over integer columns, which
// lets branch-and-bound prune a node that cannot beat the incumbent by a whole step.
#include "lp/objective_step.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace lsmip::lp {
namespace {

struct Columns {
  std::vector<double> cost, lower, upper;
  std::vector<char> integer;
  void add(double c, double lo, double up, bool is_integer) {
    cost.push_back(c);
    lower.push_back(lo);
    upper.push_back(up);
    integer.push_back(is_integer ? 1 : 0);
  }
  double step() const { return objective_step(cost, lower, upper, integer); }
};

TEST(ObjectiveStep, IsTheGreatestCommonDivisorOfIntegerCosts) {
  Columns c;
  c.add(0.25, 0, 1, true);
  c.add(0.5, 0, 1, true);
  c.add(1.25, 0, 3, true);
  c.add(-0.75, 0, 1, true);
  EXPECT_DOUBLE_EQ(c.step(), 0.25);
  Columns thirds;
  thirds.add(1.0 / 3, 0, 1, true);
  thirds.add(2.0 / 3, 0, 1, true);
  EXPECT_NEAR(thirds.step(), 1.0 / 3, 1e-12);
  Columns whole;
  whole.add(6, 0, 1, true);
  whole.add(4, 0, 1, true);
  EXPECT_DOUBLE_EQ(whole.step(), 2);
}

// CBC's own analysis gives up when any column has a bound off the quarter grid; the step
// depends only on the costs of the integer columns.
TEST(ObjectiveStep, IgnoresBoundsAndColumnsWithoutCost) {
  Columns c;
  c.add(0.25, 0, 1, true);
  c.add(0.5, 0, 1, true);
  c.add(0, 0.1, 0.3, false);   // continuous, no cost, bounds off the grid
  c.add(0, -1.7, 2.9, true);   // integer, no cost
  EXPECT_DOUBLE_EQ(c.step(), 0.25);
}

TEST(ObjectiveStep, FixedColumnsOnlyShiftTheLattice) {
  Columns c;
  c.add(0.5, 0, 1, true);
  c.add(0.1234, 0.7, 0.7, false);  // fixed continuous with a cost: a constant
  c.add(0.3, 2, 2, true);          // fixed integer
  EXPECT_DOUBLE_EQ(c.step(), 0.5);
}

TEST(ObjectiveStep, IsZeroWithoutALattice) {
  Columns continuous;
  continuous.add(1, 0, 1, true);
  continuous.add(1, 0, 1, false);  // a continuous column with a cost
  EXPECT_EQ(continuous.step(), 0);
  Columns irrational;
  irrational.add(1, 0, 1, true);
  irrational.add(std::sqrt(2.0), 0, 1, true);
  EXPECT_EQ(irrational.step(), 0);
  Columns none;
  none.add(0, 0, 1, true);
  EXPECT_EQ(none.step(), 0);
  Columns empty;
  EXPECT_EQ(empty.step(), 0);
  Columns infinite;
  infinite.add(INFINITY, 0, 1, true);
  EXPECT_EQ(infinite.step(), 0);
}

TEST(ObjectiveStep, HugeIntegerCostsGiveAtMostOne) {
  Columns c;
  c.add(3e9, 0, 1, true);
  c.add(6e9, 0, 1, true);
  EXPECT_DOUBLE_EQ(c.step(), 1);
  Columns fractional;
  fractional.add(3e9 + 0.5, 0, 1, true);
  fractional.add(1, 0, 1, true);
  EXPECT_EQ(fractional.step(), 0);
}

TEST(ObjectiveStep, MismatchedSpansGiveNoStep) {
  Columns c;
  c.add(1, 0, 1, true);
  c.lower.push_back(0);
  EXPECT_EQ(c.step(), 0);
}

}  // namespace
}  // namespace lsmip::lp

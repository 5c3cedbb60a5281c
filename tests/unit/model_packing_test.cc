// Tests of src/mpi/model_packing (the model rank 0 sends to the other ranks), of
// Solver::check_solution (how rank 0 verifies another rank's solution) and of Ranks in a
// process no MPI launcher started (one rank, no MPI call).
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "lsmip/lsmip.hpp"
#include "mpi/model_packing.h"
#include "test_util.h"

namespace {

std::string p0033() { return lsmip::testing::data_path("models/small/p0033.mps.gz"); }

TEST(ModelPacking, P0033RoundTripsToTheSameArrays) {
  lsmip::Solver s;
  ASSERT_TRUE(s.read_model(p0033()).ok());
  lsmip::ModelData a, b;
  ASSERT_TRUE(s.get_model(a).ok());
  ASSERT_TRUE(lsmip::mpi::unpack_model(lsmip::mpi::pack_model(a), b));
  EXPECT_EQ(a.name, b.name);
  lsmip::testing::expect_same_model(a, b);
  lsmip::Solver t;
  EXPECT_TRUE(t.set_model(b).ok());
  EXPECT_EQ(t.num_nonzeros(), s.num_nonzeros());
}

TEST(ModelPacking, TruncatedOrExtendedBytesAreRefused) {
  lsmip::ModelData a;
  a.name = "m";
  a.sense = lsmip::Sense::kMaximize;
  a.col_lower = {0, 1};
  a.col_upper = {1, 5};
  a.col_cost = {2, 3};
  a.col_integer = {1, 0};
  a.col_names = {"x", "y"};
  a.row_start = {0};
  const std::string bytes = lsmip::mpi::pack_model(a);
  lsmip::ModelData b;
  ASSERT_TRUE(lsmip::mpi::unpack_model(bytes, b));
  EXPECT_EQ(b.sense, lsmip::Sense::kMaximize);
  for (std::size_t n : {std::size_t{0}, std::size_t{7}, bytes.size() / 2, bytes.size() - 1}) {
    EXPECT_FALSE(lsmip::mpi::unpack_model(bytes.substr(0, n), b)) << n;
  }
  EXPECT_FALSE(lsmip::mpi::unpack_model(bytes + "x", b));
}

TEST(SolverCheckSolution, AcceptsTheOptimumAndNamesAViolation) {
  lsmip::Solver s;
  ASSERT_TRUE(s.read_model(p0033()).ok());
  ASSERT_TRUE(s.set_option("work_limit", "2e6").ok());
  ASSERT_TRUE(s.solve().ok());
  const lsmip::SolveResult& r = s.result();
  ASSERT_TRUE(r.has_solution);
  lsmip::SolutionCheck c;
  ASSERT_TRUE(s.check_solution(r.x, r.objective, c).ok());
  EXPECT_TRUE(c.ok()) << c.text;
  EXPECT_NEAR(c.objective, r.objective, 1e-6);
  ASSERT_TRUE(s.check_solution(r.x, r.objective + 1, c).ok());
  EXPECT_FALSE(c.objective_matches);
  std::vector<double> bad = r.x;
  bad[0] = 0.5;  // p0033 is binary: not integral
  ASSERT_TRUE(s.check_solution(bad, std::nan(""), c).ok());
  EXPECT_FALSE(c.ok());
  EXPECT_EQ(s.check_solution(std::vector<double>(3, 0.0), 0.0, c).code(), lsmip::ErrorCode::kInvalidArgument);
}

TEST(Ranks, WithoutAnMpiLauncherThereIsOneRank) {
  lsmip::Ranks ranks;  // ctest does not start the test binary under mpirun
  EXPECT_EQ(ranks.rank(), 0);
  EXPECT_EQ(ranks.size(), 1);
  EXPECT_FALSE(ranks.with_mpi());
  lsmip::Solver s;
  ASSERT_TRUE(ranks.share_model(s, p0033()).ok());
  EXPECT_EQ(s.num_cols(), 33);
  ASSERT_TRUE(s.set_option("work_limit", "2e5").ok());
  ASSERT_TRUE(s.solve().ok());
  lsmip::RankBest best;
  ASSERT_TRUE(ranks.collect_best(s, best).ok());
  ASSERT_EQ(best.objectives.size(), 1u);
  EXPECT_EQ(best.has_solution, s.result().has_solution);
  if (best.has_solution) {
    EXPECT_EQ(best.rank, 0);
    EXPECT_EQ(best.objective, s.result().objective);
    EXPECT_EQ(best.x, s.result().x);
  }
}

}  // namespace

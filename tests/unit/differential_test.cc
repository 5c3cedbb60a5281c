// The differential property of the fuzz_diff target (fuzz/diff_check.h) in the
// ordinary test suite: presolve, postsolve, the search with and without
// presolve and the solution checker must agree on a few thousand small models
// decoded from deterministic pseudo-random bytes, and on the inputs the fuzzer
// once found. Also checks the generator itself, and that the check does fail
// when the solutions it is given are wrong.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "diff_check.h"
#include "util/rng.h"
#include "util/sanitizers.h"

namespace lsmip::fuzz {
namespace {

// Bytes of pseudo-random input number `k`: 8 to 256 bytes from a fixed seed.
std::vector<std::uint8_t> random_input(std::uint64_t k) {
  Rng rng(0xD1FFu + k);
  std::vector<std::uint8_t> bytes(8 + rng.below(249));
  for (std::uint8_t& b : bytes) b = static_cast<std::uint8_t>(rng.below(256));
  return bytes;
}

TEST(Differential, GeneratorStaysInRange) {
  int planted = 0, with_rows = 0;
  const int kInputs = 2000;
  for (int k = 0; k < kInputs; ++k) {
    const Result<DiffCase> r = decode_diff_case(random_input(static_cast<std::uint64_t>(k)));
    ASSERT_TRUE(r.ok()) << r.status().to_string();
    const DiffCase& c = r.value();
    ASSERT_GE(c.model.num_cols(), 1);
    ASSERT_LE(c.model.num_cols(), 8);
    ASSERT_LE(c.model.num_rows(), 8);
    ASSERT_EQ(c.point.size(), static_cast<std::size_t>(c.model.num_cols()));
    for (Index j = 0; j < c.model.num_cols(); ++j) {
      const double x = c.point[static_cast<std::size_t>(j)];
      EXPECT_GE(x, c.model.col_lower(j)) << k;
      EXPECT_LE(x, c.model.col_upper(j)) << k;
      if (c.model.is_integer(j)) {
        EXPECT_EQ(x, std::round(x)) << k;
      }
    }
    planted += c.planted ? 1 : 0;
    with_rows += c.model.num_rows() > 0 ? 1 : 0;
  }
  // About 7/8 planted, 8/9 with rows.
  EXPECT_GT(planted, kInputs * 8 / 10);
  EXPECT_LT(planted, kInputs * 95 / 100);
  EXPECT_GT(with_rows, kInputs * 8 / 10);
}

TEST(Differential, ShortInputsAreValid) {
  // Missing bytes read as zero: the empty input and every short prefix decode.
  const std::vector<std::uint8_t> bytes = random_input(7);
  for (std::size_t n = 0; n <= 16; ++n) {
    EXPECT_EQ(check_diff(std::span<const std::uint8_t>(bytes.data(), n)), "") << n;
  }
}

TEST(Differential, RandomInputsAgree) {
  // Half under the sanitizers, whose fuzz smoke run adds random inputs of its own.
  const int kInputs = (LSMIP_ASAN || LSMIP_TSAN) ? 5000 : 10000;
  int failures = 0, planted = 0, found_planted = 0, found_both = 0, reduced = 0, infeasible = 0;
  for (int k = 0; k < kInputs && failures < 3; ++k) {
    DiffSummary sum;
    const std::string error = check_diff(random_input(static_cast<std::uint64_t>(k)), {}, &sum);
    if (!error.empty()) {
      ++failures;
      ADD_FAILURE() << "input " << k << ":\n" << error;
    }
    planted += sum.planted ? 1 : 0;
    found_planted += sum.planted && sum.found_without_presolve ? 1 : 0;
    found_both += sum.found_with_presolve && sum.found_without_presolve ? 1 : 0;
    reduced += sum.presolve_reduced ? 1 : 0;
    infeasible += sum.presolve_infeasible ? 1 : 0;
  }
  std::printf(
      "%d inputs: %d planted (search found %d), both searches found %d, presolve reduced %d, "
      "infeasible %d\n",
      kInputs, planted, found_planted, found_both, reduced, infeasible);
  // Not vacuous: the searches find most planted models' solutions, presolve works on many
  // models and proves some unplanted ones infeasible.
  EXPECT_GT(found_planted, planted / 2);
  EXPECT_GT(found_both, kInputs / 3);
  EXPECT_GT(reduced, kInputs / 4);
  EXPECT_GT(infeasible, 0);
}

TEST(Differential, RandomInputsAgreeWithLongerSearches) {
  // Fewer inputs, ten times the work: restarts and later improvements too.
  DiffConfig longer;
  longer.work_limit = 10000;
  int failures = 0;
  for (std::uint64_t k = 20000; k < 21000 && failures < 3; ++k) {
    const std::string error = check_diff(random_input(k), longer);
    if (!error.empty()) {
      ++failures;
      ADD_FAILURE() << "input " << k << ":\n" << error;
    }
  }
}

// Inputs the fuzzer or this test once failed on, with what went wrong.
TEST(Differential, RegressionInputs) {
  const std::vector<std::vector<std::uint8_t>> inputs = {
      // fuzz_diff: a free column bounded from both sides by singleton rows with
      // sides near 32 but bounds near 6e5; the crossing, 0.25, passed as within
      // 1e-6 * 6e5 and the column was fixed at the midpoint, 0.125 outside both
      // rows, so the search with presolve reported a point the checker rejects.
      {0xff, 0xe8, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
       0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xf6, 0xff, 0xff, 0xff, 0xff, 0xff,
       0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x9c, 0x2a, 0xff, 0xff, 0xff, 0xf6,
       0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x9c},
      // random_input(7775): a column fixed by an equality row is off the
      // planted value by the rounding of that row's side; a later row amplified
      // the error past presolve_int_tol and presolve called the model infeasible.
      random_input(7775),
      // fuzz_diff: a warm start from x0 with presolve found nothing in 1000 work
      // units: x0 fixed at -2.99999999985 by crossed singleton bounds (rounding
      // of an equality's side) moved a later singleton bound of x1 1.5e-7 below
      // x0's value, and the clipped start missed an equality by more than the
      // search's absolute tolerance. Within tolerance, so only the search
      // without presolve must now find a solution from x0.
      {0x0d, 0xb3, 0xd3, 0xf4, 0x6a, 0x56, 0x9a, 0x3e, 0xd8, 0x5d, 0x1b, 0xc3, 0x69, 0x57,
       0xb5, 0xa7, 0x2b, 0x99, 0x3e, 0x0a, 0x38, 0xfd, 0xff, 0x38, 0xfd, 0xff, 0xff, 0xff,
       0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xe6, 0xa7, 0x2e, 0x01,
       0x4d, 0x00, 0x00, 0x67, 0xae, 0xa9, 0x3e, 0x94, 0xa6, 0x6a, 0x05, 0x9a, 0x3e, 0xd8,
       0x5d, 0x1b, 0xc3, 0x69, 0x57, 0xb5, 0xa7, 0x2b, 0x99, 0x3e, 0x0a, 0x34, 0xfd, 0xff,
       0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
       0xff, 0xff, 0xff, 0xe6, 0xa7, 0x2e, 0x01, 0x4d, 0x00, 0x00, 0x67, 0xae, 0xa9, 0x3e,
       0x94, 0xa6, 0x6a, 0x05, 0x9a, 0x3e, 0xd8, 0x5d, 0x1b, 0xc3, 0x69, 0x57, 0xb5, 0xa7,
       0x2b, 0x99, 0x3e, 0x0a, 0x34, 0xfd, 0xff, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xab,
       0x08, 0x79, 0x7f, 0x41, 0xae, 0xa9, 0x84, 0x07, 0x84, 0x07, 0x60},
      // fuzz_diff (minimised): -900000 <= 1000 x <= -900000.25 with x = -900
      // fixed holds within the checker's tolerance, yet the search calls a
      // row with lower side above upper side trivially infeasible. Inverted
      // ranges are now generated clearly beyond the tolerances.
      {0x08, 0xff, 0xff, 0xb5, 0xa7, 0xfd, 0xfd, 0xfd, 0x01, 0xb5, 0xa7, 0xfd, 0xfd},
      // fuzz_diff (30-minute run): a singleton row x3/3 <= -21.75 - (fixed terms
      // near 5.7e8) gave x3 an integer bound rounded generously (rounding carried
      // by the fixed columns, 1e-9 * 1.7e9 units) to a value that misses the
      // dropped row by 0.019; the search with presolve then reported a point the
      // checker rejects. Integer bounds from dropped singleton rows are now
      // checked against the row exactly.
      {0xff, 0xff, 0xff, 0x00, 0x00, 0xff, 0x7f, 0xff, 0xff, 0xff, 0xd1, 0x00,
       0x00, 0xfb, 0x00, 0xff, 0x04, 0x00, 0xff, 0x46, 0xd9, 0xad, 0x04, 0x00,
       0x83, 0x5a, 0xc7, 0x3d, 0xac, 0x3d, 0x3d, 0x3d, 0x3d, 0x3d, 0x3d, 0x3d,
       0x3d, 0x3f, 0x00, 0x0f, 0x7f, 0x27, 0x5a, 0x67, 0xc7, 0x78, 0x99, 0x9a,
       0xd4, 0x5d, 0x0c, 0x29, 0x00, 0x20, 0x60, 0x00, 0x00, 0xff, 0xff, 0x9a,
       0xd4, 0x5d, 0x0c, 0xdb, 0x1c, 0xc4, 0x0f, 0x7f},
      // fuzz_diff (second 30-minute run): x3 fixed at -4.5000004 by an equality
      // with coefficient 0.001 made x4 <= 3.9999996, and propagation on
      // 250 <= 100 x0 + 10 x4 - 2.5 x6 then rounded x6 <= -84.0000016 to -85,
      // cutting off the planted x6 = -84. Derived integer bounds now round with
      // the row's tolerance as well.
      {0x46, 0x04, 0x5a, 0xc7, 0x0f, 0x00, 0x00, 0x00, 0x00, 0x00, 0xf6, 0x00,
       0xff, 0x7f, 0x31, 0xff, 0xff, 0xff, 0xff, 0xff, 0x27, 0x40, 0xe0, 0xde,
       0x89, 0x13, 0x89, 0x13, 0xf0, 0xac, 0xff, 0x89, 0x89, 0x89, 0x89, 0xa1,
       0x5d, 0x01, 0xa7, 0x43, 0xf4, 0x9c, 0xf7, 0xad, 0xe6, 0x2d, 0x35, 0x37,
       0x51, 0x3b, 0x0c, 0x13, 0xe6, 0x17, 0x7d, 0xe7, 0xc7, 0xa3, 0x52, 0x00,
       0x00, 0x00, 0xad, 0xe6, 0x2d, 0x36, 0x3c, 0x3e, 0x4d, 0x3c},
      // fuzz_diff (CI smoke run): aggregation substituted the continuous x2 in
      // [-8.5, 1.5] through an equality, so its bound became the side of a
      // reduced row. The search accepted that row 3.6e-7 past its side (within
      // the row's relative tolerance); postsolve recomputed x2 = 1.50000036 and
      // clamped it to its bound, so the written point's objective differed from
      // the one the search claimed by 1.8e-6. The claim is now checked on the
      // unclamped expansion, feasibility on the clamped one.
      {0x46, 0x23, 0x21, 0xa1, 0x01, 0xa0, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
       0x00, 0x02, 0x2d, 0x2b, 0x2b, 0x2b, 0x2b, 0x2b, 0x2b, 0x2b, 0x33, 0x91,
       0xed, 0x1d, 0x6e, 0x2f, 0x62, 0x43, 0x66, 0xfe, 0xf5, 0xa5, 0x9d, 0x3c,
       0x0c, 0x06, 0xa7, 0x4d, 0xc0, 0x13, 0x0f, 0x06, 0xa7, 0x4d, 0xc0, 0x11,
       0xda, 0xec, 0xc3, 0x85, 0xef, 0xed, 0x1d, 0x6e, 0x2f, 0x62, 0x43, 0x66,
       0x00, 0x00, 0x00, 0x69, 0xb3, 0x02, 0xe4},
      // fuzz_diff (15-minute run): x0 fixed through 0.001 x0 = 0.008 (side 4.4e5, so the
      // row holds for x0 within 441 of 8), then x3 through -0.01 x3 in an equality: the
      // rounding of x0 (3e-8) moved x3 by 3.1e-6, past the 1e-6 of the debug check,
      // while the planted point satisfies every row within tolerance. Continuous
      // bounds are now checked with their source row's tolerance.
      {
       0x46, 0x62, 0x00, 0x00, 0x00, 0x5a, 0xb1, 0xc7, 0xa3, 0x40, 0xe0, 0xde,
       0x89, 0x13, 0x0f, 0x06, 0x85, 0xef, 0xed, 0x1d, 0x6e, 0x2f, 0x62, 0x41,
       0x66, 0xfe, 0xf5, 0xff, 0xff, 0xff, 0xff, 0xa5, 0x9d, 0x2c, 0x0c, 0x49,
       0xc1, 0x1f, 0xc4, 0x91, 0xea, 0x49, 0xc1, 0x1f, 0xc4, 0x91, 0xea, 0xe2,
       0x31, 0x3e, 0x3b, 0x00, 0x20, 0x60, 0x00, 0x00, 0x4f, 0xbc, 0x83, 0x87,
       0xce, 0x6b, 0xda, 0xa6, 0xab, 0x95, 0xbb, 0x75, 0xfe, 0xc3, 0xd6, 0x33,
       0xc2, 0xe1, 0xab, 0x80, 0x12, 0x8c, 0xfe, 0x28, 0x61, 0xf3, 0xf3, 0x6f,
       0xbd, 0xf0, 0xfc, 0x2d, 0x50, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
       0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff},
      // fuzz_diff (20-minute run): x2 fixed through 0.001 x2 - 100 x3 = 666666.68 at
      // 10.9999994 (planted 11, its bound), so the singleton row 0.1 x1 + 100 x2 + ... >=
      // -1297.2 gave x1 >= -1749.99994, cutting the planted x1 = -1750 off by 6e-5,
      // within that row's tolerance. The planted point moved into the reduced bounds
      // must now pass both models instead.
      {
       0xac, 0x84, 0x3b, 0xab, 0x08, 0x76, 0x9b, 0x3f, 0x19, 0xd0, 0x97, 0x99,
       0x2b, 0x5d, 0x3f, 0x0f, 0x67, 0xa7, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff,
       0xff, 0xff, 0xff, 0xff, 0x76, 0x78, 0x09, 0x9a, 0xd4, 0xcd, 0x6b, 0xec,
       0xbf, 0xd3, 0x8c, 0x7e, 0x1c, 0x37, 0xe0, 0x5e, 0x10, 0x20, 0x8e, 0x67,
       0x91, 0x0e, 0xd6, 0x1b, 0x54, 0xb4},
      // fuzz_diff (25-minute run): the same ill-conditioned 0.001 x2 - 100 x3 = 666666.68
      // made x0 <= 2.33333035 (planted 2.33333333), and propagation on 4 x0 + 0.001 x1 + x4
      // >= 7.58 then forced the integer x4 to 1, cutting off the planted x4 = 0. Singleton
      // rows that pin a continuous column only loosely (presolve_singleton_cond) now stay.
      {
       0xac, 0x84, 0x3b, 0xab, 0x08, 0x76, 0x9b, 0x3f, 0x19, 0xd0, 0x97, 0x99,
       0x2b, 0x5d, 0x3f, 0x0f, 0x67, 0xa7, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff,
       0xff, 0x04, 0xff, 0xff, 0x76, 0x78, 0x09, 0x9a, 0x04, 0xcd, 0x6b, 0xec,
       0xbf, 0xd3, 0x8c, 0x7e, 0x1c, 0x37, 0xe0, 0x5e, 0x0e, 0x10, 0x8e, 0x1b,
       0xb3, 0x37, 0x8d, 0x1c, 0xff, 0x47, 0x19, 0x21, 0xa1, 0x01, 0xa7, 0x43,
       0xfc, 0x9c, 0xf7, 0xad, 0x4d, 0xd3, 0xc8, 0xfe, 0xf9, 0x00, 0xcc, 0xd6,
       0x91, 0x67, 0x20, 0x54, 0xb4},
  };
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    EXPECT_EQ(check_diff(inputs[k]), "") << "regression input " << k;
  }
}

// Runs 200 random inputs under the tampering `config` asks for: exactly the inputs on which a
// search finds something must be reported, each with `message`, and more than 100 of them.
void expect_tampering_reported(const DiffConfig& config, const std::string& message) {
  int reported = 0;
  for (std::uint64_t k = 0; k < 200; ++k) {
    DiffSummary sum;
    const std::string error = check_diff(random_input(k), config, &sum);
    EXPECT_EQ(!error.empty(), sum.found_with_presolve || sum.found_without_presolve) << k << error;
    if (!error.empty()) {
      ++reported;
      EXPECT_NE(error.find(message), std::string::npos) << error;
    }
  }
  EXPECT_GT(reported, 100);
}

TEST(Differential, CheckFailsOnWrongSolutions) {
  // Every reported solution moved outside its bounds.
  DiffConfig tampered;
  tampered.tamper = true;
  expect_tampering_reported(tampered, "fails the check on the original model");
}

TEST(Differential, CheckFailsOnWrongObjectiveClaims) {
  // Every claimed objective moved by 1e-4 relative.
  DiffConfig tampered;
  tampered.tamper_claim = true;
  expect_tampering_reported(tampered, "but the search claims");
}

// Models whose planted point passes the check only within tolerance (rows
// scaled down to 1e-7 and sides moved past it by up to 0.9 feas_tol) are never
// called infeasible, by presolve or by the search's trivial test.
TEST(Differential, ToleranceOnlyFeasibleModelsAreNeverInfeasible) {
  int failures = 0;
  for (int k = 0; k < 20000 && failures < 3; ++k) {
    const std::string error = check_tolerance_diff(random_input(static_cast<std::uint64_t>(k)));
    if (!error.empty()) {
      ++failures;
      ADD_FAILURE() << "input " << k << ":\n" << error;
    }
  }
}

}  // namespace
}  // namespace lsmip::fuzz

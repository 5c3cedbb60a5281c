// Differential check of presolve, postsolve, the local search and the solution
// checker on small models decoded from arbitrary bytes. Shared by the libFuzzer
// target fuzz_diff and the unit test tests/unit/differential_test.cc, so the
// same property runs under clang's fuzzer and in the ordinary test suite.
//
// Decoding never fails: every byte string, including the empty one, gives a
// model of 1-8 columns (binary, general integer or continuous; finite,
// half-infinite or infinite bounds, sometimes fixed, sometimes fractional) and
// 0-8 rows (<=, >=, =, ranged, occasionally empty) with small integer or simple
// fractional coefficients, plus a point x0 inside the column bounds. For most
// inputs the row sides are planted around x0's activities, so x0 is feasible;
// when the low three bits of the third byte are all set they are not, and the
// model may be infeasible. Missing bytes read as zero.
//
// Properties checked (the first violation is reported):
//  * planted x0 passes check::check_solution (else the generator is wrong);
//  * with a planted x0, presolve neither declares the model infeasible nor
//    reports cutting x0 off in its debug mode, reduce(x0) is feasible for the
//    reduced model with the same objective value, and every removed column is
//    fixed at x0's value;
//  * a reduced model keeps the original columns' names, types and costs and
//    the rows' order, never widens a bound, and postsolve maps consistently;
//  * the search with presolve (presolve, search the reduced model, postsolve)
//    and without it: every solution it reports, mapped back to the original
//    columns, passes check_solution on the original model with the objective
//    the search claims; the search status is ok; without presolve, a search
//    warm-started from a planted x0 finds a solution (with presolve, reduce(x0)
//    may miss the reduced model by up to the tolerances, e.g. when a column
//    fixed by one equality carries that row's rounding into a singleton bound,
//    and the search, whose row tolerance is absolute, may need to repair it);
//    with a planted x0 neither search calls the model trivially infeasible;
//  * a search that finds a solution never meets a presolve "infeasible", nor
//    the other search calling the model trivially infeasible;
//  * the library's pipeline (solver::Solver, two workers, deterministic) on the
//    same case: its solution passes the checker with the objective it claims, it
//    never calls infeasible a model with a planted point or a found solution, and
//    two runs give the same solution and work.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "model/model.h"
#include "options/options.h"
#include "util/status.h"

namespace lsmip::fuzz {

// A decoded input: the model, its planted point and the run settings.
struct DiffCase {
  Model model;
  std::vector<double> point;  // x0, one value per column, always inside the bounds
  bool planted = true;        // the row sides were chosen so that x0 satisfies every row
  bool warm_start = false;    // both searches start from x0 (only used when planted)
  Options options;            // seed and the presolve/search switches decoded from the input
};

// Knobs of check_diff(); the defaults are what the fuzz target uses.
struct DiffConfig {
  double work_limit = 1000;  // work units per search run
  // Test only: before checking, every reported solution gets its first column
  // moved above its upper bound, so that the test can see the check fail.
  bool tamper = false;
  // Test only: every objective the search claims is moved by 1e-4·max(1, |claim|)
  // before it is compared, so that the test can see the claim check fail.
  bool tamper_claim = false;
};

// What one check_diff() run saw, so that a test can tell that the check is
// not vacuous (the searches do find solutions, presolve does reduce).
struct DiffSummary {
  bool planted = false;
  bool presolve_infeasible = false;
  bool presolve_reduced = false;  // presolve removed a row or column or tightened a bound
  bool found_with_presolve = false;
  bool found_without_presolve = false;
};

// Decodes `data` into a model and a point (see the file comment). Fails only on
// a generator bug (the builder rejecting the model). Cost O(size of `data`).
Result<DiffCase> decode_diff_case(std::span<const std::uint8_t> data);

// Decodes `data` and checks every property listed in the file comment. Returns
// "" when all hold, else a description of the first violation with the model
// and the offending solution. Cost: one presolve and two searches of
// config.work_limit work units each. `summary`, if given, is filled in.
std::string check_diff(std::span<const std::uint8_t> data, const DiffConfig& config = {},
                       DiffSummary* summary = nullptr);

// Tolerance variant of the differential check: decodes `data` as
// decode_diff_case() does and, for a planted case, rebuilds the model so that
// x0 is feasible only within the final check's tolerance: each row is scaled
// by 1, 1e-3 or 1e-7 (coefficients and sides) and each finite side moved
// inward past x0's activity by up to 0.9·feas_tol·max(1,|side|); continuous
// bounds at x0 move inward by up to 0.9·feas_tol; some rows become empty rows
// whose sides miss 0 within that tolerance. Bytes for this are read from the
// end of `data` backwards. Properties: x0 passes check::check_solution (else
// the generator is wrong); presolve never declares the model infeasible;
// build_search_model never calls it (nor presolve's reduced model) trivially
// infeasible. Returns "" when they hold. Cost: one presolve, O(size of data).
std::string check_tolerance_diff(std::span<const std::uint8_t> data);

// The model as readable text (objective, rows, bounds, values in %.17g).
std::string describe_model(const Model& model);

// `x` as "name = value" lines (%.17g), one per column of `model`.
std::string describe_point(const Model& model, std::span<const double> x);

}  // namespace lsmip::fuzz

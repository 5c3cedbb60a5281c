// The LP relaxation of a model, solved by COIN-OR CLP (dual simplex). Nothing outside
// src/lp includes a COIN header: the model goes in as an lsmip::Model and the result comes
// back in plain vectors.
//
// CLP is driven so that it never installs a signal handler and prints nothing; the caller's
// stop token is polled at every simplex iteration, so a limit or a signal ends a solve within
// one iteration.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "model/model.h"

namespace lsmip::lp {

// True when lsmip was built with COIN-OR CLP and CBC (CMake option LSMIP_WITH_COIN).
bool coin_available();
// "CLP 1.17.6, CBC 2.10.8", or why they are absent.
std::string coin_versions();

// kAborted: CLP failed an internal assertion (lp/abort_trap.h); nothing is known.
enum class LpStatus : std::uint8_t { kOptimal, kInfeasible, kUnbounded, kStopped, kError, kAborted, kUnavailable };
const char* to_string(LpStatus s);

struct LpControl {
  std::function<bool()> stop;       // polled at every iteration; thread-safe; optional
  // Called at every iteration with the work it counts (see work_per_iteration); optional.
  std::function<void(double)> on_work;
  double work_per_iteration = 0;    // 0 = rows + nonzeros / 4 of the model
  // Column bounds replacing the model's (empty = the model's), e.g. for a neighbourhood.
  std::span<const double> col_lower, col_upper;
  // > 0: an infeasible LP is solved again with every row side relaxed by row_tolerance *
  // max(1, |side|) (the final check's rule), and kInfeasible is returned only when that is
  // infeasible too: a model is never called infeasible while a point within the tolerance
  // may exist.
  double row_tolerance = 0;
};

struct LpSolution {
  LpStatus status = LpStatus::kUnavailable;
  // Optimal value in the model's minimisation form, offset included (Model::objective).
  double objective = 0;
  std::vector<double> x;            // column values (kOptimal only)
  std::vector<double> reduced_cost; // reduced costs, minimisation form (kOptimal only)
  std::int64_t iterations = 0;
  double work = 0;                  // iterations times the work of one
};

// Solves the LP relaxation of `m` (integrality dropped). Never throws for a solver failure:
// the status says kError.
LpSolution solve_lp(const Model& m, const LpControl& control);

// The work one simplex iteration on `m` counts for by default.
double default_work_per_iteration(const Model& m);

}  // namespace lsmip::lp

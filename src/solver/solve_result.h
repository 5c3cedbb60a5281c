// What a solve returns: a typed status and stop reason, the verified best
// solution in the original model's space, the trace of improvements and the
// figures of every worker.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "portfolio/exchange_stats.h"
#include "portfolio/worker.h"
#include "presolve/presolve.h"
#include "search/move_kind.h"
#include "util/status.h"

namespace lsmip::solver {

enum class SolveStatus : std::uint8_t {
  kOptimal,     // a verified solution proven optimal
  kFeasible,    // a verified solution, optimality not proven
  kInfeasible,  // proven to have no feasible point
  kUnbounded,   // proven unbounded
  kUnknown,     // no solution and no proof
};

enum class StopReason : std::uint8_t {
  kTimeLimit,
  kWorkLimit,
  kInterrupted,      // the caller's stop token (a signal, an API interrupt)
  kSolutionLimit,
  kObjectiveTarget,
  kMemoryLimit,
  kCompleted,        // nothing left to do: a proof, or no worker can go on
  kError,            // an internal error ended the run (see SolveResult::error)
};

const char* status_name(SolveStatus s);     // "optimal", "feasible", ...
const char* stop_reason_name(StopReason r); // "time_limit", "work_limit", ...

// One improvement of the incumbent.
struct TracePoint {
  double seconds = 0;
  double objective = 0;  // model's own sense
  int worker = -1;       // -1: warm start
  std::string source;    // e.g. "ls#1 tight", "initial"
};

// One solution of the final elite pool, original space.
struct EliteSolution {
  std::vector<double> x;
  double objective = 0;  // model's own sense
  int worker = -1;
};

struct SolveResult {
  SolveStatus status = SolveStatus::kUnknown;
  StopReason stop_reason = StopReason::kCompleted;
  bool has_solution = false;        // x holds a solution verified at the end of the run
  std::vector<double> x;            // original space
  double objective = 0;             // model's own sense, offset included
  double time_first = -1, time_best = -1;  // seconds on the caller's clock; -1 = none
  double seconds = 0;               // when the solve returned
  std::vector<TracePoint> trace;
  std::vector<EliteSolution> elites;  // best first
  // The dual bound (model's sense, offset included): no solution is better. -inf (for a
  // minimisation; +inf for a maximisation) when none is known.
  double dual_bound = 0;
  bool has_bound = false;
  // |objective - dual_bound| / max(|objective|, |dual_bound|) (0 when they meet, 1 when
  // the signs differ); +inf without a solution or a bound.
  double mip_gap = 0;
  std::string infeasible_reason;    // for kInfeasible
  Status error;                     // kInternal when a check failed and nothing is reported

  // Presolve figures (when presolve ran).
  bool presolved = false;
  presolve::PresolveStats presolve;

  // The search, summed over the workers.
  std::uint64_t moves = 0, restarts = 0, neighbourhood_epochs = 0;
  std::array<std::uint64_t, search::kNumMoveKinds> moves_by_kind{};
  double work = 0;
  long rejected = 0;                // solutions that failed the independent check
  int threads = 1;
  bool deterministic = false;
  std::vector<portfolio::WorkerStats> workers;
  // The ranks of an MPI launch (1 without one) and, when they shared during the run, the
  // figures of this rank's exchange.
  int ranks = 1;
  bool exchanged = false;
  portfolio::ExchangeStats exchange;

  // Warm start.
  bool warm_start = false;          // one was given
  bool warm_start_feasible = false;
  bool warm_start_repaired = false;
};

}  // namespace lsmip::solver

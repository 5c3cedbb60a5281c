#include "solver/solve_result.h"

namespace lsmip::solver {

const char* status_name(SolveStatus s) {
  switch (s) {
    case SolveStatus::kOptimal: return "optimal";
    case SolveStatus::kFeasible: return "feasible";
    case SolveStatus::kInfeasible: return "infeasible";
    case SolveStatus::kUnbounded: return "unbounded";
    case SolveStatus::kUnknown: return "unknown";
  }
  return "unknown";
}

const char* stop_reason_name(StopReason r) {
  switch (r) {
    case StopReason::kTimeLimit: return "time_limit";
    case StopReason::kWorkLimit: return "work_limit";
    case StopReason::kInterrupted: return "interrupted";
    case StopReason::kSolutionLimit: return "solution_limit";
    case StopReason::kObjectiveTarget: return "objective_target";
    case StopReason::kMemoryLimit: return "memory_limit";
    case StopReason::kCompleted: return "completed";
    case StopReason::kError: return "error";
  }
  return "completed";
}

}  // namespace lsmip::solver

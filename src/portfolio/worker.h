// The worker contract of the portfolio, in the spirit of CP-SAT's SubSolver: a
// worker is asked for a task of a given work budget and runs it on its own
// state only; it touches shared state (the solution pool) only between tasks,
// in publish() and absorb(). A worker may be single-shot (its first task
// returns false), repeated, or retired (a later task returns false).
#pragma once

#include <cstdint>
#include <string>

#include "portfolio/solution_pool.h"

namespace lsmip::portfolio {

// Figures of one worker for the log and the JSON report.
struct WorkerStats {
  std::string name;              // e.g. "ls#1"
  std::string config;            // its options that differ from the run's, as --name=value words
  std::uint64_t tasks = 0;
  double work = 0;               // work units spent
  double seconds = 0;            // wall-clock seconds in its tasks (set by the solver from the portfolio)
  std::uint64_t moves = 0;
  std::uint64_t restarts = 0;
  std::uint64_t found = 0;       // verified solutions it published
  std::uint64_t improvements = 0;// of those, the ones that became the pool's best
  std::uint64_t elites = 0;      // of those, the ones the pool admitted
  std::uint64_t rejected = 0;    // solutions that failed the independent check
  std::uint64_t imported = 0;    // better incumbents it adopted from the pool
  std::uint64_t handovers = 0;   // configurations it took from other workers (portfolio_handover)
  bool retired = false;          // ended early by a failed check (see the log)
};

// Counts an offer's outcome in the offering worker's figures: an elite when the pool kept
// it, an improvement when it became the pool's best.
inline void count_admission(Admission a, WorkerStats& stats) {
  if (a == Admission::kAdmitted || a == Admission::kNewBest) ++stats.elites;
  if (a == Admission::kNewBest) ++stats.improvements;
}

class Worker {
 public:
  virtual ~Worker() = default;
  // Runs one task of about `work` work units. Reads and writes only the worker's own state
  // (plus shared read-only data and, in opportunistic mode, the pool for immediate
  // publication). Returns false when the worker has nothing more to do.
  virtual bool run_task(double work) = 0;
  // Between tasks, never concurrently with this worker's run_task: hands what the last
  // task found to the pool, in the order found.
  virtual void publish(SolutionPool& pool) = 0;
  // Between tasks, after publish: reads the pool (better incumbents, restart points).
  virtual void absorb(const SolutionPool& pool) = 0;
  virtual const WorkerStats& stats() const = 0;
  // Between tasks: the worker has nothing to do until the pool or the dual bound changes
  // (e.g. a neighbourhood search without an incumbent); its lane runs the others meanwhile.
  virtual bool waiting() const { return false; }
  // Between tasks: the worker is in the middle of a short piece of work that should run to
  // its end before the others' next tasks (see LaneScheduler::pick).
  virtual bool urgent() const { return false; }
  // Between tasks: the share of its lane weight the worker asks for now, in (0, 1]. A worker
  // whose method keeps failing on the model (Feasibility Jump starting afresh after a stall)
  // asks for less, and the others of its lane run instead.
  virtual double share() const { return 1.0; }
};

}  // namespace lsmip::portfolio

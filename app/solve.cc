// `lsmip [solve] MODEL [options]`: the command-line layer over lsmip::Solver.
//
// This file owns what only an application may own: the signal handlers, the
// wall clock of the run (given to the solver, so that the time limit counts the
// reading too), the files named on the command line, and the exit code. The
// pipeline itself (reading, presolve, workers, verification) is the library's;
// every solution it returns was checked on the original model, and it is
// written atomically.
#include <atomic>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <span>
#include <thread>
#include <unistd.h>

#include "commands.h"
#include "exit_codes.h"
#include "output_paths.h"

namespace lsmip::app {
namespace {

// --write-every under mpirun when the option is not given: seconds.
constexpr double kDefaultRankWriteEvery = 0.2;

// Signal state: the only process-wide mutable state of lsmip, confined to app/.
std::atomic<int> g_signals{0};
std::atomic<int> g_interrupts{0};  // of those, SIGINTs

// A second signal when either it or an earlier one is SIGINT exits at once: pending signals
// are delivered lowest number first, so a SIGTERM followed at once by a SIGINT may be handled
// in the other order.
extern "C" void on_signal(int sig) {
  // A SIGINT counts itself before the signal count, any other signal reads the SIGINTs after:
  // of two handlers running at once on two threads, the one that counts second sees both.
  if (sig == SIGINT) g_interrupts.fetch_add(1);
  const int n = g_signals.fetch_add(1) + 1;
  if (n >= 2 && g_interrupts.load() >= 1) {
    static const char msg[] = "\nsecond interrupt: exiting at once, nothing written\n";
    const ssize_t ignored = ::write(STDERR_FILENO, msg, sizeof msg - 1);
    (void)ignored;
    ::_exit(kExitInterrupted);
  }
}

// SIGINT, SIGTERM and SIGHUP end the run like a time limit (the solver polls the flag). No
// SA_RESTART: a signal interrupts a blocking read at once. SIGPIPE is ignored, so a closed
// pipe on stdout fails a write instead of killing the run before the solution is written.
void install_signal_handlers() {
  struct sigaction sa {};
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = 0;
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
  sigaction(SIGHUP, &sa, nullptr);
  std::signal(SIGPIPE, SIG_IGN);
}

bool signalled() { return g_signals.load(std::memory_order_relaxed) > 0; }

class Clock {
 public:
  Clock() : start_(std::chrono::steady_clock::now()) {}
  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

 private:
  std::chrono::steady_clock::time_point start_;
};

// The outputs the command line names ("" = none).
struct Outputs {
  std::string solution_file, json;
};

// A run that ends before the solver could report: the promised solution file becomes
// =infeas=, so that no file of an earlier run looks like this run's result, and the report
// records why (`error`: "" = none).
void write_failure(const Solver& s, const Outputs& out, StopReason reason, const std::string& error,
                   double seconds) {
  if (!out.solution_file.empty()) (void)s.write_solution(out.solution_file, IfNoSolution::kWriteMarker);
  if (out.json.empty()) return;
  std::string json;
  if (s.failure_report_json(reason, error, seconds, !out.solution_file.empty(), json).ok()) {
    (void)write_atomically(out.json, json);
  }
}

int exit_code(const SolveResult& r) {
  if (!r.error.empty() && !r.has_solution) return kExitInternal;
  if (r.stop_reason == StopReason::kMemoryLimit) return kExitMemory;
  if (r.has_solution) return kExitOk;
  return r.status == SolveStatus::kInfeasible ? kExitInfeasible : kExitNoSolution;
}

// Under mpirun, ranks other than 0 keep a quiet log (their workers' configurations follow
// rank 0's in the portfolio's cycle, seeds included: Ranks::join).
void configure_rank(Solver& solver, const Ranks& ranks) {
  if (ranks.rank() != 0) (void)solver.set_int_option("log_level", 0);
}

// The JSON report of rank 0 with what the ranks found: each rank's best objective (null =
// none), the rank of the solution written and its objective, and each rank's account of its
// run. The report's other keys describe rank 0's own run.
std::string with_ranks(std::string json, const Ranks& ranks, const RankBest& best) {
  const std::size_t end = json.rfind('}');
  if (end == std::string::npos || ranks.size() <= 1) return json;
  auto number = [](double v) {
    if (!std::isfinite(v)) return std::string("null");
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return std::string(buf);
  };
  std::string add = ",\n  \"rank_objectives\": [";
  for (std::size_t r = 0; r < best.objectives.size(); ++r) add += (r ? ", " : "") + number(best.objectives[r]);
  add += "],\n  \"best_rank\": " + (best.has_solution ? std::to_string(best.rank) : std::string("null"));
  add += ",\n  \"best_objective\": " + number(best.objective);
  add += ",\n  \"rank_reports\": [";
  for (std::size_t r = 0; r < best.reports.size(); ++r) add += (r ? ",\n    " : "\n    ") + best.reports[r];
  add += best.reports.empty() ? "]\n" : "\n  ]\n";
  std::size_t body = end;
  while (body > 0 && (json[body - 1] == '\n' || json[body - 1] == ' ')) --body;
  return json.substr(0, body) + add + json.substr(end);
}

// 0.2 s after the outputs, exits with `code` unless the workers have been torn down by then
// (`torn_down`): a CBC worker inside a step that polls no stop flag is not waited for.
void start_watchdog(const std::shared_ptr<std::atomic<bool>>& torn_down, int code) {
  try {
    std::thread([torn_down, code] {
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
      if (!torn_down->load()) {
        std::fputs("note: a CBC worker did not stop within 0.2 s of the end; exiting without it\n", stderr);
        std::fflush(stderr);
        std::_Exit(code);
      }
    }).detach();
  } catch (const std::exception&) {
    // No thread to spare (a memory limit): the outputs are written; teardown is waited for.
  }
}

}  // namespace

int run_solve(CommandLine& cl, const Log& log, Ranks& ranks) {
  if (const int code = check_operands(cl, 1, "usage: lsmip [solve] MODEL [options]"); code != kExitOk) return code;
  Solver& solver = cl.solver;
  const std::string& path = cl.positional[0];
  const bool leader = ranks.rank() == 0;  // writes the outputs
  configure_rank(solver, ranks);
  const Outputs out = leader ? Outputs{text_option(solver, "solution_file"), text_option(solver, "json")} : Outputs{};
  // Outputs that cannot be written, or would overwrite an input, are refused before anything
  // is read or written.
  if (Error e = check_output_paths(out.solution_file, out.json, {path, text_option(solver, "initial_solution")});
      !e.ok()) {
    const int code = report_error(e);
    if (ranks.size() > 1) ranks.abort(code);  // the other ranks wait for the model
    return code;
  }
  const Clock clock;
  install_signal_handlers();
  (void)solver.set_clock([&clock] { return clock.seconds(); });
  (void)solver.set_terminator(signalled);

  // The callback prints the library's log and keeps --solution-file current under
  // --write-every: an improvement that comes sooner than write_every after the last write
  // waits, and is written at the first event after that (events come several times a
  // second). Under mpirun rank 0 does so every 0.2 s by default, so that the file holds the
  // best solution of all ranks should one rank die. The result callback (on_result below)
  // writes the outputs.
  double write_every = number_option(solver, "write_every");
  if (!std::isfinite(write_every) && ranks.size() > 1) write_every = kDefaultRankWriteEvery;
  double last_write = -kInfinity;
  std::vector<double> pending;  // an improvement not yet written
  double pending_objective = 0;
  auto write_current = [&](double now, std::span<const double> x, double objective) {
    last_write = now;
    if (Error w = solver.write_solution(out.solution_file, x, objective); !w.ok()) log.warning("%s", w.message().c_str());
  };
  Error e = solver.set_callback([&](const Event& ev) {
    if (ev.kind == Event::Kind::kLog) Log::library_line(ev.message);
    if (out.solution_file.empty() || !std::isfinite(write_every)) return false;
    const bool due = ev.seconds - last_write >= write_every;
    if (ev.kind == Event::Kind::kIncumbent) {
      if (due) {
        write_current(ev.seconds, ev.x, ev.objective);
        pending.clear();
      } else {
        pending.assign(ev.x.begin(), ev.x.end());
        pending_objective = ev.objective;
      }
    } else if (ev.kind == Event::Kind::kProgress && due && !pending.empty()) {
      write_current(ev.seconds, pending, pending_objective);
      pending.clear();
    }
    return false;
  });
  if (!e.ok()) return report_error(e);

  log.info("lsmip %s: local search for mixed-integer programs", version());
  std::string changed;
  for (const std::string& w : non_default_options(cl)) changed += " " + w;
  log.info("options:%s", changed.empty() ? " (defaults)" : changed.c_str());

  // Reading (the model, or the initial solution inside solve()) stopped by the time limit
  // or a signal: nothing to search yet, so the promised files are left behind, saying so.
  auto stopped_reading = [&](const Error& stop) {
    log.info("%s; no solution", stop.message().c_str());
    write_failure(solver, out, signalled() ? StopReason::kInterrupted : StopReason::kTimeLimit, "",
                  clock.seconds());
    return kExitNoSolution;
  };
  if (e = ranks.share_model(solver, path); !e.ok()) {
    if (e.code() == ErrorCode::kOutOfMemory) {
      std::fputs("error: out of memory while reading the model (raise --memory-limit)\n", stderr);
      write_failure(solver, out, StopReason::kMemoryLimit, "", clock.seconds());
      return kExitMemory;
    }
    if (e.code() == ErrorCode::kInterrupted) return stopped_reading(e);
    write_failure(solver, out, StopReason::kError, e.message(), clock.seconds());
    return report_error(e);
  }
  log.info("read %s in %.2fs", path.c_str(), clock.seconds());
  if (ranks.size() > 1) {
    log.info("ranks: %d, each with its own portfolio (rank 0 reads and writes)", ranks.size());
    if (e = ranks.join(solver); !e.ok()) log.warning("%s", e.message().c_str());
  }
  std::string stats;
  if (solver.model_statistics(Format::kText, stats).ok()) log.text(stats);

  // The outputs and the summary are written as soon as the result is known, before the
  // workers are torn down. A CBC worker stops at its next simplex iteration or node; should
  // one be inside a step that polls neither (a long probing pass), the process does not wait
  // for it: 0.2 s after the outputs it exits with the run's code.
  int code = 0;
  bool outputs_done = false;
  auto torn_down = std::make_shared<std::atomic<bool>>(false);  // shared with the watchdog
  auto on_result = [&](const SolveResult& res) {
    outputs_done = true;
    code = exit_code(res);
    // Every rank's best meets at rank 0, which verified the one it keeps.
    RankBest best;
    if (Error w = ranks.collect_best(solver, best); !w.ok()) log.warning("%s", w.message().c_str());
    if (!leader) {
      // Rank 0's exit code speaks for the job; another rank's own counts only when it failed.
      if (code != kExitInternal && code != kExitMemory) code = kExitOk;
      ranks.finish();
      start_watchdog(torn_down, code);
      return;
    }
    const bool from_other_rank = best.has_solution && best.rank > 0;
    if (from_other_rank && res.stop_reason != StopReason::kMemoryLimit) code = kExitOk;
    bool written = false;
    if (!out.solution_file.empty()) {
      if (Error w = from_other_rank ? solver.write_solution(out.solution_file, best.x, best.objective)
                                    : solver.write_solution(out.solution_file, IfNoSolution::kWriteMarker);
          !w.ok()) {
        code = report_error(w);
      } else {
        written = true;
      }
    }
    if (!out.json.empty()) {
      std::string json;
      Error w = solver.report_json(written, json);
      if (w.ok()) w = write_atomically(out.json, with_ranks(json, ranks, best));
      if (!w.ok()) code = report_error(w);
    }
    if (!res.error.empty()) log.warning("search stopped: %s", res.error.c_str());
    if (res.warm_start) {
      log.info("warm start: %s", res.warm_start_feasible   ? "feasible"
                                 : res.warm_start_repaired ? "infeasible, repaired by the search"
                                                           : "infeasible");
    }
    if (res.stop_reason == StopReason::kMemoryLimit) {
      std::fputs("error: out of memory; writing the best solution found\n", stderr);
    }
    std::string summary;
    if (solver.report_summary(summary).ok()) log.text(summary);
    if (ranks.size() > 1) {
      if (best.has_solution) {
        log.info("ranks             best %.10g from rank %d of %d", best.objective, best.rank, ranks.size());
      } else {
        log.info("ranks             no solution on any of %d ranks", ranks.size());
      }
    }
    if (written) {
      log.info("solution file     %s%s", out.solution_file.c_str(), res.has_solution ? "" : " (=infeas=: no solution)");
    }
    std::fflush(stdout);
    std::fflush(stderr);
    // Under mpirun every rank leaves the launch now, so that none waits in MPI_Finalize for
    // another's teardown.
    ranks.finish();
    start_watchdog(torn_down, code);
  };
  if (e = solver.set_result_callback(on_result); !e.ok()) return report_error(e);
  e = solver.solve();
  torn_down->store(true);
  if (outputs_done) return code;
  if (e.code() == ErrorCode::kOutOfMemory) {
    // The search ran out of memory before its result: the result says so (memory_limit).
    std::fputs("error: out of memory during the search\n", stderr);
    on_result(solver.result());
    return code;
  }
  // The run did not start (a bad initial_solution file, ...); under mpirun the job ends with
  // it, so that no rank waits for this one's result.
  const int failed = e.code() == ErrorCode::kInterrupted
                         ? stopped_reading(e)  // reading the initial solution stopped
                         : (write_failure(solver, out, StopReason::kError, e.message(), clock.seconds()),
                            report_error(e));
  if (ranks.size() > 1) ranks.abort(failed);
  return failed;
}

}  // namespace lsmip::app

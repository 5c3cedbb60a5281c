// `lsmip [solve] MODEL [options]`: the command-line layer over solver::Solver.
//
// This file owns what only an application may own: the signal handlers, the
// wall clock of the run, the files named on the command line, and the exit
// code. The pipeline itself (presolve, workers, verification) is the library's;
// every solution it returns was checked on the original model, and it is
// written atomically.
#include <atomic>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <thread>
#include <unistd.h>

#include "commands.h"
#include "exit_codes.h"
#include "io/model_reader.h"
#include "io/read_options.h"
#include "io/solution_io.h"
#include "model/model_stats.h"
#include "output_paths.h"
#include "solver/solve_report.h"
#include "solver/solver.h"
#include "util/atomic_file.h"

namespace lsmip::app {
namespace {

// Signal state: the only process-wide mutable state of lsmip, confined to app/.
std::atomic<int> g_signals{0};

extern "C" void on_signal(int sig) {
  const int n = g_signals.fetch_add(1) + 1;
  if (sig == SIGINT && n >= 2) {
    static const char msg[] = "\nsecond interrupt: exiting at once, nothing written\n";
    const ssize_t ignored = ::write(STDERR_FILENO, msg, sizeof msg - 1);
    (void)ignored;
    ::_exit(kExitInterrupted);
  }
}

// SIGINT, SIGTERM and SIGHUP end the run like a time limit. No SA_RESTART: a signal must
// interrupt a blocking read so the reader can see the stop. SIGPIPE is ignored, so a closed
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

class Clock {
 public:
  Clock() : start_(std::chrono::steady_clock::now()) {}
  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

 private:
  std::chrono::steady_clock::time_point start_;
};

// Leaves the promised solution file behind when there is no solution.
void write_no_solution(const Options& opt) {
  if (!opt.solution_file.empty()) (void)write_file_atomically(opt.solution_file, "=infeas=\n");
}

// After an input error no file of an earlier run may look like this run's result: the
// solution file becomes =infeas= and the report records the error.
void write_failure(const Options& opt, const Model* model, const Status& error, double seconds) {
  write_no_solution(opt);
  if (opt.json.empty()) return;
  solver::SolveResult r;
  r.stop_reason = solver::StopReason::kError;
  r.error = error;
  r.seconds = seconds;
  (void)write_file_atomically(opt.json, solver::json_report(model, opt, r, !opt.solution_file.empty()));
}

int exit_code(const solver::SolveResult& r) {
  if (!r.error.ok() && !r.has_solution) return kExitInternal;
  if (r.stop_reason == solver::StopReason::kMemoryLimit) return kExitMemory;
  if (r.has_solution) return kExitOk;
  return r.status == solver::SolveStatus::kInfeasible ? kExitInfeasible : kExitNoSolution;
}

}  // namespace

int run_solve(const CommandLine& cl, Logger& log) {
  if (const int code = check_operands(cl, 1, "usage: lsmip [solve] MODEL [options]"); code != kExitOk) return code;
  const Options& opt = cl.options;
  // Outputs that cannot be written, or would overwrite an input, are refused before anything
  // is read or written.
  if (const Status st = check_output_paths(opt, {cl.positional[0], opt.initial_solution}); !st.ok()) {
    return report_error(st);
  }
  const Clock clock;
  install_signal_handlers();
  solver::SolveControl control;
  control.clock = [&clock] { return clock.seconds(); };
  control.interrupted = [] { return g_signals.load(std::memory_order_relaxed) > 0; };
  auto stop_reading = [&] { return control.interrupted() || clock.seconds() >= opt.time_limit; };

  log.info("lsmip %s: local search for mixed-integer programs", LSMIP_VERSION);
  std::string changed;
  for (const std::string& w : non_default_options(opt)) changed += " " + w;
  log.info("options:%s", changed.empty() ? " (defaults)" : changed.c_str());

  const std::string& path = cl.positional[0];
  std::optional<Result<Model>> reading;
  try {
    reading.emplace(io::read_model(path, io::read_options(opt), log, stop_reading));
  } catch (const std::bad_alloc&) {
    std::fputs("error: out of memory while reading the model (raise --memory-limit)\n", stderr);
    write_no_solution(opt);
    if (!opt.json.empty()) {
      solver::SolveResult r;
      r.stop_reason = solver::StopReason::kMemoryLimit;
      r.seconds = clock.seconds();
      (void)write_file_atomically(opt.json, solver::json_report(nullptr, opt, r, !opt.solution_file.empty()));
    }
    return kExitMemory;
  }
  Result<Model>& read = *reading;
  if (!read.ok()) {
    if (read.status().code() == StatusCode::kInterrupted) {
      // Nothing to search yet: leave the promised files behind, saying so.
      log.info("reading stopped at %s:%lld by the time limit or a signal; no solution",
               read.status().where().file.c_str(),
               static_cast<long long>(read.status().where().line));
      write_no_solution(opt);
      if (!opt.json.empty()) {
        solver::SolveResult r;
        r.stop_reason = control.interrupted() ? solver::StopReason::kInterrupted
                                              : solver::StopReason::kTimeLimit;
        r.seconds = clock.seconds();
        (void)write_file_atomically(opt.json, solver::json_report(nullptr, opt, r, !opt.solution_file.empty()));
      }
      return kExitNoSolution;
    }
    write_failure(opt, nullptr, read.status(), clock.seconds());
    return report_error(read.status());
  }
  const Model& model = read.value();
  log.info("read %s in %.2fs", path.c_str(), clock.seconds());
  log.log(LogLevel::kNormal, "%s", describe_stats(model, compute_stats(model)).c_str());

  solver::Solver solver(model, opt, log);
  if (!opt.initial_solution.empty()) {
    Result<io::SolutionFile> sol = io::read_solution(opt.initial_solution, model);
    if (!sol.ok()) {
      write_failure(opt, &model, sol.status(), clock.seconds());
      return report_error(sol.status());
    }
    std::vector<double> start(static_cast<std::size_t>(model.num_cols()), std::nan(""));
    for (Index j = 0; j < model.num_cols(); ++j) {
      if (sol->given[static_cast<std::size_t>(j)]) start[static_cast<std::size_t>(j)] = sol->values[static_cast<std::size_t>(j)];
    }
    log.info("initial solution %s: %d of %d columns given (%s)", opt.initial_solution.c_str(),
             sol->num_given, model.num_cols(), sol->num_given == model.num_cols() ? "full" : "partial");
    solver.set_initial_solution(std::move(start));
  }

  // --write-every: the solution file follows the incumbent while the run goes on.
  double last_write = -kInf;
  if (!opt.solution_file.empty() && std::isfinite(opt.write_every)) {
    control.on_incumbent = [&](const solver::TracePoint& t, const std::vector<double>& x) {
      if (t.seconds - last_write < opt.write_every) return;
      last_write = t.seconds;
      const Status st = io::write_solution(opt.solution_file, model, x, t.objective);
      if (!st.ok()) log.warning("%s", st.to_string().c_str());
    };
  }

  // The outputs and the summary are written as soon as the result is known, before the
  // workers are torn down. A CBC worker stops at its next simplex iteration or node; should
  // one be inside a step that polls neither (a long probing pass), the process does not wait
  // for it: 0.2 s after the outputs it exits with the run's code.
  int code = 0;
  bool written = false, outputs_done = false;
  auto torn_down = std::make_shared<std::atomic<bool>>(false);  // shared with the watchdog
  auto write_outputs = [&](const solver::SolveResult& res) {
    outputs_done = true;
    code = exit_code(res);
    if (!opt.solution_file.empty()) {
      const Status st = res.has_solution ? io::write_solution(opt.solution_file, model, res.x, res.objective)
                                         : write_file_atomically(opt.solution_file, "=infeas=\n");
      if (!st.ok()) {
        code = report_error(st);
      } else {
        written = true;
      }
    }
    if (!opt.json.empty()) {
      const Status st = write_file_atomically(opt.json, solver::json_report(&model, opt, res, written));
      if (!st.ok()) code = report_error(st);
    }
    if (!res.error.ok()) log.warning("search stopped: %s", res.error.to_string().c_str());
    if (res.warm_start) {
      log.info("warm start: %s", res.warm_start_feasible   ? "feasible"
                                 : res.warm_start_repaired ? "infeasible, repaired by the search"
                                                           : "infeasible");
    }
    if (res.stop_reason == solver::StopReason::kMemoryLimit) {
      std::fputs("error: out of memory; writing the best solution found\n", stderr);
    }
    solver::log_summary(log, opt, res);
    if (written) {
      log.info("solution file     %s%s", opt.solution_file.c_str(), res.has_solution ? "" : " (=infeas=: no solution)");
    }
    std::fflush(stdout);
    std::fflush(stderr);
    const int exit_with = code;
    try {
      std::thread([torn_down, exit_with] {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        if (!torn_down->load()) {
          std::fputs("note: a CBC worker did not stop within 0.2 s of the end; exiting without it\n", stderr);
          std::fflush(stderr);
          std::_Exit(exit_with);
        }
      }).detach();
    } catch (const std::exception&) {
      // No thread to spare (a memory limit): the outputs are written; teardown is waited for.
    }
  };
  control.on_result = write_outputs;
  solver::SolveResult r;
  try {
    r = solver.solve(control);
  } catch (const std::bad_alloc&) {
    std::fputs("error: out of memory during the search\n", stderr);
    r.stop_reason = solver::StopReason::kMemoryLimit;
    r.seconds = clock.seconds();
  }
  torn_down->store(true);
  if (!outputs_done) write_outputs(r);  // the solve threw (out of memory) before its result
  return code;
}

}  // namespace lsmip::app

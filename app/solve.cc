// `lsmip [solve] MODEL [options]`: read, presolve, search, verify, write.
//
// Every solution the search reports is mapped back to the original model and
// checked there by check::check_solution (code shared with neither presolve
// nor search) before it is kept; the final best is checked once more before
// anything is printed or written. Files are written atomically. The clock is
// read here (time limit, log timestamps), never inside the search.
#include <atomic>
#include <chrono>
#include <cmath>
#include <csignal>
#include <optional>
#include <cstdio>
#include <unistd.h>

#include "check/solution_checker.h"
#include "commands.h"
#include "exit_codes.h"
#include "io/model_reader.h"
#include "io/solution_io.h"
#include "model/model_stats.h"
#include "presolve/presolve.h"
#include "search/local_search.h"
#include "util/atomic_file.h"
#include "util/json.h"

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

void install_signal_handlers() {
  struct sigaction sa {};
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
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

// MIPLIB primal gap of `value` against `reference` (both in the model's sense).
double primal_gap(double value, double reference) {
  if (std::fabs(value - reference) <= 1e-9) return 0.0;
  if (value * reference < 0) return 1.0;
  return std::fabs(value - reference) / std::max(std::fabs(value), std::fabs(reference));
}

std::string human_count(double v) {
  char buf[32];
  if (v >= 1e9) {
    std::snprintf(buf, sizeof buf, "%.1fG", v / 1e9);
  } else if (v >= 1e6) {
    std::snprintf(buf, sizeof buf, "%.1fM", v / 1e6);
  } else if (v >= 1e3) {
    std::snprintf(buf, sizeof buf, "%.1fk", v / 1e3);
  } else {
    std::snprintf(buf, sizeof buf, "%.0f", v);
  }
  return buf;
}

// The state of one solve run, shared by the search hooks and the reporting.
struct Run {
  const Options& opt;
  Logger& log;
  Clock clock;
  const Model* original = nullptr;
  const presolve::Postsolve* post = nullptr;

  bool have_best = false;
  std::vector<double> best_x;  // original space, verified
  double best_objective = 0;   // model's own sense
  double time_first = -1, time_best = -1;
  std::vector<std::pair<double, double>> trace;  // (seconds, objective)
  long rejected_by_check = 0;
  int rows_printed = 0;
  double last_row_time = 0;
  // Improvements closer than kMinRowGap seconds to the previous row are not printed at
  // once (a continuous objective can improve hundreds of times a second); the last of
  // them is printed by flush_pending() from the progress hook or before the summary.
  static constexpr double kMinRowGap = 0.1;
  struct PendingRow {
    bool due = false;
    const char* source = "";
    double work = 0;
    std::uint64_t moves = 0, restarts = 0;
    double seconds = 0;  // when the improvement was found
  } pending;

  explicit Run(const Options& o, Logger& l) : opt(o), log(l) {}

  bool stop_requested() const {
    return g_signals.load(std::memory_order_relaxed) > 0 || clock.seconds() >= opt.time_limit ||
           goal_reached();
  }

  // True once --solution-limit or --objective-target is satisfied.
  bool goal_reached() const {
    if (opt.solution_limit > 0 && static_cast<std::int64_t>(trace.size()) >= opt.solution_limit) {
      return true;
    }
    if (have_best && std::isfinite(opt.objective_target)) {
      return original->sense() == ObjSense::kMinimize ? best_objective <= opt.objective_target
                                                      : best_objective >= opt.objective_target;
    }
    return false;
  }

  void print_header_row() {
    log.info("  %-9s %8s %11s %21s %8s %7s %9s %8s", "Source", "Time", "Work", "Best objective",
             "Gap", "Viol", "Moves/s", "Restarts");
  }

  // One table row; `at` is the time to show (default: now).
  void print_row(const char* source, double work, std::uint64_t moves, std::int32_t violated,
                 std::uint64_t restarts, double at = -1) {
    if (!log.enabled(LogLevel::kNormal)) return;
    if (rows_printed % 20 == 0) print_header_row();
    ++rows_printed;
    last_row_time = clock.seconds();
    const double t = at >= 0 ? at : last_row_time;
    char obj[32] = "-", gap[16] = "-", viol[16] = "-";
    if (have_best) std::snprintf(obj, sizeof obj, "%.10g", best_objective);
    if (have_best && std::isfinite(opt.objective_reference)) {
      std::snprintf(gap, sizeof gap, "%.2f%%", 100.0 * primal_gap(best_objective, opt.objective_reference));
    }
    if (violated >= 0) std::snprintf(viol, sizeof viol, "%d", violated);
    const double rate = t > 0 ? static_cast<double>(moves) / t : 0.0;
    log.info("  %-9s %7.2fs %11.4g %21s %8s %7s %9s %8llu", source, t, work, obj, gap, viol,
             human_count(rate).c_str(), static_cast<unsigned long long>(restarts));
  }

  // Verifies an original-space point and keeps it if it is better. Returns
  // true when it became the new best.
  bool offer(std::vector<double> x, const char* source, double work, std::uint64_t moves,
             std::uint64_t restarts) {
    const check::CheckReport r = check::check_solution(*original, x, opt.feas_tol, opt.int_tol);
    if (!r.feasible) {
      ++rejected_by_check;
      log.warning("a %s solution failed the independent check and is discarded:\n%s", source,
                  r.describe(*original).c_str());
      return false;
    }
    const bool better = !have_best || (original->sense() == ObjSense::kMinimize
                                           ? r.objective < best_objective
                                           : r.objective > best_objective);
    if (!better) return false;
    have_best = true;
    best_x = std::move(x);
    best_objective = r.objective;
    const double t = clock.seconds();
    if (time_first < 0) time_first = t;
    time_best = t;
    trace.emplace_back(t, r.objective);
    if (trace.size() == 1 || t - last_row_time >= kMinRowGap) {
      pending.due = false;
      print_row(source, work, moves, -1, restarts);
    } else {
      pending = PendingRow{true, source, work, moves, restarts, t};
    }
    return true;
  }

  // Prints the held-back improvement row, if any (when `force` or its gap has passed).
  void flush_pending(bool force) {
    if (!pending.due || (!force && clock.seconds() - last_row_time < kMinRowGap)) return;
    pending.due = false;
    print_row(pending.source, pending.work, pending.moves, -1, pending.restarts, pending.seconds);
  }
};

std::string json_report(const Run& run, const char* status, const search::SearchResult* sr,
                        const presolve::PresolveStats* ps, double seconds, bool verified) {
  std::string o = "{\n";
  auto field = [&](const char* key, const std::string& value, bool last = false) {
    o += "  " + json::quote(key) + ": " + value + (last ? "\n" : ",\n");
  };
  field("solver", json::quote(std::string("lsmip ") + LSMIP_VERSION));
  field("model", json::quote(run.original != nullptr ? run.original->name() : ""));
  field("status", json::quote(status));
  field("objective", run.have_best ? json::number(run.best_objective) : "null");
  field("verified", verified ? "true" : "false");
  field("time_to_first", run.time_first >= 0 ? json::number(run.time_first) : "null");
  field("time_to_best", run.time_best >= 0 ? json::number(run.time_best) : "null");
  field("seconds", json::number(seconds));
  const double moves = sr != nullptr ? static_cast<double>(sr->moves) : 0.0;
  field("moves", json::number(moves));
  field("moves_per_second", json::number(seconds > 0 ? moves / seconds : 0.0));
  field("work", json::number(sr != nullptr ? sr->work : 0.0));
  field("restarts", json::number(sr != nullptr ? static_cast<double>(sr->restarts) : 0.0));
  field("neighbourhood_epochs",
        json::number(sr != nullptr ? static_cast<double>(sr->neighbourhood_epochs) : 0.0));
  std::string kinds = "{";
  if (sr != nullptr) {
    for (std::size_t k = 0; k < search::kNumMoveKinds; ++k) {
      if (k > 0) kinds += ", ";
      kinds += json::quote(search::move_kind_name(static_cast<search::MoveKind>(k))) + ": " +
               json::number(static_cast<double>(sr->moves_by_kind[k]));
    }
  }
  field("moves_by_kind", kinds + "}");
  if (ps != nullptr) {
    field("presolve", "{\"rows_removed\": " + std::to_string(ps->rows_removed) +
                          ", \"cols_removed\": " + std::to_string(ps->cols_removed) +
                          ", \"cols_aggregated\": " + std::to_string(ps->cols_aggregated) +
                          ", \"bounds_tightened\": " + std::to_string(ps->bounds_tightened) + "}");
  }
  field("seed", std::to_string(run.opt.seed));
  std::string trace = "[";
  for (std::size_t k = 0; k < run.trace.size(); ++k) {
    if (k > 0) trace += ", ";
    trace += "[" + json::number(run.trace[k].first) + ", " + json::number(run.trace[k].second) + "]";
  }
  field("trace", trace + "]", true);
  return o + "}\n";
}

}  // namespace

int run_solve(const CommandLine& cl, Logger& log) {
  if (cl.positional.size() != 1) {
    return report_error({StatusCode::kUsageError, "usage: lsmip [solve] MODEL [options]"});
  }
  const Options& opt = cl.options;
  Run run(opt, log);
  install_signal_handlers();

  log.info("lsmip %s: local search for mixed-integer programs", LSMIP_VERSION);
  std::string changed;
  for (const std::string& w : non_default_options(opt)) changed += " " + w;
  log.info("options:%s", changed.empty() ? " (defaults)" : changed.c_str());

  const std::string& path = cl.positional[0];
  std::optional<Result<Model>> reading;
  try {
    reading.emplace(io::read_model(path, opt, log, [&] { return run.stop_requested(); }));
  } catch (const std::bad_alloc&) {
    std::fputs("error: out of memory while reading the model (raise --memory-limit)\n", stderr);
    write_no_solution(opt);
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
        (void)write_file_atomically(opt.json, json_report(run, "unknown", nullptr, nullptr,
                                                          run.clock.seconds(), false));
      }
      return kExitNoSolution;
    }
    return report_error(read.status());
  }
  const Model& model = read.value();
  run.original = &model;
  const ModelStats stats = compute_stats(model);
  log.info("read %s in %.2fs", path.c_str(), run.clock.seconds());
  log.log(LogLevel::kNormal, "%s", describe_stats(model, stats).c_str());

  auto finish = [&](const char* status, const search::SearchResult* sr,
                    const presolve::PresolveStats* ps) -> int {
    run.flush_pending(true);
    // Final verification of the best solution from scratch against the original model.
    bool verified = false;
    if (run.have_best) {
      const check::CheckReport r =
          check::check_solution(model, run.best_x, opt.feas_tol, opt.int_tol, run.best_objective);
      verified = r.ok();
      if (!verified) {
        log.warning("final check failed; no solution is reported:\n%s", r.describe(model).c_str());
        run.have_best = false;
        status = "unknown";
      }
    }
    const double seconds = run.clock.seconds();
    int code = kExitOk;
    if (!opt.solution_file.empty()) {
      Status st = run.have_best
                      ? io::write_solution(opt.solution_file, model, run.best_x, run.best_objective)
                      : write_file_atomically(opt.solution_file, "=infeas=\n");
      if (!st.ok()) code = report_error(st);
    }
    if (!opt.json.empty()) {
      Status st = write_file_atomically(opt.json, json_report(run, status, sr, ps, seconds, verified));
      if (!st.ok()) code = report_error(st);
    }
    log.info("%s", "");
    log.info("status            %s%s", status,
             g_signals.load() > 0                    ? " (interrupted)"
             : run.goal_reached()                    ? " (solution limit or objective target reached)"
             : sr != nullptr && sr->stopped_by_limit ? " (limit reached)"
                                                     : "");
    if (run.have_best) {
      log.info("best objective    %.17g", run.best_objective);
      if (std::isfinite(opt.objective_reference)) {
        log.info("primal gap        %.4f (reference %.17g)", primal_gap(run.best_objective, opt.objective_reference),
                 opt.objective_reference);
      }
      log.info("first solution    %.2fs", run.time_first);
      log.info("best solution     %.2fs", run.time_best);
      log.info("verification      passed (independent check against the original model)");
    }
    if (sr != nullptr) {
      std::string kinds;
      for (std::size_t k = 0; k < search::kNumMoveKinds; ++k) {
        if (sr->moves_by_kind[k] == 0) continue;
        kinds += std::string(" ") + search::move_kind_name(static_cast<search::MoveKind>(k)) + " " +
                 human_count(static_cast<double>(sr->moves_by_kind[k]));
      }
      log.info("moves             %s (%s/s), restarts %llu (%llu in neighbourhoods); by kind:%s",
               human_count(static_cast<double>(sr->moves)).c_str(),
               human_count(seconds > 0 ? static_cast<double>(sr->moves) / seconds : 0).c_str(),
               static_cast<unsigned long long>(sr->restarts),
               static_cast<unsigned long long>(sr->neighbourhood_epochs), kinds.c_str());
      log.info("work              %.4g units", sr->work);
    }
    if (run.rejected_by_check > 0) {
      log.warning("%ld reported solutions were rejected by the check", run.rejected_by_check);
    }
    log.info("time              %.2fs", seconds);
    if (!opt.solution_file.empty() && code == kExitOk) {
      log.info("solution file     %s%s", opt.solution_file.c_str(), run.have_best ? "" : " (=infeas=: no solution)");
    }
    if (code != kExitOk) return code;
    if (run.have_best) return kExitOk;
    return std::string(status) == "infeasible" ? kExitInfeasible : kExitNoSolution;
  };

  if (const auto j = model.first_empty_domain()) {
    log.info("column '%s' has an empty domain [%.17g, %.17g]: the model is infeasible",
             model.col_name(*j).c_str(), model.col_lower(*j), model.col_upper(*j));
    return finish("infeasible", nullptr, nullptr);
  }

  // Warm start, in original space (NaN = unspecified).
  std::vector<double> start;
  if (!opt.initial_solution.empty()) {
    Result<io::SolutionFile> sol = io::read_solution(opt.initial_solution, model);
    if (!sol.ok()) return report_error(sol.status());
    start.assign(static_cast<std::size_t>(model.num_cols()), std::nan(""));
    for (Index j = 0; j < model.num_cols(); ++j) {
      if (sol->given[static_cast<std::size_t>(j)]) start[static_cast<std::size_t>(j)] = sol->values[static_cast<std::size_t>(j)];
    }
    const bool full = sol->num_given == model.num_cols();
    log.info("initial solution %s: %d of %d columns given (%s)", opt.initial_solution.c_str(),
             sol->num_given, model.num_cols(), full ? "full" : "partial");
    if (full) {
      const check::CheckReport r = check::check_solution(model, sol->values, opt.feas_tol, opt.int_tol);
      if (r.feasible) {
        log.info("initial solution is feasible, objective %.17g", r.objective);
        run.offer(sol->values, "initial", 0, 0, 0);
      } else {
        log.info("initial solution is infeasible; the search starts from it and repairs it:\n%s",
                 r.describe(model).c_str());
      }
    }
  }

  presolve::PresolveResult pre = presolve::run_presolve(model, opt, log);
  if (pre.verdict == presolve::Verdict::kInfeasible) {
    log.info("presolve: the model is infeasible: %s", pre.reason.c_str());
    return finish(run.have_best ? "feasible" : "infeasible", nullptr, &pre.stats);
  }
  run.post = &pre.postsolve;
  if (opt.presolve) {
    const ModelStats after = compute_stats(pre.reduced);
    log.info("presolve: %d rows and %d fixed columns removed, %d columns aggregated, %d bounds "
             "tightened, nonzeros %lld -> %lld (%.2fs)",
             pre.stats.rows_removed, pre.stats.cols_removed, pre.stats.cols_aggregated,
             pre.stats.bounds_tightened, static_cast<long long>(model.num_nonzeros()),
             static_cast<long long>(pre.reduced.num_nonzeros()), pre.stats.seconds);
    log.info("presolved model: %d rows, %d columns, %lld nonzeros (%d binary, %d integer, %d continuous)",
             after.rows, after.cols, static_cast<long long>(after.nonzeros), after.binary,
             after.integer, after.continuous);
  }

  std::vector<double> reduced_start;
  if (!start.empty()) reduced_start = pre.postsolve.reduce(start);

  search::SearchHooks hooks;
  hooks.should_stop = [&] { return run.stop_requested(); };
  hooks.accept = [&](std::span<const double> x) {
    return check::check_solution(model, pre.postsolve.expand(x), opt.feas_tol, opt.int_tol).feasible;
  };
  hooks.on_improvement = [&](const search::Improvement& imp, std::span<const double> x) {
    run.offer(pre.postsolve.expand(x), search::move_kind_name(imp.source), imp.work, imp.moves, 0);
  };
  hooks.on_progress = [&](const search::SearchProgress& p) {
    run.flush_pending(false);
    if (run.clock.seconds() - run.last_row_time >= opt.log_interval) {
      run.print_row("", p.work, p.moves, p.found && p.violated_rows == 0 ? -1 : p.violated_rows,
                    p.restarts);
    }
  };
  log.info("%s", "");
  search::SearchResult sr;
  try {
    sr = search::run_local_search(pre.reduced, opt, reduced_start, hooks, log);
  } catch (const std::bad_alloc&) {
    // The search's memory is released by now: report and keep what was verified.
    std::fputs("error: out of memory during the search; writing the best solution found\n", stderr);
    finish(run.have_best ? "feasible" : "unknown", nullptr, &pre.stats);
    return kExitMemory;
  }
  if (!sr.status.ok()) {
    log.warning("search stopped: %s", sr.status.to_string().c_str());
  }
  if (!start.empty()) {
    log.info("warm start: %s", sr.warm_start_feasible   ? "feasible"
                               : sr.warm_start_repaired ? "infeasible, repaired by the search"
                                                        : "infeasible");
  }
  // The engine's final best, in case the last improvement was not reported.
  if (sr.found) run.offer(pre.postsolve.expand(sr.best_x), "final", sr.work, sr.moves, sr.restarts);
  if (!sr.status.ok() && sr.status.code() == StatusCode::kInternal && !run.have_best) {
    finish("unknown", &sr, &pre.stats);
    return kExitInternal;
  }
  return finish(run.have_best ? "feasible" : sr.trivially_infeasible ? "infeasible" : "unknown",
                &sr, &pre.stats);
}

}  // namespace lsmip::app

#include "solver/solve_report.h"

#include <cmath>

#include "solver/progress_log.h"
#include "util/json.h"
#include "util/number_format.h"

namespace lsmip::solver {
namespace {

std::string num(double v) { return json::number(v); }
std::string num(std::uint64_t v) { return json::number(static_cast<double>(v)); }
const char* boolean(bool b) { return b ? "true" : "false"; }

}  // namespace

std::string workers_json(const SolveResult& r, const std::string& indent) {
  std::string workers = "[";
  for (std::size_t k = 0; k < r.workers.size(); ++k) {
    const portfolio::WorkerStats& w = r.workers[k];
    if (k > 0) workers += ",";
    workers += "\n" + indent + "  {\"name\": " + json::quote(w.name) + ", \"config\": " + json::quote(w.config) +
               ", \"tasks\": " + num(w.tasks) + ", \"work\": " + num(w.work) +
               ", \"seconds\": " + num(w.seconds) +
               ", \"moves\": " + num(w.moves) + ", \"restarts\": " + num(w.restarts) +
               ", \"found\": " + num(w.found) + ", \"improvements\": " + num(w.improvements) +
               ", \"elites\": " + num(w.elites) + ", \"imported\": " + num(w.imported) +
               ", \"handovers\": " + num(w.handovers) +
               ", \"rejected\": " + num(w.rejected) + ", \"retired\": " + boolean(w.retired) + "}";
  }
  return workers + (r.workers.empty() ? "]" : "\n" + indent + "]");
}

std::string exchange_json(const SolveResult& r) {
  if (!r.exchanged) return "null";
  const portfolio::ExchangeStats& e = r.exchange;
  return "{\"rounds\": " + num(e.rounds) + ", \"sent\": " + num(e.sent) + ", \"received\": " + num(e.received) +
         ", \"improved\": " + num(e.improved) + ", \"rejected\": " + num(e.rejected) +
         ", \"bytes_sent\": " + num(e.bytes_sent) + "}";
}

std::string rank_report_json(int rank, const SolveResult& r) {
  return "{\"rank\": " + std::to_string(rank) + ", \"objective\": " + (r.has_solution ? num(r.objective) : "null") +
         ", \"status\": " + json::quote(status_name(r.status)) +
         ", \"stop_reason\": " + json::quote(stop_reason_name(r.stop_reason)) +
         ", \"seconds\": " + num(r.seconds) + ", \"workers\": " + workers_json(r, "    ") + ", \"rank_exchange\": " + exchange_json(r) + "}";
}

std::string json_report(const Model* model, const Options& opt, const SolveResult& r,
                        bool solution_written, std::string_view error) {
  std::string o = "{\n";
  auto field = [&](const char* key, const std::string& value, bool last = false) {
    o += "  " + json::quote(key) + ": " + value + (last ? "\n" : ",\n");
  };
  field("solver", json::quote(std::string("lsmip ") + LSMIP_VERSION));
  field("model", model != nullptr ? json::quote(model->name()) : "null");
  field("status", json::quote(status_name(r.status)));
  field("stop_reason", json::quote(stop_reason_name(r.stop_reason)));
  field("objective", r.has_solution ? num(r.objective) : "null");
  field("dual_bound", r.has_bound && std::isfinite(r.dual_bound) ? num(r.dual_bound) : "null");
  field("mip_gap", std::isfinite(r.mip_gap) ? num(r.mip_gap) : "null");
  field("verified", boolean(r.has_solution));
  field("solution_written", boolean(solution_written));
  field("time_to_first", r.time_first >= 0 ? num(r.time_first) : "null");
  field("time_to_best", r.time_best >= 0 ? num(r.time_best) : "null");
  field("seconds", num(r.seconds));
  field("moves", num(r.moves));
  field("moves_per_second", num(r.seconds > 0 ? static_cast<double>(r.moves) / r.seconds : 0.0));
  field("work", num(r.work));
  field("restarts", num(r.restarts));
  field("neighbourhood_epochs", num(r.neighbourhood_epochs));
  std::string kinds = "{";
  for (std::size_t k = 0; k < search::kNumMoveKinds; ++k) {
    if (k > 0) kinds += ", ";
    kinds += json::quote(search::move_kind_name(static_cast<search::MoveKind>(k))) + ": " +
             num(r.moves_by_kind[k]);
  }
  field("moves_by_kind", kinds + "}");
  field("presolve", !r.presolved ? "null"
                                 : "{\"rows_removed\": " + std::to_string(r.presolve.rows_removed) +
                                       ", \"cols_removed\": " + std::to_string(r.presolve.cols_removed) +
                                       ", \"cols_aggregated\": " + std::to_string(r.presolve.cols_aggregated) +
                                       ", \"bounds_tightened\": " + std::to_string(r.presolve.bounds_tightened) + "}");
  field("seed", std::to_string(opt.seed));
  field("threads", std::to_string(r.threads));
  field("deterministic", boolean(r.deterministic));
  field("rejected_solutions", std::to_string(r.rejected));
  field("infeasible_reason", r.infeasible_reason.empty() ? "null" : json::quote(r.infeasible_reason));
  field("error", !error.empty() ? json::quote(error)
                                : r.error.ok() ? "null" : json::quote(r.error.to_string()));
  field("workers", workers_json(r, "  "));
  field("ranks", std::to_string(r.ranks));
  field("rank_exchange", exchange_json(r));
  std::string trace = "[";
  for (std::size_t k = 0; k < r.trace.size(); ++k) {
    if (k > 0) trace += ", ";
    trace += '[';
    trace += num(r.trace[k].seconds);
    trace += ", ";
    trace += num(r.trace[k].objective);
    trace += ", ";
    trace += json::quote(r.trace[k].source);
    trace += ']';
  }
  field("trace", trace + "]", true);
  return o + "}\n";
}

void log_summary(Logger& log, const Options& opt, const SolveResult& r) {
  log.info("%s", "");
  log.info("status            %s (stop: %s)", status_name(r.status), stop_reason_name(r.stop_reason));
  if (r.has_solution) {
    log.info("best objective    %s", shortest(r.objective).c_str());
    if (std::isfinite(opt.objective_reference)) {
      log.info("primal gap        %.4f (reference %s)", primal_gap(r.objective, opt.objective_reference),
               shortest(opt.objective_reference).c_str());
    }
    if (r.has_bound && std::isfinite(r.dual_bound)) {
      log.info("dual bound        %s (gap %.4f%%)", shortest(r.dual_bound).c_str(), 100.0 * r.mip_gap);
    }
    log.info("first solution    %.2fs", r.time_first);
    log.info("best solution     %.2fs", r.time_best);
    log.info("verification      passed (independent check against the original model)");
  }
  if (!r.workers.empty()) {
    std::string kinds;
    for (std::size_t k = 0; k < search::kNumMoveKinds; ++k) {
      if (r.moves_by_kind[k] == 0) continue;
      kinds += std::string(" ") + search::move_kind_name(static_cast<search::MoveKind>(k)) + " " +
               human_count(static_cast<double>(r.moves_by_kind[k]));
    }
    log.info("moves             %s (%s/s), restarts %llu (%llu in neighbourhoods); by kind:%s",
             human_count(static_cast<double>(r.moves)).c_str(),
             human_count(r.seconds > 0 ? static_cast<double>(r.moves) / r.seconds : 0).c_str(),
             static_cast<unsigned long long>(r.restarts),
             static_cast<unsigned long long>(r.neighbourhood_epochs), kinds.c_str());
    log.info("work              %.4g units", r.work);
  }
  if (r.workers.size() > 1) {
    log.info("workers           %d threads, %s", r.threads, r.deterministic ? "deterministic" : "opportunistic");
    log.info("  %-6s %7s %11s %8s %9s %9s %6s %6s %6s %8s %9s", "worker", "tasks", "work", "time", "moves",
             "restarts", "found", "best", "elites", "imported", "handovers");
    for (const portfolio::WorkerStats& w : r.workers) {
      log.info("  %-6s %7llu %11.4g %7.2fs %9s %9llu %6llu %6llu %6llu %8llu %9llu%s", w.name.c_str(),
               static_cast<unsigned long long>(w.tasks), w.work, w.seconds,
               human_count(static_cast<double>(w.moves)).c_str(),
               static_cast<unsigned long long>(w.restarts), static_cast<unsigned long long>(w.found),
               static_cast<unsigned long long>(w.improvements), static_cast<unsigned long long>(w.elites),
               static_cast<unsigned long long>(w.imported), static_cast<unsigned long long>(w.handovers),
               w.retired ? "  (retired)" : "");
    }
  }
  if (r.rejected > 0) log.warning("%ld reported solutions were rejected by the check", r.rejected);
  log.info("time              %.2fs", r.seconds);
}

}  // namespace lsmip::solver

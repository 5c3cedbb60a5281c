#include "solver/progress_log.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace lsmip::solver {
namespace {
constexpr double kMinRowGap = 0.1;  // seconds between improvement rows
}  // namespace

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

ProgressLog::ProgressLog(Logger& log, const Options& options, std::function<double()> clock,
                         int workers)
    : log_(log), opt_(options), clock_(std::move(clock)),
      latest_(static_cast<std::size_t>(std::max(workers, 1))) {}

void ProgressLog::print_header() {
  log_.info("  %-16s %8s %11s %20s %16s %7s %8s %6s %8s", "Source", "Time", "Work", "Best objective",
            "Bound", "Gap", "Ref gap", "Viol", "Moves/s");
}

void ProgressLog::print_row(const char* source, double at) {
  if (!log_.enabled(LogLevel::kNormal)) return;
  if (rows_ % 20 == 0) print_header();
  ++rows_;
  last_row_time_ = clock_();
  const double t = at >= 0 ? at : last_row_time_;
  double work = 0, moves = 0;
  std::int32_t violated = -1;
  bool any_found = have_best_;
  for (const search::SearchProgress& p : latest_) {
    work += p.work;
    moves += static_cast<double>(p.moves);
    any_found = any_found || p.found;
  }
  if (!any_found) {
    for (const search::SearchProgress& p : latest_) {
      if (p.moves > 0 && (violated < 0 || p.violated_rows < violated)) violated = p.violated_rows;
    }
  }
  char obj[32] = "-", bnd[32] = "-", gap[16] = "-", ref[16] = "-", viol[16] = "-";
  if (have_best_) std::snprintf(obj, sizeof obj, "%.10g", best_);
  if (have_bound_) std::snprintf(bnd, sizeof bnd, "%.10g", bound_);
  if (have_best_ && have_bound_ && std::isfinite(bound_)) {
    // The same formula as the primal gap, of the incumbent against the bound (both printed in
    // the model's sense, so the order does not matter).
    std::snprintf(gap, sizeof gap, "%.2f%%", 100.0 * std::min(primal_gap(best_, bound_), 1.0));
  }
  if (have_best_ && std::isfinite(opt_.objective_reference)) {
    std::snprintf(ref, sizeof ref, "%.2f%%", 100.0 * primal_gap(best_, opt_.objective_reference));
  }
  if (violated >= 0) std::snprintf(viol, sizeof viol, "%d", violated);
  const double rate = t > 0 ? moves / t : 0.0;
  log_.info("  %-16s %7.2fs %11.4g %20s %16s %7s %8s %6s %8s", source, t, work, obj, bnd, gap, ref, viol,
            human_count(rate).c_str());
}

void ProgressLog::bound(double value) {
  std::lock_guard<std::mutex> lock(mu_);
  const bool first = !have_bound_;
  have_bound_ = true;
  bound_ = value;
  if (first || clock_() - last_row_time_ >= kMinRowGap) {
    if (pending_.due) {
      pending_.due = false;
      print_row(pending_.source.c_str(), pending_.seconds);
    } else {
      print_row("bound", -1);
    }
  }
}

void ProgressLog::improvement(double objective, const std::string& source, double seconds) {
  std::lock_guard<std::mutex> lock(mu_);
  const bool first = !have_best_;
  have_best_ = true;
  best_ = objective;
  if (first || clock_() - last_row_time_ >= kMinRowGap) {
    pending_.due = false;
    print_row(source.c_str(), seconds);
  } else {
    pending_ = Pending{true, source, seconds};
  }
}

void ProgressLog::progress(const portfolio::WorkerProgress& p) {
  std::lock_guard<std::mutex> lock(mu_);
  if (p.worker >= 0 && static_cast<std::size_t>(p.worker) < latest_.size()) {
    latest_[static_cast<std::size_t>(p.worker)] = p.search;
  }
  const double now = clock_();
  if (pending_.due && now - last_row_time_ >= kMinRowGap) {
    pending_.due = false;
    print_row(pending_.source.c_str(), pending_.seconds);
  }
  if (now - last_row_time_ >= opt_.log_interval) print_row("", -1);
}

void ProgressLog::flush() {
  std::lock_guard<std::mutex> lock(mu_);
  if (!pending_.due) return;
  pending_.due = false;
  print_row(pending_.source.c_str(), pending_.seconds);
}

}  // namespace lsmip::solver

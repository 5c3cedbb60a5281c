#include "portfolio/exact_worker.h"

#include <algorithm>
#include <cmath>

#include "lp/mip_solver.h"
#include "portfolio/mip_point.h"

namespace lsmip::portfolio {
namespace {
// Relative rise of the LP value over the root's that makes the preprocessed LP point news.
constexpr double kTighterLp = 1e-4;
LpPoint copy_point(double value, std::span<const double> x, std::span<const double> d) {
  return LpPoint{std::vector<double>(x.begin(), x.end()), value, std::vector<double>(d.begin(), d.end())};
}
}  // namespace

ExactWorker::ExactWorker(ExactWorkerSetup setup, Logger& log)
    : setup_(std::move(setup)), log_(log), cbc_([this] { cbc_main(); }) {
  stats_.name = setup_.name;
  stats_.config = "CBC branch-and-cut";
}

void ExactWorker::cbc_main() {
  const Model& m = *setup_.reduced;
  lp::MipSettings s;
  s.cutoff = cutoff_;
  s.row_tolerance = setup_.options.feas_tol;  // infeasible only if nothing passes the check
  s.seed = static_cast<int>(setup_.options.seed % 1000000);
  s.work_per_iteration = setup_.options.lp_work_per_iteration;
  if (setup_.seconds_left) s.deadline = setup_.seconds_left();
  if (!start_.empty()) s.start = start_;
  s.log_level = static_cast<int>(setup_.options.coin_log);
  lp::MipCallbacks cb;
  cb.on_message = [this](const char* line) { log_.info("[%s cbc] %s", setup_.name.c_str(), line); };
  cb.stop = [this] { return cbc_.cancelled() || (setup_.should_stop && setup_.should_stop()); };
  cb.on_work = [this](double w) { cbc_.spend(w); };
  cb.next_solution = [this](std::vector<double>& x, double& z) {
    if (!(incoming_value_ < handed_value_)) return false;
    handed_value_ = incoming_value_;
    x = incoming_;
    z = incoming_value_;
    return true;
  };
  cb.on_bound = [this](double b) { bound_ = std::max(bound_, b); };
  cb.on_tree = [this] { in_tree_ = true; };
  cb.on_root_lp = [this](bool optimal, bool, double value, std::span<const double> x, std::span<const double> d) {
    if (optimal) root_lp_ = copy_point(value, x, d);
  };
  // The preprocessed model's LP point replaces the root's only when it is tighter: an equal
  // one (air05: probing finds nothing) would only start RENS and the core over.
  cb.on_preprocessed_lp = [this](double value, std::span<const double> x, std::span<const double> d) {
    if (!root_lp_ || !(value > root_lp_->value + kTighterLp * std::max(1.0, std::fabs(root_lp_->value)))) return;
    preprocessed_lp_ = copy_point(value, x, d);
  };
  cb.on_solution = [this, &m](std::span<const double> x, double) {
    std::string why;
    std::vector<double> point(x.begin(), x.end());
    if (setup_.tamper) setup_.tamper(point);
    if (auto v = verify_mip_point(*setup_.verifier, m, point, &why)) {
      ++body_found_;
      pending_.push_back(Found{std::move(*v), setup_.clock ? setup_.clock() : -1.0});
    } else {
      ++body_rejected_;
      log_.warning("%s: a CBC solution failed the independent check and is discarded:\n%s",
                   setup_.name.c_str(), why.c_str());
    }
  };
  const lp::MipResult r = lp::solve_mip(m, s, cb);
  // A proof only when the search finished without being stopped.
  if (r.status == lp::MipStatus::kOptimal || r.status == lp::MipStatus::kInfeasible) {
    bound_ = std::max(bound_, r.bound);
  }
  if (r.status == lp::MipStatus::kUnbounded) lp_unbounded_ = true;
  if (r.status == lp::MipStatus::kAborted) {
    log_.warning("%s: CBC failed an internal assertion; the run goes on without this worker, its checked "
                 "solutions are kept", setup_.name.c_str());
  }
  body_moves_ = static_cast<std::uint64_t>(r.nodes);
}

bool ExactWorker::run_task(double work) {
  if (!cbc_.idle()) return true;  // still running after a stop; the run is ending
  if (cbc_.finished()) return false;
  started_ = true;
  // The work limit holds for every worker: the last task is cut to what is left of it.
  const double left = setup_.options.work_limit - cbc_.work();
  if (left <= 0) return false;
  ++stats_.tasks;
  const bool more = cbc_.resume(std::min(work, left), setup_.should_stop);
  if (cbc_.idle()) {  // the body's figures, copied while it waits
    stats_.work = cbc_.work();
    stats_.found = body_found_;
    stats_.rejected = body_rejected_;
    stats_.moves = body_moves_;
  }
  return more;
}

void ExactWorker::publish(SolutionPool& pool) {
  if (!cbc_.idle()) return;  // the body still runs after a stop: its state is its own
  for (Found& f : pending_) {
    count_admission(pool.offer(std::move(f.solution), setup_.index, setup_.name + " cbc", -1, f.seconds), stats_);
  }
  pending_.clear();
  if (root_lp_ && !root_lp_sent_) {
    root_lp_sent_ = true;
    setup_.bound->set_lp(*root_lp_);
  }
  if (preprocessed_lp_ && root_lp_sent_ && !preprocessed_lp_sent_) {
    preprocessed_lp_sent_ = true;
    setup_.bound->refine_lp(*preprocessed_lp_);
  }
  if (bound_ > -kInf) setup_.bound->improve(bound_);
  if (in_tree_) setup_.bound->set_in_tree();
  if (lp_unbounded_) setup_.bound->set_unbounded();
}

void ExactWorker::absorb(const SolutionPool& pool) {
  if (!cbc_.idle()) return;
  const std::optional<PoolEntry> best = pool.best();
  if (!best) return;
  const double z = setup_.reduced->objective(best->solution.reduced());
  if (!(z < cutoff_)) return;
  cutoff_ = z;
  if (!started_) {
    start_ = best->solution.reduced();
    handed_value_ = z;  // given as the MIP start
  } else {
    incoming_ = best->solution.reduced();
    incoming_value_ = z;
  }
}

}  // namespace lsmip::portfolio

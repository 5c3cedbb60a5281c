// What the LP and exact workers learn about the presolved model beyond solutions: the dual
// bound (a value no solution can beat, minimisation form), a proof that no solution exists,
// the LP relaxation's solution that guides the sub-MIP neighbourhoods, and whether the exact
// search has left its root (the scheduler's rule for the prover's boost). Thread-safe.
#pragma once

#include <atomic>
#include <cmath>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

#include "model/model.h"

namespace lsmip::portfolio {

// The LP relaxation's optimum of the presolved model.
struct LpPoint {
  std::vector<double> x;
  double value = 0;  // minimisation form, offset included
  std::vector<double> reduced_cost;  // minimisation form; empty when unknown
};

class DualBound {
 public:
  // Raises the bound to `b` if higher; +inf means the model has no solution. Returns true
  // when the bound rose.
  bool improve(double b) {
    double cur = bound_.load();
    while (b > cur) {
      if (bound_.compare_exchange_weak(cur, b)) {
        if (listener_) listener_(b);
        return true;
      }
    }
    return false;
  }
  // Called with each new bound, on the thread that raised it; set before the run.
  void set_listener(std::function<void(double)> l) { listener_ = std::move(l); }
  // The LP relaxation is unbounded: with any feasible point the model is unbounded too
  // (rational data). Called once, on the thread that found it; set before the run.
  void set_unbounded_listener(std::function<void()> l) { unbounded_listener_ = std::move(l); }
  void set_unbounded() {
    if (!unbounded_.exchange(true) && unbounded_listener_) unbounded_listener_();
  }
  bool unbounded() const { return unbounded_.load(); }
  double value() const { return bound_.load(); }
  bool known() const { return value() > -kInf; }
  // The model has no solution (a finished search with no cutoff, or an infeasible LP).
  bool infeasible() const { return value() == kInf; }

  // The exact worker's search has left its root (its first node of the tree).
  void set_in_tree() { in_tree_.store(true); }
  bool in_tree() const { return in_tree_.load(); }

  void set_lp(LpPoint p) {
    std::lock_guard<std::mutex> lock(mu_);
    if (!lp_) lp_ = std::make_shared<const LpPoint>(std::move(p));
  }
  // The optimum of a tighter relaxation (the preprocessed model's LP) replaces the point; a
  // reader sees a new pointer and may draw its LP-guided neighbourhoods again.
  void refine_lp(LpPoint p) {
    std::lock_guard<std::mutex> lock(mu_);
    lp_ = std::make_shared<const LpPoint>(std::move(p));
  }
  std::shared_ptr<const LpPoint> lp() const {
    std::lock_guard<std::mutex> lock(mu_);
    return lp_;
  }

 private:
  std::atomic<double> bound_{-kInf};
  std::function<void(double)> listener_;
  std::function<void()> unbounded_listener_;
  std::atomic<bool> unbounded_{false};
  std::atomic<bool> in_tree_{false};
  mutable std::mutex mu_;
  std::shared_ptr<const LpPoint> lp_;
};

// The MIP gap of an incumbent against a bound (both minimisation form): 0 when they meet,
// |z - b| / max(|z|, |b|) otherwise (the form of the MIPLIB primal gap), 1 when no bound is
// known or the signs differ, +inf without an incumbent.
inline double mip_gap(double incumbent, double bound) {
  if (!std::isfinite(incumbent)) return kInf;
  if (!(bound > -kInf)) return 1.0;
  const double d = std::fabs(incumbent - bound);
  if (d <= 1e-9) return 0.0;
  const double m = std::max(std::fabs(incumbent), std::fabs(bound));
  if (incumbent * bound < 0) return 1.0;
  return std::min(1.0, d / m);
}

}  // namespace lsmip::portfolio

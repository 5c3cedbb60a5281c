#include "portfolio/scheduler.h"

#include <algorithm>

namespace lsmip::portfolio {

void LaneScheduler::add(std::size_t worker, double base_weight, Role role) {
  order_.push_back(worker);
  Entry e;
  e.base = std::max(base_weight, 1e-6);
  e.role = role;
  entries_.push_back(e);
}

double LaneScheduler::stagnation() const {
  if (!(total_at_best_ > 0)) return 1.0;
  return std::min(8.0, std::max(1.0, (total_ - total_at_best_) / total_at_best_));
}

double LaneScheduler::weight(const Entry& e) const { return role_weight(e) * e.share; }

void LaneScheduler::set_share(std::size_t worker, double share) {
  if (const std::size_t s = slot(worker); s != npos) entries_[s].share = std::min(1.0, std::max(1.0 / 64, share));
}

double LaneScheduler::role_weight(const Entry& e) const {
  double w = e.base * (0.25 + e.reward);
  switch (e.role) {
    case Role::kPlain: return w;
    case Role::kBooster:  // the boost multiplies what it earned, not its floor (see the header)
      if (gap_ >= kSmallGap) return e.base * (0.25 + e.reward * stagnation());
      for (const Entry& p : entries_) {  // below the small gap: a share of the prover's weight
        if (p.role == Role::kProver && p.live) w = std::max(w, kBoosterFollow * prover_weight(p));
      }
      return w;
    case Role::kProver: break;
  }
  return prover_weight(e);
}

double LaneScheduler::prover_weight(const Entry& e) const {
  double w = e.base * (0.25 + e.reward);
  // First solutions come from the others: a quarter of the share at first, the whole share once
  // the lane has spent four times kFirstSolutionWork without one.
  if (!have_best_) return w * std::min(1.0, 0.25 * std::max(1.0, total_ / kFirstSolutionWork));
  if (prover_in_tree_ || gap_ < kSmallGap) w *= stagnation();  // at the root: small gaps only
  if (gap_ < kSmallGap) w *= std::min(4.0, kSmallGap / std::max(gap_, 0.025));
  return w;
}

std::size_t LaneScheduler::slot(std::size_t worker) const {
  const auto it = std::find(order_.begin(), order_.end(), worker);
  return it == order_.end() ? npos : static_cast<std::size_t>(it - order_.begin());
}

double LaneScheduler::weight_of(std::size_t worker) const {
  const std::size_t s = slot(worker);
  if (s == npos) return 0;
  return weight(entries_[s]);
}

double LaneScheduler::work_of(std::size_t worker) const {
  const std::size_t s = slot(worker);
  return s == npos ? 0 : entries_[s].work;
}

std::size_t LaneScheduler::pick(const std::function<bool(std::size_t)>& waiting,
                                const std::function<bool(std::size_t)>& urgent) {
  urgent_ = npos;
  if (urgent) {
    for (std::size_t s = 0; s < entries_.size(); ++s) {
      if (entries_[s].live && urgent(order_[s])) {
        urgent_ = s;
        return order_[s];
      }
    }
  }
  std::size_t best = npos, fallback = npos;
  double best_key = 0, fallback_key = 0;
  for (std::size_t s = 0; s < entries_.size(); ++s) {
    const Entry& e = entries_[s];
    if (!e.live) continue;
    const double key = e.work / weight(e);
    if (fallback == npos || key < fallback_key) {
      fallback = s;
      fallback_key = key;
    }
    entries_[s].waiting = waiting && waiting(order_[s]);
    if (entries_[s].waiting) continue;
    if (best == npos || key < best_key) {
      best = s;
      best_key = key;
    }
  }
  if (best == npos) return fallback == npos ? npos : order_[fallback];
  for (std::size_t s = 0; s < entries_.size(); ++s) {
    Entry& e = entries_[s];
    if (e.live && e.waiting) e.work = std::max(e.work, best_key * weight(e));
  }
  return order_[best];
}

void LaneScheduler::report(std::size_t worker, double work, double reward) {
  const std::size_t s = slot(worker);
  if (s == npos) return;
  Entry& e = entries_[s];
  const double w = std::max(work, 0.0);
  if (s != urgent_) e.work += w;
  total_ += w;
  ++tasks_;
  if (reward >= 1.0) {
    // Stagnation is the plain workers' (see the header): the prover's and the boosters' own
    // new bests are their reward.
    if (e.role == Role::kPlain) total_at_best_ = total_;
    have_best_ = true;
  }
  // The average moves by 0.2 for a task of the lane's mean cost and less for a cheaper one, so
  // that a worker's reward follows its improvements per unit of cost, not per task.
  const double mean = total_ / static_cast<double>(tasks_);
  const double step = mean > 0 ? 0.2 * std::min(1.0, std::max(0.02, w / mean)) : 0.2;
  e.reward = (1.0 - step) * e.reward + step * std::min(std::max(reward, 0.0), 1.0);
}

void LaneScheduler::retire(std::size_t worker) {
  if (const std::size_t s = slot(worker); s != npos) entries_[s].live = false;
}

bool LaneScheduler::any_live() const {
  return std::any_of(entries_.begin(), entries_.end(), [](const Entry& e) { return e.live; });
}

}  // namespace lsmip::portfolio

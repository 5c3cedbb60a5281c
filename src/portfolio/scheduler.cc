#include "portfolio/scheduler.h"

#include <algorithm>

namespace lsmip::portfolio {

void LaneScheduler::add(std::size_t worker, double base_weight) {
  order_.push_back(worker);
  entries_.push_back(Entry{std::max(base_weight, 1e-6), 0.5, 0, true});
}

std::size_t LaneScheduler::slot(std::size_t worker) const {
  const auto it = std::find(order_.begin(), order_.end(), worker);
  return it == order_.end() ? npos : static_cast<std::size_t>(it - order_.begin());
}

double LaneScheduler::weight_of(std::size_t worker) const {
  const std::size_t s = slot(worker);
  if (s == npos) return 0;
  return entries_[s].base * (0.25 + entries_[s].reward);
}

double LaneScheduler::work_of(std::size_t worker) const {
  const std::size_t s = slot(worker);
  return s == npos ? 0 : entries_[s].work;
}

std::size_t LaneScheduler::pick() const {
  std::size_t best = npos;
  double best_key = 0;
  for (std::size_t s = 0; s < entries_.size(); ++s) {
    const Entry& e = entries_[s];
    if (!e.live) continue;
    const double key = e.work / (e.base * (0.25 + e.reward));
    if (best == npos || key < best_key) {
      best = s;
      best_key = key;
    }
  }
  return best == npos ? npos : order_[best];
}

void LaneScheduler::report(std::size_t worker, double work, bool improved) {
  const std::size_t s = slot(worker);
  if (s == npos) return;
  Entry& e = entries_[s];
  e.work += std::max(work, 0.0);
  e.reward = 0.8 * e.reward + (improved ? 0.2 : 0.0);
}

void LaneScheduler::retire(std::size_t worker) {
  if (const std::size_t s = slot(worker); s != npos) entries_[s].live = false;
}

bool LaneScheduler::any_live() const {
  return std::any_of(entries_.begin(), entries_.end(), [](const Entry& e) { return e.live; });
}

}  // namespace lsmip::portfolio

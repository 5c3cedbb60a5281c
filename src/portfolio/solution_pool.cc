#include "portfolio/solution_pool.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace lsmip::portfolio {

std::size_t hamming(const std::vector<double>& a, const std::vector<double>& b) {
  std::size_t d = 0;
  const std::size_t n = std::min(a.size(), b.size());
  for (std::size_t k = 0; k < n; ++k) d += a[k] != b[k];
  return d + (a.size() > b.size() ? a.size() - b.size() : b.size() - a.size());
}

SolutionPool::SolutionPool(std::size_t capacity) : capacity_(std::max<std::size_t>(1, capacity)) {}

void SolutionPool::set_listener(Listener l) {
  std::lock_guard<std::mutex> lock(mu_);
  listener_ = std::move(l);
}

Admission SolutionPool::offer(VerifiedSolution s, int worker, std::string source, int config, double found) {
  std::lock_guard<std::mutex> lock(mu_);
  for (const PoolEntry& e : entries_) {
    if (e.solution.hash() == s.hash() && e.solution.reduced() == s.reduced()) {
      ++duplicates_;
      return Admission::kDuplicate;
    }
  }
  const bool better = entries_.empty() || s.min_objective() < entries_[0].solution.min_objective();
  entries_.push_back(PoolEntry{std::move(s), worker, std::move(source), ++arrivals_, config, found});
  if (entries_.size() > capacity_) {
    const std::size_t victim = choose_victim();
    entries_.erase(entries_.begin() + static_cast<std::ptrdiff_t>(victim));
    ++evictions_;
    if (victim == entries_.size()) return Admission::kEvicted;  // the candidate itself left
  }
  if (better) {
    std::rotate(entries_.begin(), entries_.end() - 1, entries_.end());
    ++version_;
    const double z = entries_[0].solution.min_objective();
    if (gains_ == 0 || z < gain_reference_ - kGainTolerance * std::max(1.0, std::fabs(gain_reference_))) {
      ++gains_;
      gain_reference_ = z;
    }
    if (listener_) listener_(entries_[0]);
    return Admission::kNewBest;
  }
  return Admission::kAdmitted;
}

std::size_t SolutionPool::choose_victim() const {
  const std::size_t m = entries_.size();
  // The best entry (index 0, or the candidate when better) never leaves.
  std::vector<std::size_t> by_obj(m), by_div(m);
  std::vector<std::size_t> nearest(m, static_cast<std::size_t>(-1));
  for (std::size_t a = 0; a < m; ++a) {
    for (std::size_t b = a + 1; b < m; ++b) {
      const std::size_t d = hamming(entries_[a].solution.reduced(), entries_[b].solution.reduced());
      nearest[a] = std::min(nearest[a], d);
      nearest[b] = std::min(nearest[b], d);
    }
  }
  std::vector<std::size_t> order(m);
  std::iota(order.begin(), order.end(), 0);
  auto worse_obj = [&](std::size_t a, std::size_t b) {
    const double oa = entries_[a].solution.min_objective(), ob = entries_[b].solution.min_objective();
    if (oa != ob) return oa < ob;
    return entries_[a].arrival < entries_[b].arrival;
  };
  std::sort(order.begin(), order.end(), worse_obj);
  for (std::size_t r = 0; r < m; ++r) by_obj[order[r]] = r;
  const std::size_t best = order[0];
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    if (nearest[a] != nearest[b]) return nearest[a] > nearest[b];
    return worse_obj(a, b);
  });
  for (std::size_t r = 0; r < m; ++r) by_div[order[r]] = r;
  std::size_t victim = best == 0 ? 1 : 0;
  for (std::size_t k = 0; k < m; ++k) {
    if (k == best) continue;
    const std::size_t sk = by_obj[k] + by_div[k], sv = by_obj[victim] + by_div[victim];
    if (sk > sv || (sk == sv && by_obj[k] > by_obj[victim])) victim = k;
  }
  return victim;
}

std::optional<PoolEntry> SolutionPool::best() const {
  std::lock_guard<std::mutex> lock(mu_);
  if (entries_.empty()) return std::nullopt;
  return entries_[0];
}

std::vector<PoolEntry> SolutionPool::entries() const {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<PoolEntry> out = entries_;
  std::sort(out.begin() + (out.empty() ? 0 : 1), out.end(), [](const PoolEntry& a, const PoolEntry& b) {
    if (a.solution.min_objective() != b.solution.min_objective()) {
      return a.solution.min_objective() < b.solution.min_objective();
    }
    return a.arrival < b.arrival;
  });
  return out;
}

bool SolutionPool::has_best() const {
  std::lock_guard<std::mutex> lock(mu_);
  return !entries_.empty();
}

double SolutionPool::best_min_objective() const {
  std::lock_guard<std::mutex> lock(mu_);
  return entries_.empty() ? kInf : entries_[0].solution.min_objective();
}

std::uint64_t SolutionPool::version() const {
  std::lock_guard<std::mutex> lock(mu_);
  return version_;
}

std::uint64_t SolutionPool::gains() const {
  std::lock_guard<std::mutex> lock(mu_);
  return gains_;
}

std::size_t SolutionPool::size() const {
  std::lock_guard<std::mutex> lock(mu_);
  return entries_.size();
}

std::uint64_t SolutionPool::duplicates() const {
  std::lock_guard<std::mutex> lock(mu_);
  return duplicates_;
}

std::uint64_t SolutionPool::evictions() const {
  std::lock_guard<std::mutex> lock(mu_);
  return evictions_;
}

}  // namespace lsmip::portfolio

// The shared pool of the portfolio: the incumbent and a small elite set of
// verified solutions (ParaILP keeps 7). Thread-safe: every member may be called
// from any thread. Entries are VerifiedSolutions only, so everything the pool
// holds passed the independent check on the original model.
//
// Admission and eviction. An exact duplicate (same presolved values) is
// refused. While the pool has room every other solution enters. When it is
// full, the candidate and the entries are ranked by objective (0 = best) and by
// diversity (distance to the nearest other entry, 0 = most distant; distance =
// number of columns whose values differ), and the one with the largest sum of
// the two ranks leaves (ties: the worse objective, then the later arrival); the
// best solution never leaves. This keeps good solutions and spreads them out.
#pragma once

#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "portfolio/verifier.h"

namespace lsmip::portfolio {

// One pool entry: a verified solution and where it came from.
struct PoolEntry {
  VerifiedSolution solution;
  int worker = -1;           // index of the worker that found it (-1: warm start)
  std::string source;        // what found it, e.g. "tight"
  std::uint64_t arrival = 0; // admission order
  int config = -1;           // the local-search configuration that found it (-1: none)
  double found = -1;         // when its worker found it, seconds on the run's clock (-1: not
                             // stamped; the listener takes the time of admission)
};

// What became of an offered solution.
enum class Admission { kDuplicate, kEvicted, kAdmitted, kNewBest };

class SolutionPool {
 public:
  // Called under the pool's lock each time a new best enters (in order of arrival).
  using Listener = std::function<void(const PoolEntry&)>;

  explicit SolutionPool(std::size_t capacity);

  void set_listener(Listener l);
  // Offers a solution: refused as a duplicate, admitted and at once evicted (worse and
  // less diverse than every entry of a full pool), admitted, or admitted as the new best.
  // Cost O(capacity^2 · n) when the pool is full, O(capacity · n) otherwise.
  // `config`: the index of the local-search configuration that found it (-1: none); `found`:
  // when it was found (PoolEntry::found).
  Admission offer(VerifiedSolution s, int worker, std::string source, int config = -1, double found = -1);
  // Copies of the best entry / of all entries (best first).
  std::optional<PoolEntry> best() const;
  std::vector<PoolEntry> entries() const;
  // Whether the pool holds a solution; the minimisation-form objective of the best entry
  // (+inf when the pool is empty, so that a gap against a bound reads "no incumbent").
  bool has_best() const;
  double best_min_objective() const;
  // Incremented each time the best changes.
  std::uint64_t version() const;
  // Incremented each time the best improves on the best at the last increment by more than
  // kGainTolerance * max(1, |that best|) (and for the first solution): the progress the
  // schedule rewards. A search that polishes a continuous objective by a rounding step
  // (16 to 15.999999999999995 on pk1) changes the version, not the gains.
  std::uint64_t gains() const;
  static constexpr double kGainTolerance = 1e-6;
  std::size_t size() const;
  std::size_t capacity() const { return capacity_; }
  // Offers refused as duplicates, and entries evicted, so far.
  std::uint64_t duplicates() const;
  std::uint64_t evictions() const;

 private:
  // Index of the entry to evict among entries_ (the candidate is the last one).
  std::size_t choose_victim() const;

  const std::size_t capacity_;
  mutable std::mutex mu_;
  std::vector<PoolEntry> entries_;  // entries_[0] is the best
  Listener listener_;
  std::uint64_t version_ = 0, arrivals_ = 0, duplicates_ = 0, evictions_ = 0;
  std::uint64_t gains_ = 0;
  double gain_reference_ = 0;  // the best's objective at the last gain (minimisation form)
};

// Number of positions where a and b differ (a and b have equal size).
std::size_t hamming(const std::vector<double>& a, const std::vector<double>& b);

}  // namespace lsmip::portfolio

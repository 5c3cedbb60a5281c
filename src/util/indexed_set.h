// A set of small non-negative integers (row or variable indices) with O(1)
// insert, erase and membership test, and O(1) access to its i-th member for
// uniform sampling. Members are kept in a dense array; a back-pointer array
// gives each member's position, and erase swaps the last member into the hole
// (the order of members is therefore arbitrary but deterministic).
// Used by the local search for the violated rows and similar working sets.
#pragma once

#include <cassert>
#include <cstdint>
#include <vector>

namespace lsmip {

class IndexedSet {
 public:
  IndexedSet() = default;
  // An empty set able to hold the indices 0 .. universe-1. Cost O(universe).
  explicit IndexedSet(std::int32_t universe) { reset(universe); }

  // Empties the set and sets the universe size. Cost O(universe).
  void reset(std::int32_t universe) {
    items_.clear();
    items_.reserve(static_cast<std::size_t>(universe));
    pos_.assign(static_cast<std::size_t>(universe), kAbsent);
  }
  // Empties the set. Cost O(size()).
  void clear() {
    for (std::int32_t v : items_) pos_[static_cast<std::size_t>(v)] = kAbsent;
    items_.clear();
  }

  std::int32_t universe() const { return static_cast<std::int32_t>(pos_.size()); }
  std::int32_t size() const { return static_cast<std::int32_t>(items_.size()); }
  bool empty() const { return items_.empty(); }
  bool contains(std::int32_t v) const { return pos_[static_cast<std::size_t>(v)] != kAbsent; }
  // The k-th member, 0 <= k < size().
  std::int32_t operator[](std::int32_t k) const { return items_[static_cast<std::size_t>(k)]; }
  const std::int32_t* begin() const { return items_.data(); }
  const std::int32_t* end() const { return items_.data() + items_.size(); }

  // Adds v; returns false when it was already present. O(1), never allocates.
  bool insert(std::int32_t v) {
    assert(v >= 0 && v < universe());
    std::int32_t& p = pos_[static_cast<std::size_t>(v)];
    if (p != kAbsent) return false;
    p = static_cast<std::int32_t>(items_.size());
    items_.push_back(v);
    return true;
  }
  // Removes v; returns false when it was absent. O(1).
  bool erase(std::int32_t v) {
    assert(v >= 0 && v < universe());
    std::int32_t& p = pos_[static_cast<std::size_t>(v)];
    if (p == kAbsent) return false;
    const std::int32_t last = items_.back();
    items_[static_cast<std::size_t>(p)] = last;
    pos_[static_cast<std::size_t>(last)] = p;
    items_.pop_back();
    p = kAbsent;  // after the move above, in case last == v
    return true;
  }

 private:
  static constexpr std::int32_t kAbsent = -1;
  std::vector<std::int32_t> items_;  // the members, dense
  std::vector<std::int32_t> pos_;    // position of each index in items_, or kAbsent
};

}  // namespace lsmip

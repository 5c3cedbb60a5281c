#include "model/model.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace lsmip {

SparseVector SparseMatrix::row(Index i) const {
  const auto b = static_cast<std::size_t>(row_start[static_cast<std::size_t>(i)]);
  const auto e = static_cast<std::size_t>(row_start[static_cast<std::size_t>(i) + 1]);
  return {std::span<const Index>(row_index).subspan(b, e - b),
          std::span<const double>(row_value).subspan(b, e - b)};
}

SparseVector SparseMatrix::col(Index j) const {
  const auto b = static_cast<std::size_t>(col_start[static_cast<std::size_t>(j)]);
  const auto e = static_cast<std::size_t>(col_start[static_cast<std::size_t>(j) + 1]);
  return {std::span<const Index>(col_index).subspan(b, e - b),
          std::span<const double>(col_value).subspan(b, e - b)};
}

std::uint64_t NameTable::hash(std::string_view s) {
  std::uint64_t h = 0xcbf29ce484222325ULL;  // FNV-1a, then a final avalanche
  for (const char c : s) {
    h ^= static_cast<unsigned char>(c);
    h *= 0x100000001b3ULL;
  }
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  return h;
}

std::uint64_t NameTable::prefix_of(std::string_view s) {
  std::uint64_t p = 0;
  std::memcpy(&p, s.data(), std::min<std::size_t>(8, s.size()));
  return p;
}

std::uint32_t NameTable::tag_of(std::uint64_t hash, std::size_t length) {
  return (static_cast<std::uint32_t>(hash >> 32) & 0xffffff00U) |
         static_cast<std::uint32_t>(std::min<std::size_t>(length, 255));
}

void NameTable::insert_slot(std::size_t i) {
  const std::uint64_t h = hash(names_[i]);
  const std::size_t mask = slots_.size() - 1;
  std::size_t pos = h & mask;
  while (slots_[pos].pos != 0) pos = (pos + 1) & mask;
  slots_[pos] = {prefix_of(names_[i]), tag_of(h, names_[i].size()),
                 static_cast<std::uint32_t>(i + 1)};
}

void NameTable::rehash(std::size_t slots) {
  slots_.assign(slots, Slot{0, 0, 0});
  for (std::size_t i = 0; i < names_.size(); ++i) insert_slot(i);
}

bool NameTable::add(std::string name) {
  if (find(name)) return false;
  names_.push_back(std::move(name));
  if (2 * names_.size() > slots_.size()) {
    rehash(std::max<std::size_t>(16, 2 * slots_.size()));
  } else {
    insert_slot(names_.size() - 1);
  }
  return true;
}

std::optional<Index> NameTable::find(std::string_view name) const {
  if (slots_.empty()) return std::nullopt;
  const std::uint64_t h = hash(name);
  const std::uint32_t tag = tag_of(h, name.size());
  const std::uint64_t prefix = prefix_of(name);
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t pos = h & mask;; pos = (pos + 1) & mask) {
    const Slot& slot = slots_[pos];
    if (slot.pos == 0) return std::nullopt;
    if (slot.tag == tag && slot.prefix == prefix) {
      const std::size_t i = slot.pos - 1;
      // Equal tags mean equal lengths (up to 255), so a short name is fully compared.
      if (name.size() <= 8 || names_[i] == name) {
        return static_cast<Index>(i);
      }
    }
  }
}

void NameTable::reserve(std::size_t n) {
  names_.reserve(n);
  std::size_t slots = 16;
  while (slots < 2 * n) slots *= 2;
  if (slots > slots_.size()) rehash(slots);
}

bool Model::has_equality_rows() const {
  for (std::size_t i = 0; i < row_lower_.size(); ++i) {
    if (row_lower_[i] == row_upper_[i]) return true;
  }
  return false;
}

bool Model::is_binary(Index j) const {
  return is_integer(j) && col_lower(j) == 0.0 && col_upper(j) == 1.0;
}

double Model::objective(std::span<const double> x) const {
  long double sum = obj_offset_;
  for (std::size_t j = 0; j < obj_.size(); ++j) sum += static_cast<long double>(obj_[j]) * x[j];
  return static_cast<double>(sum);
}

Model::Domain Model::domain(Index j) const {
  const double lb = col_lower(j), ub = col_upper(j);
  if (!is_integer(j)) return {lb, ub};
  return {std::ceil(lb - 1e-9), std::floor(ub + 1e-9)};
}

std::optional<Index> Model::first_empty_domain() const {
  for (Index j = 0; j < num_cols(); ++j) {
    const Domain d = domain(j);
    if (d.lb > d.ub) return j;
  }
  return std::nullopt;
}

std::size_t Model::array_bytes() const {
  const std::size_t cols = col_lower_.size(), rows = row_lower_.size();
  const std::size_t nnz = matrix_.row_value.size();
  return cols * (3 * sizeof(double) + 1) + rows * 2 * sizeof(double) +
         (rows + cols + 2) * sizeof(NzIndex) + 2 * nnz * (sizeof(Index) + sizeof(double));
}

}  // namespace lsmip

#include "model/model.h"

#include <cmath>

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

bool NameTable::add(std::string name) {
  const auto [it, inserted] = index_.try_emplace(name, static_cast<Index>(names_.size()));
  if (!inserted) return false;
  names_.push_back(std::move(name));
  return true;
}

std::optional<Index> NameTable::find(std::string_view name) const {
  const auto it = index_.find(name);
  if (it == index_.end()) return std::nullopt;
  return it->second;
}

void NameTable::reserve(std::size_t n) {
  names_.reserve(n);
  index_.reserve(n);
}

bool Model::is_binary(Index j) const {
  return is_integer(j) && col_lower(j) == 0.0 && col_upper(j) == 1.0;
}

double Model::objective(std::span<const double> x) const {
  long double sum = obj_offset_;
  for (std::size_t j = 0; j < obj_.size(); ++j) sum += static_cast<long double>(obj_[j]) * x[j];
  return static_cast<double>(sum);
}

std::optional<Index> Model::first_empty_domain() const {
  for (Index j = 0; j < num_cols(); ++j) {
    double lb = col_lower(j), ub = col_upper(j);
    if (is_integer(j)) {
      lb = std::ceil(lb - 1e-9);
      ub = std::floor(ub + 1e-9);
    }
    if (lb > ub) return j;
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

#include "model_invariants.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace lsmip::fuzz {
namespace {

void require(bool ok, const char* what) {
  if (!ok) fail(what);
}

// One orientation of the matrix: `count` vectors over indices [0, bound).
void check_view(const std::vector<NzIndex>& start, const std::vector<Index>& index,
                const std::vector<double>& value, Index count, Index bound, NzIndex nnz) {
  require(start.size() == static_cast<std::size_t>(count) + 1, "start array size is count + 1");
  require(start.front() == 0, "start array begins at 0");
  require(start.back() == nnz, "start array ends at num_nonzeros");
  require(index.size() == static_cast<std::size_t>(nnz), "index array size is num_nonzeros");
  require(value.size() == static_cast<std::size_t>(nnz), "value array size is num_nonzeros");
  for (Index k = 0; k < count; ++k) {
    const NzIndex b = start[static_cast<std::size_t>(k)];
    const NzIndex e = start[static_cast<std::size_t>(k) + 1];
    require(b <= e, "start array is non-decreasing");
    for (NzIndex p = b; p < e; ++p) {
      const auto q = static_cast<std::size_t>(p);
      require(index[q] >= 0 && index[q] < bound, "entry index in range");
      require(p == b || index[q - 1] < index[q], "indices strictly increasing in a vector");
      require(!std::isnan(value[q]), "coefficient is not NaN");
      require(value[q] != 0.0, "no explicit zero coefficient");
      require(std::fabs(value[q]) < kInfinityThreshold, "coefficient below the infinity threshold");
    }
  }
}

void check_names(const NameTable& names, Index count, const char* what) {
  if (names.size() != count) fail(std::string(what) + ": one name per index");
  for (Index k = 0; k < count; ++k) {
    const std::string& name = names[k];
    if (name.empty()) fail(std::string(what) + ": name is not empty");
    const std::optional<Index> found = names.find(name);
    if (!found || *found != k) fail(std::string(what) + ": find(name) gives its own position");
  }
}

}  // namespace

void fail(std::string_view what) {
  std::fprintf(stderr, "invariant violated: %.*s\n", static_cast<int>(what.size()), what.data());
  std::abort();
}

void check_model(const Model& model) {
  const Index m = model.num_rows();
  const Index n = model.num_cols();
  require(m >= 0 && n >= 0, "non-negative dimensions");
  require(model.sense() == ObjSense::kMinimize || model.sense() == ObjSense::kMaximize,
          "sense is min or max");
  require(std::isfinite(model.obj_offset()), "objective offset is finite");

  require(model.col_lower().size() == static_cast<std::size_t>(n), "col_lower size");
  require(model.col_upper().size() == static_cast<std::size_t>(n), "col_upper size");
  require(model.obj().size() == static_cast<std::size_t>(n), "obj size");
  require(model.is_integer().size() == static_cast<std::size_t>(n), "is_integer size");
  for (Index j = 0; j < n; ++j) {
    const double lb = model.col_lower(j), ub = model.col_upper(j), c = model.obj(j);
    require(!std::isnan(lb) && !std::isnan(ub), "column bounds are not NaN");
    require(lb != kInf, "column lower bound is not +inf");
    require(ub != -kInf, "column upper bound is not -inf");
    require(std::isinf(lb) || std::fabs(lb) < kInfinityThreshold, "finite lower bound below 1e20");
    require(std::isinf(ub) || std::fabs(ub) < kInfinityThreshold, "finite upper bound below 1e20");
    require(std::isfinite(c) && std::fabs(c) < kInfinityThreshold, "cost finite and below 1e20");
    require(model.is_integer()[static_cast<std::size_t>(j)] <= 1, "is_integer is 0 or 1");
  }
  require(model.row_lower().size() == static_cast<std::size_t>(m), "row_lower size");
  require(model.row_upper().size() == static_cast<std::size_t>(m), "row_upper size");
  for (Index i = 0; i < m; ++i) {
    const double lo = model.row_lower(i), up = model.row_upper(i);
    require(!std::isnan(lo) && !std::isnan(up), "row sides are not NaN");
    require(lo != kInf, "row lower side is not +inf");
    require(up != -kInf, "row upper side is not -inf");
    require(std::isinf(lo) || std::fabs(lo) < kInfinityThreshold, "finite lower side below 1e20");
    require(std::isinf(up) || std::fabs(up) < kInfinityThreshold, "finite upper side below 1e20");
  }

  const SparseMatrix& a = model.matrix();
  require(a.num_rows == m && a.num_cols == n, "matrix dimensions match the model");
  const NzIndex nnz = model.num_nonzeros();
  require(nnz >= 0, "non-negative num_nonzeros");
  check_view(a.row_start, a.row_index, a.row_value, m, n, nnz);
  check_view(a.col_start, a.col_index, a.col_value, n, m, nnz);
  // Every row-wise entry is found, with the same value, in its column.
  for (Index i = 0; i < m; ++i) {
    const SparseVector r = model.row(i);
    for (std::size_t p = 0; p < r.size(); ++p) {
      const SparseVector c = model.col(r.index[p]);
      const auto it = std::lower_bound(c.index.begin(), c.index.end(), i);
      require(it != c.index.end() && *it == i, "row entry present in the column view");
      const auto q = static_cast<std::size_t>(it - c.index.begin());
      require(c.value[q] == r.value[p], "same value in both views");
    }
  }
  check_names(model.row_names(), m, "row names");
  check_names(model.col_names(), n, "column names");
}

void check_error(const Status& status, std::string_view file) {
  require(!status.ok(), "a failed read has an error code");
  require(!status.message().empty(), "an error has a message");
  require(status.where().line >= 0, "error line is not negative");
  if (status.code() == StatusCode::kInputError || status.code() == StatusCode::kUnsupported) {
    require(status.where().file == file, "an input error names the file");
  }
  require(!status.to_string().empty(), "an error prints");
}

}  // namespace lsmip::fuzz

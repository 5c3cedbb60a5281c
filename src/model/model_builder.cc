#include "model/model_builder.h"

#include <algorithm>
#include <cmath>

namespace lsmip {
namespace {

std::string fmt_value(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

}  // namespace

Index ModelBuilder::add_col(std::string name, double lower, double upper, double cost,
                            bool integer) {
  const Index j = col_names_.size();
  if (!col_names_.add(std::move(name))) return -1;
  col_lower_.push_back(lower);
  col_upper_.push_back(upper);
  cost_.push_back(cost);
  integer_.push_back(integer ? 1 : 0);
  return j;
}

Index ModelBuilder::add_row(std::string name, double lower, double upper) {
  const Index i = row_names_.size();
  if (!row_names_.add(std::move(name))) return -1;
  row_lower_.push_back(lower);
  row_upper_.push_back(upper);
  return i;
}

void ModelBuilder::set_col_bounds(Index j, double lower, double upper) {
  col_lower_[static_cast<std::size_t>(j)] = lower;
  col_upper_[static_cast<std::size_t>(j)] = upper;
}

void ModelBuilder::set_row_bounds(Index i, double lower, double upper) {
  row_lower_[static_cast<std::size_t>(i)] = lower;
  row_upper_[static_cast<std::size_t>(i)] = upper;
}

void ModelBuilder::add_entry(Index row, Index col, double value) {
  if (value == 0.0) return;
  entry_row_.push_back(row);
  entry_col_.push_back(col);
  entry_value_.push_back(value);
}

void ModelBuilder::reserve_entries(std::size_t n) {
  entry_row_.reserve(n);
  entry_col_.reserve(n);
  entry_value_.reserve(n);
}

Result<Model> ModelBuilder::build() {
  const auto err = [](std::string msg) { return Status(StatusCode::kInputError, std::move(msg)); };
  const Index n = num_cols(), m = num_rows();
  for (Index j = 0; j < n; ++j) {
    const auto k = static_cast<std::size_t>(j);
    const std::string& nm = col_names_[j];
    if (std::isnan(col_lower_[k]) || std::isnan(col_upper_[k]))
      return err("column '" + nm + "' has a NaN bound");
    if (col_lower_[k] == kInf) return err("column '" + nm + "' has lower bound +infinity");
    if (col_upper_[k] == -kInf) return err("column '" + nm + "' has upper bound -infinity");
    if (std::isnan(cost_[k])) return err("column '" + nm + "' has a NaN objective coefficient");
    if (std::fabs(cost_[k]) >= kInfinityThreshold)
      return err("column '" + nm + "' has an infinite objective coefficient " +
                 fmt_value(cost_[k]));
  }
  for (Index i = 0; i < m; ++i) {
    const auto k = static_cast<std::size_t>(i);
    const std::string& nm = row_names_[i];
    if (std::isnan(row_lower_[k]) || std::isnan(row_upper_[k]))
      return err("row '" + nm + "' has a NaN side");
    if (row_lower_[k] == kInf) return err("row '" + nm + "' has lower side +infinity");
    if (row_upper_[k] == -kInf) return err("row '" + nm + "' has upper side -infinity");
  }
  if (std::isnan(offset_) || std::fabs(offset_) >= kInfinityThreshold)
    return err("objective offset " + fmt_value(offset_) + " is not finite");

  Model model;
  SparseMatrix& a = model.matrix_;
  a.num_rows = m;
  a.num_cols = n;
  const std::size_t nnz = entry_value_.size();
  for (std::size_t e = 0; e < nnz; ++e) {
    const double v = entry_value_[e];
    if (std::isnan(v) || std::fabs(v) >= kInfinityThreshold) {
      return err("coefficient " + fmt_value(v) + " of column '" + col_names_[entry_col_[e]] +
                 "' in row '" + row_names_[entry_row_[e]] + "' is not finite");
    }
  }
  // Column-wise view by a stable counting sort on the column.
  a.col_start.assign(static_cast<std::size_t>(n) + 1, 0);
  for (std::size_t e = 0; e < nnz; ++e) ++a.col_start[static_cast<std::size_t>(entry_col_[e]) + 1];
  for (std::size_t j = 0; j < static_cast<std::size_t>(n); ++j) a.col_start[j + 1] += a.col_start[j];
  a.col_index.resize(nnz);
  a.col_value.resize(nnz);
  {
    std::vector<NzIndex> next(a.col_start.begin(), a.col_start.end() - 1);
    for (std::size_t e = 0; e < nnz; ++e) {
      const auto p = static_cast<std::size_t>(next[static_cast<std::size_t>(entry_col_[e])]++);
      a.col_index[p] = entry_row_[e];
      a.col_value[p] = entry_value_[e];
    }
  }
  std::vector<Index>().swap(entry_col_);
  std::vector<Index>().swap(entry_row_);
  std::vector<double>().swap(entry_value_);
  // Row-wise view from the column-wise one: entries come out sorted by column.
  a.row_start.assign(static_cast<std::size_t>(m) + 1, 0);
  for (std::size_t p = 0; p < nnz; ++p) ++a.row_start[static_cast<std::size_t>(a.col_index[p]) + 1];
  for (std::size_t i = 0; i < static_cast<std::size_t>(m); ++i) a.row_start[i + 1] += a.row_start[i];
  a.row_index.resize(nnz);
  a.row_value.resize(nnz);
  {
    std::vector<NzIndex> next(a.row_start.begin(), a.row_start.end() - 1);
    for (Index j = 0; j < n; ++j) {
      for (auto p = a.col_start[static_cast<std::size_t>(j)];
           p < a.col_start[static_cast<std::size_t>(j) + 1]; ++p) {
        const Index i = a.col_index[static_cast<std::size_t>(p)];
        const auto q = static_cast<std::size_t>(next[static_cast<std::size_t>(i)]++);
        // Rows are filled in increasing column order, so a duplicate pair is adjacent.
        if (q > static_cast<std::size_t>(a.row_start[static_cast<std::size_t>(i)]) &&
            a.row_index[q - 1] == j) {
          return err("duplicate entry for column '" + col_names_[j] + "' in row '" +
                     row_names_[i] + "'");
        }
        a.row_index[q] = j;
        a.row_value[q] = a.col_value[static_cast<std::size_t>(p)];
      }
    }
  }
  // Column-wise entries are in insertion order; sort each column by row index.
  for (Index j = 0; j < n; ++j) {
    const auto b = static_cast<std::size_t>(a.col_start[static_cast<std::size_t>(j)]);
    const auto e = static_cast<std::size_t>(a.col_start[static_cast<std::size_t>(j) + 1]);
    bool sorted = true;
    for (std::size_t p = b + 1; p < e && sorted; ++p) sorted = a.col_index[p - 1] < a.col_index[p];
    if (sorted) continue;
    std::vector<std::pair<Index, double>> tmp;
    tmp.reserve(e - b);
    for (std::size_t p = b; p < e; ++p) tmp.emplace_back(a.col_index[p], a.col_value[p]);
    std::sort(tmp.begin(), tmp.end());
    for (std::size_t p = b; p < e; ++p) {
      a.col_index[p] = tmp[p - b].first;
      a.col_value[p] = tmp[p - b].second;
    }
  }

  const double s = static_cast<double>(static_cast<int>(sense_));
  model.name_ = std::move(name_);
  model.sense_ = sense_;
  model.obj_offset_ = s * offset_ + 0.0;
  model.col_lower_ = std::move(col_lower_);
  model.col_upper_ = std::move(col_upper_);
  model.obj_ = std::move(cost_);
  for (double& c : model.obj_) c = s * c + 0.0;  // + 0.0 turns -0 into +0
  model.is_integer_ = std::move(integer_);
  model.row_lower_ = std::move(row_lower_);
  model.row_upper_ = std::move(row_upper_);
  model.col_names_ = std::move(col_names_);
  model.row_names_ = std::move(row_names_);
  *this = ModelBuilder();
  return model;
}

}  // namespace lsmip

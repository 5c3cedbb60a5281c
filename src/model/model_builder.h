// Assembles a Model column by column or entry by entry and validates it.
// Readers and tests use it; it is the only way to create a Model.
//
// Values are taken in the file's objective sense: set_sense() decides how the
// costs and the offset are stored. Infinite values must already be ±kInf
// (readers map |v| >= kInfinityThreshold). build() checks every invariant in
// model.h and reports the first violation by name.
#pragma once

#include <string>
#include <vector>

#include "model/model.h"
#include "util/status.h"

namespace lsmip {

class ModelBuilder {
 public:
  void set_name(std::string name) { name_ = std::move(name); }
  void set_sense(ObjSense sense) { sense_ = sense; }
  // Objective constant in the file's sense.
  void set_obj_offset(double offset) { offset_ = offset; }

  // Adds a column and returns its index. `cost` is in the file's sense.
  // Fails (returns -1) only if the name is already used.
  Index add_col(std::string name, double lower, double upper, double cost, bool integer);
  // Adds a row lower <= a·x <= upper and returns its index, or -1 if the name is used.
  Index add_row(std::string name, double lower, double upper);

  // Column attributes may be changed until build().
  void set_col_bounds(Index j, double lower, double upper);
  void set_col_lower(Index j, double lower) { col_lower_[static_cast<std::size_t>(j)] = lower; }
  void set_col_upper(Index j, double upper) { col_upper_[static_cast<std::size_t>(j)] = upper; }
  void set_col_cost(Index j, double cost) { cost_[static_cast<std::size_t>(j)] = cost; }
  void set_col_integer(Index j, bool integer) { integer_[static_cast<std::size_t>(j)] = integer; }
  void set_row_bounds(Index i, double lower, double upper);
  double col_lower(Index j) const { return col_lower_[static_cast<std::size_t>(j)]; }
  double col_upper(Index j) const { return col_upper_[static_cast<std::size_t>(j)]; }
  double row_lower(Index i) const { return row_lower_[static_cast<std::size_t>(i)]; }
  double row_upper(Index i) const { return row_upper_[static_cast<std::size_t>(i)]; }
  bool col_integer(Index j) const { return integer_[static_cast<std::size_t>(j)] != 0; }

  // Adds a_ij = value. Explicit zeros are dropped. Entries may come in any order;
  // a repeated (row, column) pair makes build() fail.
  void add_entry(Index row, Index col, double value);

  Index num_cols() const { return col_names_.size(); }
  Index num_rows() const { return row_names_.size(); }
  const NameTable& col_names() const { return col_names_; }
  const NameTable& row_names() const { return row_names_; }
  void reserve_entries(std::size_t n);

  // Validates and produces the Model; the builder is left empty.
  // Errors: NaN anywhere, +inf lower / -inf upper bound or side, infinite or
  // huge (>= kInfinityThreshold) costs and coefficients, duplicate entries.
  Result<Model> build();

 private:
  std::string name_;
  ObjSense sense_ = ObjSense::kMinimize;
  double offset_ = 0.0;
  std::vector<double> col_lower_, col_upper_, cost_;
  std::vector<std::uint8_t> integer_;
  std::vector<double> row_lower_, row_upper_;
  std::vector<Index> entry_row_, entry_col_;
  std::vector<double> entry_value_;
  NameTable col_names_, row_names_;
};

}  // namespace lsmip

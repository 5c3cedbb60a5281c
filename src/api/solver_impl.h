// The state behind one public handle (lsmip::Solver and lsmip_solver): the
// model as appendable arrays, the options, the warm start, the callback and the
// result of the last solve. Both public APIs are thin layers over this class;
// neither lets an exception out (see guard() in lsmip.cc and c_api.cc).
//
// Invariants: the arrays hold a model that passes the per-entry checks of
// add_cols/add_rows (no NaN, no +inf lower / -inf upper bound, finite costs and
// coefficients, column and row names unique, entries inside the model); `built_`
// is the Model of those arrays while `dirty_` is false. `solving_` is true
// exactly while solve() runs; every mutating call refuses to run then (kBusy).
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "lsmip/lsmip.hpp"
#include "model/model.h"
#include "options/options.h"

namespace lsmip {

struct Solver::Impl {
  // ---- The model. Pointers may be null where the public contract allows it.
  Error read_model(const std::string& path);
  Error set_model(const ModelData& data);
  Error clear_model();
  // n columns; is_integer and names may be null, names[j] may be null; with entries when
  // starts != null (CSC: starts[0..n], index = existing rows).
  Error add_cols(std::int64_t n, const double* lb, const double* ub, const double* cost,
                 const int* is_integer, const char* const* names, const std::int64_t* starts,
                 const std::int32_t* index, const double* value);
  // Same with names as views (the C++ API).
  Error add_col(double lb, double ub, double cost, bool integer, std::string_view name,
                std::span<const std::int32_t> rows, std::span<const double> values);
  // m rows in CSR form; starts may be null when there are no entries.
  Error add_rows(std::int64_t m, const double* lo, const double* hi, const std::int64_t* starts,
                 const std::int32_t* index, const double* value, const char* const* names);
  Error add_row(double lo, double hi, std::span<const std::int32_t> cols,
                std::span<const double> values, std::string_view name);
  Error set_sense(int sense);
  Error set_offset(double offset);
  Error get_model(ModelData& out) const;
  std::int32_t num_cols() const { return static_cast<std::int32_t>(col_lower_.size()); }
  std::int32_t num_rows() const { return static_cast<std::int32_t>(row_lower_.size()); }
  std::int64_t num_nonzeros() const { return static_cast<std::int64_t>(entry_value_.size()); }

  // ---- Options.
  Error set_option(std::string_view name, std::string_view value);
  Error set_bool_option(std::string_view name, bool value);
  Error set_int_option(std::string_view name, std::int64_t value);
  Error set_double_option(std::string_view name, double value);
  Error set_string_option(std::string_view name, std::string_view value);
  Error get_option(std::string_view name, std::string& value) const;
  Error read_options_file(const std::string& path);

  // ---- Solving.
  Error set_initial_solution(std::span<const double> x);
  Error set_callback(Callback cb);
  Error solve();
  void interrupt() noexcept { interrupt_.store(true, std::memory_order_relaxed); }
  const SolveResult& result() const { return result_; }
  Error write_solution(const std::string& path) const;

  Error busy_error() const;
  bool solving() const { return solving_.load(); }

 private:
  Error check_not_solving() const;
  Error build_model();   // makes built_ current
  void invalidate();     // the model changed: drop built_ and the result
  // Checks a column or row name and the bounds; returns the name to use.
  Error check_name(std::string_view given, bool col, std::int64_t index, std::string& out,
                   std::unordered_set<std::string>& batch) const;

  // Model arrays (costs and offset in the model's sense).
  bool has_model_ = false;
  std::string name_;
  int sense_ = 1;
  double offset_ = 0;
  std::vector<double> col_lower_, col_upper_, col_cost_;
  std::vector<std::uint8_t> col_integer_;
  std::vector<std::string> col_names_;
  std::unordered_set<std::string> col_name_set_;
  std::vector<double> row_lower_, row_upper_;
  std::vector<std::string> row_names_;
  std::unordered_set<std::string> row_name_set_;
  std::vector<std::int32_t> entry_row_, entry_col_;
  std::vector<double> entry_value_;
  bool dirty_ = true;
  std::optional<Model> built_;

  Options options_;
  std::vector<double> initial_;
  Callback callback_;
  SolveResult result_;

  std::atomic<bool> interrupt_{false};
  std::atomic<bool> solving_{false};
};

}  // namespace lsmip

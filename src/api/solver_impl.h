// The state behind one public handle (lsmip::Solver and lsmip_solver): the
// model as appendable arrays, the options, the warm start, the callback and the
// result of the last solve. Both public APIs are thin layers over this class;
// neither lets an exception out (see guard() in lsmip.cc and c_api.cc).
//
// Invariants: the arrays hold a model that passes the per-entry checks of
// add_cols/add_rows (no NaN, no +inf lower / -inf upper bound, finite costs and
// coefficients, column and row names unique, entries inside the model); `built_`
// is the Model of those arrays while `dirty_` is false. A model read from a file
// is kept as it was read, in `built_` alone (`arrays_stale_`): the arrays are
// filled from it only when a call needs them, so a large model is not held
// twice. `run_` is the library's account of the last solve (behind result_, the
// JSON report and the summary). `solving_` is true exactly while solve() runs;
// every mutating call refuses to run then (kBusy).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "lsmip/lsmip.hpp"
#include "model/model.h"
#include "options/options.h"
#include "solver/solve_result.h"

namespace lsmip::portfolio {
class RankLink;
}

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
  std::int32_t num_cols() const;
  std::int32_t num_rows() const;
  std::int64_t num_nonzeros() const;

  // ---- Options.
  Error set_option(std::string_view name, std::string_view value);
  Error set_bool_option(std::string_view name, bool value);
  Error set_int_option(std::string_view name, std::int64_t value);
  Error set_double_option(std::string_view name, double value);
  Error set_string_option(std::string_view name, std::string_view value);
  Error get_option(std::string_view name, std::string& value) const;
  Error get_bool_option(std::string_view name, bool& value) const;
  Error get_int_option(std::string_view name, std::int64_t& value) const;
  Error get_double_option(std::string_view name, double& value) const;
  Error read_options_file(const std::string& path);

  // ---- Solving.
  Error set_initial_solution(std::span<const double> x);
  Error set_callback(Callback cb);
  Error set_result_callback(ResultCallback cb);
  Error set_clock(std::function<double()> clock);
  Error set_terminator(std::function<bool()> terminator);
  Error solve();
  void interrupt() noexcept { interrupt_.store(true, std::memory_order_relaxed); }
  const SolveResult& result() const { return result_; }
  Error write_solution(const std::string& path, IfNoSolution if_none) const;
  Error write_solution(const std::string& path, std::span<const double> x, double objective) const;
  Error write_model(const std::string& path) const;

  // ---- Reports (api/reports.cc).
  Error model_statistics(Format format, std::string& out) const;
  Error check_solution_file(const std::string& path, SolutionCheck& out) const;
  Error check_solution(std::span<const double> x, double objective, SolutionCheck& out) const;
  Error report_json(bool solution_written, std::string& json) const;
  Error failure_report_json(StopReason reason, std::string_view error, double seconds,
                            bool solution_written, std::string& json) const;
  Error report_summary(std::string& text) const;

  Error busy_error() const;
  bool solving() const { return solving_.load(); }

  // ---- Several processes (Ranks): the other ranks of an MPI launch (set by Ranks::join;
  // owned by the Ranks object), and the library's account of the last solve.
  void set_rank_link(portfolio::RankLink* link) { rank_link_ = link; }
  const solver::SolveResult& run() const { return run_; }

 private:
  Error check_not_solving() const;
  // The clock of a read or a solve: the caller's (set_clock), else seconds since this call.
  std::function<double()> make_clock() const;
  // True once interrupt(), a callback's stop request (`requested`) or the terminator asks
  // the current read or solve to stop.
  bool stop_asked(const std::atomic<bool>& requested) const;
  Error build_model();   // makes built_ current
  // The current model for a const call: built_ when current, else built into `scratch`.
  // Null (and `e` set) without a model or when it cannot be built.
  const Model* current_model(std::optional<Model>& scratch, Error& e) const;
  void invalidate();     // the model changed: drop built_ and the result
  Error materialize();   // fills the arrays from built_ when they are stale
  Error load_arrays(const ModelData& data);  // replaces the arrays (validated; atomic)
  void clear_arrays();
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
  bool arrays_stale_ = false;  // the model is built_ alone (read from a file)
  std::optional<Model> built_;

  Options options_;
  std::vector<double> initial_;
  Callback callback_;
  ResultCallback result_callback_;
  std::function<double()> clock_;
  std::function<bool()> terminator_;
  portfolio::RankLink* rank_link_ = nullptr;
  SolveResult result_;
  solver::SolveResult run_;

  std::atomic<bool> interrupt_{false};
  std::atomic<bool> solving_{false};
};

}  // namespace lsmip

// The C++ API (include/lsmip/lsmip.hpp) over solver::Solver.
//
// The API owns what the library leaves to its caller, unless the caller takes
// it over: the clock of a read or a solve (steady_clock from the start of
// read_model() or solve(), or the caller's set_clock()), the stop token (the
// interrupt flag, the callbacks' stop requests and the caller's terminator) and
// the log, which goes to the user's callback. Incumbent and progress events come
// from the solver's observers (solver::SolveControl::on_incumbent /
// on_progress), the final result from on_result, log lines from its logger. The
// exact objectives are in the result's improvements once solve() returns. The
// reports are in api/reports.cc.
#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <functional>
#include <mutex>
#include <new>
#include <system_error>
#include <utility>

#include "api/solver_impl.h"
#include "io/model_reader.h"
#include "io/model_writer.h"
#include "io/read_options.h"
#include "io/solution_io.h"
#include "model/model_builder.h"
#include "solver/solver.h"
#include "util/atomic_file.h"
#include "util/logger.h"

namespace lsmip {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Runs `body`, turning any exception into an Error.
template <typename F>
Error guard(F&& body) noexcept {
  try {
    return body();
  } catch (const std::bad_alloc&) {
    return {ErrorCode::kOutOfMemory, "out of memory"};
  } catch (const std::exception& e) {
    try {
      return {ErrorCode::kInternal, std::string("internal error: ") + e.what()};
    } catch (...) {
      return {ErrorCode::kOutOfMemory, ""};
    }
  } catch (...) {
    return {ErrorCode::kInternal, ""};
  }
}

Error from_status(const Status& s) {
  switch (s.code()) {
    case StatusCode::kOk: return {};
    case StatusCode::kIoError: return {ErrorCode::kIo, s.to_string()};
    case StatusCode::kInputError:
    case StatusCode::kUnsupported: return {ErrorCode::kFormat, s.to_string()};
    case StatusCode::kOutOfMemory: return {ErrorCode::kOutOfMemory, s.to_string()};
    case StatusCode::kUsageError: return {ErrorCode::kBadValue, s.message()};
    case StatusCode::kInterrupted: return {ErrorCode::kInterrupted, s.to_string()};
    case StatusCode::kInfeasible: return {ErrorCode::kInvalidArgument, s.to_string()};
    case StatusCode::kInternal: break;
  }
  return {ErrorCode::kInternal, s.to_string()};
}

Error invalid(std::string message) { return {ErrorCode::kInvalidArgument, std::move(message)}; }

std::string num(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

// A bound or side as the model stores it: |v| >= 1e20 is infinite.
double normal_bound(double v) {
  if (v >= kInfinityThreshold) return kInf;
  if (v <= -kInfinityThreshold) return -kInf;
  return v;
}

Error check_bounds(const char* what, std::int64_t i, double lo, double hi) {
  const std::string at = std::string(what) + " " + std::to_string(i);
  if (std::isnan(lo) || std::isnan(hi)) return invalid(at + ": a bound is NaN");
  if (normal_bound(lo) == kInf) return invalid(at + ": lower bound is +infinity");
  if (normal_bound(hi) == -kInf) return invalid(at + ": upper bound is -infinity");
  return {};
}

Error check_coefficient(const char* what, std::int64_t i, double v) {
  if (!std::isfinite(v) || std::fabs(v) >= kInfinityThreshold) {
    return invalid(std::string(what) + " " + std::to_string(i) + ": coefficient " + num(v) +
                   " is not finite (|v| must be below 1e20)");
  }
  return {};
}

const OptionSpec* find_spec(std::string_view name) {
  std::string key(name);
  for (char& c : key) {
    if (c == '-') c = '_';
  }
  for (const OptionSpec& s : option_specs()) {
    if (s.name == key) return &s;
  }
  return nullptr;
}

const char* type_word(OptionType t) {
  switch (t) {
    case OptionType::kBool: return "a bool";
    case OptionType::kInt: return "an integer";
    case OptionType::kDouble: return "a number";
    case OptionType::kString: return "a string";
  }
  return "?";
}

SolveStatus map_status(solver::SolveStatus s) {
  switch (s) {
    case solver::SolveStatus::kOptimal: return SolveStatus::kOptimal;
    case solver::SolveStatus::kFeasible: return SolveStatus::kFeasible;
    case solver::SolveStatus::kInfeasible: return SolveStatus::kInfeasible;
    case solver::SolveStatus::kUnbounded: return SolveStatus::kUnbounded;
    case solver::SolveStatus::kUnknown: break;
  }
  return SolveStatus::kUnknown;
}

StopReason map_stop(solver::StopReason r) {
  switch (r) {
    case solver::StopReason::kTimeLimit: return StopReason::kTimeLimit;
    case solver::StopReason::kWorkLimit: return StopReason::kWorkLimit;
    case solver::StopReason::kInterrupted: return StopReason::kInterrupted;
    case solver::StopReason::kSolutionLimit: return StopReason::kSolutionLimit;
    case solver::StopReason::kObjectiveTarget: return StopReason::kObjectiveTarget;
    case solver::StopReason::kMemoryLimit: return StopReason::kMemoryLimit;
    case solver::StopReason::kCompleted: return StopReason::kCompleted;
    case solver::StopReason::kError: return StopReason::kError;
  }
  return StopReason::kError;
}

// A model as the arrays of ModelData (costs and offset in the model's sense).
ModelData model_data(const Model& model) {
  ModelData d;
  d.name = model.name();
  d.sense = model.sense() == ObjSense::kMaximize ? Sense::kMaximize : Sense::kMinimize;
  const double s = model.sense() == ObjSense::kMaximize ? -1.0 : 1.0;
  d.offset = s * model.obj_offset() + 0.0;
  for (Index j = 0; j < model.num_cols(); ++j) {
    d.col_lower.push_back(model.col_lower(j));
    d.col_upper.push_back(model.col_upper(j));
    d.col_cost.push_back(s * model.obj(j) + 0.0);
    d.col_integer.push_back(model.is_integer(j) ? 1 : 0);
    d.col_names.push_back(model.col_name(j));
  }
  const SparseMatrix& a = model.matrix();
  d.row_start.push_back(0);
  for (Index i = 0; i < model.num_rows(); ++i) {
    d.row_lower.push_back(model.row_lower(i));
    d.row_upper.push_back(model.row_upper(i));
    d.row_names.push_back(model.row_name(i));
    const SparseVector r = a.row(i);
    d.row_index.insert(d.row_index.end(), r.index.begin(), r.index.end());
    d.row_value.insert(d.row_value.end(), r.value.begin(), r.value.end());
    d.row_start.push_back(static_cast<std::int64_t>(d.row_index.size()));
  }
  return d;
}

// The public result of the library's.
SolveResult public_result(const solver::SolveResult& r) {
  SolveResult out;
  out.status = map_status(r.status);
  out.stop_reason = map_stop(r.stop_reason);
  out.has_solution = r.has_solution;
  if (r.has_solution) {
    out.x = r.x;
    out.objective = r.objective;
  }
  out.seconds = r.seconds;
  out.time_first = r.time_first;
  out.time_best = r.time_best;
  out.work = r.work;
  out.moves = r.moves;
  out.threads = r.threads;
  for (const solver::TracePoint& p : r.trace) out.improvements.push_back(Improvement{p.seconds, p.objective, p.source});
  for (const solver::EliteSolution& e : r.elites) out.elites.push_back(EliteSolution{e.x, e.objective});
  out.infeasible_reason = r.infeasible_reason;
  if (r.has_bound) out.dual_bound = r.dual_bound;  // +-inf: proven infeasible
  if (r.has_bound && r.has_solution && std::isfinite(r.mip_gap)) out.gap = r.mip_gap;
  if (!r.error.ok()) out.error = r.error.to_string();
  out.warm_start = r.warm_start;
  out.warm_start_feasible = r.warm_start_feasible;
  out.warm_start_repaired = r.warm_start_repaired;
  return out;
}

// Turns the solver's log lines and observers into callback events, one at a time (the log
// sink and the solver's observers may run on different threads). State is read by solve()
// only after the solver's threads have joined.
class EventStream {
 public:
  EventStream(const Callback& cb, bool forward_log, std::atomic<bool>& stop)
      : cb_(cb), forward_log_(forward_log), stop_(stop) {}

  void write(const std::string& text) {
    std::lock_guard<std::mutex> lock(mu_);
    partial_ += text;
    std::size_t from = 0;
    for (std::size_t nl; (nl = partial_.find('\n', from)) != std::string::npos; from = nl + 1) {
      line(partial_.substr(from, nl - from));
    }
    partial_.erase(0, from);
  }
  void finish() {
    std::lock_guard<std::mutex> lock(mu_);
    if (!partial_.empty()) line(std::move(partial_));
    partial_.clear();
  }
  void incumbent(const solver::TracePoint& t, const std::vector<double>& x) {
    std::lock_guard<std::mutex> lock(mu_);
    Event e;
    e.kind = Event::Kind::kIncumbent;
    e.seconds = t.seconds;
    e.work = last_work_;
    e.objective = t.objective;
    e.source = t.source;
    e.x = x;
    deliver(e);
  }
  // `store` records the final result and returns it for the result callback `rcb`. Under the
  // lock, so that no callback reads the result while it is stored, nor runs with `rcb`.
  template <typename Store>
  void result(const ResultCallback& rcb, Store&& store) {
    std::lock_guard<std::mutex> lock(mu_);
    const SolveResult& r = store();
    if (!rcb || !error_.empty()) return;
    guarded([&] { rcb(r); });
  }
  void progress(const solver::ProgressInfo& p) {
    std::lock_guard<std::mutex> lock(mu_);
    last_work_ = p.work;
    Event e;
    e.kind = Event::Kind::kProgress;
    e.seconds = p.seconds;
    e.work = p.work;
    e.objective = p.has_solution ? p.objective : kNaN;
    deliver(e);
  }
  double last_work() {
    std::lock_guard<std::mutex> lock(mu_);
    return last_work_;
  }
  const std::string& callback_error() const { return error_; }

 private:
  void line(std::string text) {
    if (!forward_log_) return;
    Event e;
    e.kind = Event::Kind::kLog;
    e.message = text;
    deliver(e);
  }
  void deliver(const Event& e) {
    if (!cb_ || !error_.empty()) return;
    guarded([&] {
      if (cb_(e)) stop_.store(true);
    });
  }
  // Runs a user's callback; an exception stops the run and is reported by solve().
  template <typename F>
  void guarded(F&& call) {
    try {
      call();
    } catch (const std::exception& ex) {
      error_ = std::string("a callback threw an exception: ") + ex.what();
      stop_.store(true);
    } catch (...) {
      error_ = "a callback threw an exception";
      stop_.store(true);
    }
  }

  const Callback& cb_;
  bool forward_log_;
  std::atomic<bool>& stop_;
  std::mutex mu_;
  std::string partial_;
  double last_work_ = 0;
  std::string error_;
};

}  // namespace

// ---------------------------------------------------------------- Impl: the model

Error Solver::Impl::busy_error() const {
  return {ErrorCode::kBusy, "the solver is running: only interrupt() may be called during solve()"};
}

Error Solver::Impl::check_not_solving() const { return solving() ? busy_error() : Error(); }

void Solver::Impl::invalidate() {
  dirty_ = true;
  arrays_stale_ = false;
  built_.reset();
  result_ = SolveResult();
  run_ = solver::SolveResult();
}

std::int32_t Solver::Impl::num_cols() const {
  return arrays_stale_ ? built_->num_cols() : static_cast<std::int32_t>(col_lower_.size());
}
std::int32_t Solver::Impl::num_rows() const {
  return arrays_stale_ ? built_->num_rows() : static_cast<std::int32_t>(row_lower_.size());
}
std::int64_t Solver::Impl::num_nonzeros() const {
  return arrays_stale_ ? static_cast<std::int64_t>(built_->num_nonzeros())
                       : static_cast<std::int64_t>(entry_value_.size());
}

void Solver::Impl::clear_arrays() {
  has_model_ = false;
  name_.clear();
  sense_ = 1;
  offset_ = 0;
  col_lower_.clear(), col_upper_.clear(), col_cost_.clear(), col_integer_.clear(), col_names_.clear();
  col_name_set_.clear();
  row_lower_.clear(), row_upper_.clear(), row_names_.clear();
  row_name_set_.clear();
  entry_row_.clear(), entry_col_.clear(), entry_value_.clear();
}

Error Solver::Impl::clear_model() {
  if (Error e = check_not_solving(); !e.ok()) return e;
  clear_arrays();
  initial_.clear();
  invalidate();
  return {};
}

Error Solver::Impl::check_name(std::string_view given, bool col, std::int64_t index, std::string& out,
                               std::unordered_set<std::string>& batch) const {
  out = given.empty() ? std::string(col ? "C" : "R") + std::to_string(index) : std::string(given);
  const auto& set = col ? col_name_set_ : row_name_set_;
  if (set.count(out) != 0 || !batch.insert(out).second) {
    return invalid(std::string(col ? "column" : "row") + " name '" + out + "' is already used");
  }
  if (out.find_first_of(" \t\r\n") != std::string::npos) {
    return invalid(std::string(col ? "column" : "row") + " name '" + out + "' contains white space");
  }
  return {};
}

Error Solver::Impl::add_cols(std::int64_t n, const double* lb, const double* ub, const double* cost,
                             const int* is_integer, const char* const* names,
                             const std::int64_t* starts, const std::int32_t* index,
                             const double* value) {
  if (Error e = check_not_solving(); !e.ok()) return e;
  if (Error e = materialize(); !e.ok()) return e;
  if (n < 0) return invalid("the number of columns is negative (" + std::to_string(n) + ")");
  if (n == 0) return {};
  if (lb == nullptr || ub == nullptr || cost == nullptr) return invalid("lb, ub and cost must not be NULL");
  const std::int64_t first = num_cols();
  if (first + n > 2147483647 - 1) return invalid("too many columns");
  std::int64_t nnz = 0;
  if (starts != nullptr) {
    if (starts[0] != 0) return invalid("starts[0] must be 0");
    for (std::int64_t j = 0; j < n; ++j) {
      if (starts[j + 1] < starts[j]) return invalid("starts must not decrease (column " + std::to_string(j) + ")");
    }
    nnz = starts[n];
    if (nnz > 0 && (index == nullptr || value == nullptr)) return invalid("index and value must not be NULL");
  }
  std::vector<std::string> new_names(static_cast<std::size_t>(n));
  std::unordered_set<std::string> batch;
  std::vector<std::int64_t> seen(static_cast<std::size_t>(num_rows()), -1);
  for (std::int64_t j = 0; j < n; ++j) {
    if (Error e = check_bounds("column", first + j, lb[j], ub[j]); !e.ok()) return e;
    if (!std::isfinite(cost[j]) || std::fabs(cost[j]) >= kInfinityThreshold) {
      return invalid("column " + std::to_string(first + j) + ": cost " + num(cost[j]) +
                     " is not finite (|cost| must be below 1e20)");
    }
    const char* nm = names != nullptr ? names[j] : nullptr;
    if (Error e = check_name(nm != nullptr ? nm : "", true, first + j, new_names[static_cast<std::size_t>(j)], batch); !e.ok()) {
      return e;
    }
    if (starts == nullptr) continue;
    for (std::int64_t k = starts[j]; k < starts[j + 1]; ++k) {
      const std::int32_t i = index[k];
      if (i < 0 || i >= num_rows()) {
        return invalid("column " + std::to_string(first + j) + ": row index " + std::to_string(i) +
                       " is out of range [0, " + std::to_string(num_rows()) + ")");
      }
      if (Error e = check_coefficient("column", first + j, value[k]); !e.ok()) return e;
      if (seen[static_cast<std::size_t>(i)] == j) {
        return invalid("column " + std::to_string(first + j) + ": row " + std::to_string(i) + " appears twice");
      }
      seen[static_cast<std::size_t>(i)] = j;
    }
  }
  // Everything checked: append.
  for (std::int64_t j = 0; j < n; ++j) {
    col_lower_.push_back(normal_bound(lb[j]));
    col_upper_.push_back(normal_bound(ub[j]));
    col_cost_.push_back(cost[j]);
    col_integer_.push_back(is_integer != nullptr && is_integer[j] != 0 ? 1 : 0);
    col_name_set_.insert(new_names[static_cast<std::size_t>(j)]);
    col_names_.push_back(std::move(new_names[static_cast<std::size_t>(j)]));
    if (starts == nullptr) continue;
    for (std::int64_t k = starts[j]; k < starts[j + 1]; ++k) {
      if (value[k] == 0) continue;
      entry_row_.push_back(index[k]);
      entry_col_.push_back(static_cast<std::int32_t>(first + j));
      entry_value_.push_back(value[k]);
    }
  }
  has_model_ = true;
  invalidate();
  return {};
}

Error Solver::Impl::add_col(double lb, double ub, double cost, bool integer, std::string_view name,
                            std::span<const std::int32_t> rows, std::span<const double> values) {
  if (rows.size() != values.size()) return invalid("rows and values differ in size");
  const std::string nm(name);
  const char* names[1] = {nm.c_str()};
  const int integ = integer ? 1 : 0;
  const std::int64_t starts[2] = {0, static_cast<std::int64_t>(rows.size())};
  return add_cols(1, &lb, &ub, &cost, &integ, names, starts, rows.data(), values.data());
}

Error Solver::Impl::add_rows(std::int64_t m, const double* lo, const double* hi,
                             const std::int64_t* starts, const std::int32_t* index,
                             const double* value, const char* const* names) {
  if (Error e = check_not_solving(); !e.ok()) return e;
  if (Error e = materialize(); !e.ok()) return e;
  if (m < 0) return invalid("the number of rows is negative (" + std::to_string(m) + ")");
  if (m == 0) return {};
  if (lo == nullptr || hi == nullptr) return invalid("lo and hi must not be NULL");
  const std::int64_t first = num_rows();
  if (first + m > 2147483647 - 1) return invalid("too many rows");
  if (starts != nullptr) {
    if (starts[0] != 0) return invalid("starts[0] must be 0");
    for (std::int64_t i = 0; i < m; ++i) {
      if (starts[i + 1] < starts[i]) return invalid("starts must not decrease (row " + std::to_string(i) + ")");
    }
    if (starts[m] > 0 && (index == nullptr || value == nullptr)) return invalid("index and value must not be NULL");
  }
  std::vector<std::string> new_names(static_cast<std::size_t>(m));
  std::unordered_set<std::string> batch;
  std::vector<std::int64_t> seen(static_cast<std::size_t>(num_cols()), -1);
  for (std::int64_t i = 0; i < m; ++i) {
    if (Error e = check_bounds("row", first + i, lo[i], hi[i]); !e.ok()) return e;
    const char* nm = names != nullptr ? names[i] : nullptr;
    if (Error e = check_name(nm != nullptr ? nm : "", false, first + i, new_names[static_cast<std::size_t>(i)], batch); !e.ok()) {
      return e;
    }
    if (starts == nullptr) continue;
    for (std::int64_t k = starts[i]; k < starts[i + 1]; ++k) {
      const std::int32_t j = index[k];
      if (j < 0 || j >= num_cols()) {
        return invalid("row " + std::to_string(first + i) + ": column index " + std::to_string(j) +
                       " is out of range [0, " + std::to_string(num_cols()) + ")");
      }
      if (Error e = check_coefficient("row", first + i, value[k]); !e.ok()) return e;
      if (seen[static_cast<std::size_t>(j)] == i) {
        return invalid("row " + std::to_string(first + i) + ": column " + std::to_string(j) + " appears twice");
      }
      seen[static_cast<std::size_t>(j)] = i;
    }
  }
  for (std::int64_t i = 0; i < m; ++i) {
    row_lower_.push_back(normal_bound(lo[i]));
    row_upper_.push_back(normal_bound(hi[i]));
    row_name_set_.insert(new_names[static_cast<std::size_t>(i)]);
    row_names_.push_back(std::move(new_names[static_cast<std::size_t>(i)]));
    if (starts == nullptr) continue;
    for (std::int64_t k = starts[i]; k < starts[i + 1]; ++k) {
      if (value[k] == 0) continue;
      entry_row_.push_back(static_cast<std::int32_t>(first + i));
      entry_col_.push_back(index[k]);
      entry_value_.push_back(value[k]);
    }
  }
  has_model_ = true;
  invalidate();
  return {};
}

Error Solver::Impl::add_row(double lo, double hi, std::span<const std::int32_t> cols,
                            std::span<const double> values, std::string_view name) {
  if (cols.size() != values.size()) return invalid("cols and values differ in size");
  const std::string nm(name);
  const char* names[1] = {nm.c_str()};
  const std::int64_t starts[2] = {0, static_cast<std::int64_t>(cols.size())};
  return add_rows(1, &lo, &hi, starts, cols.data(), values.data(), names);
}

Error Solver::Impl::set_sense(int sense) {
  if (Error e = check_not_solving(); !e.ok()) return e;
  if (Error e = materialize(); !e.ok()) return e;
  if (sense != LSMIP_MINIMIZE && sense != LSMIP_MAXIMIZE) {
    return invalid("sense must be LSMIP_MINIMIZE (1) or LSMIP_MAXIMIZE (-1), got " + std::to_string(sense));
  }
  sense_ = sense;
  has_model_ = true;
  invalidate();
  return {};
}

Error Solver::Impl::set_offset(double offset) {
  if (Error e = check_not_solving(); !e.ok()) return e;
  if (Error e = materialize(); !e.ok()) return e;
  if (!std::isfinite(offset)) return invalid("the objective offset " + num(offset) + " is not finite");
  offset_ = offset;
  has_model_ = true;
  invalidate();
  return {};
}

Error Solver::Impl::set_model(const ModelData& d) {
  if (Error e = check_not_solving(); !e.ok()) return e;
  const std::size_t n = d.col_lower.size(), m = d.row_lower.size();
  if (d.col_upper.size() != n || d.col_cost.size() != n || (!d.col_integer.empty() && d.col_integer.size() != n) ||
      (!d.col_names.empty() && d.col_names.size() != n)) {
    return invalid("the column arrays differ in size");
  }
  if (d.row_upper.size() != m || (!d.row_names.empty() && d.row_names.size() != m) ||
      (!d.row_start.empty() && d.row_start.size() != m + 1) ||
      d.row_index.size() != d.row_value.size() ||
      (!d.row_start.empty() && static_cast<std::size_t>(d.row_start[m]) != d.row_index.size()) ||
      (d.row_start.empty() && !d.row_index.empty())) {
    return invalid("the row arrays differ in size");
  }
  if (d.sense != Sense::kMinimize && d.sense != Sense::kMaximize) return invalid("bad sense");
  if (Error e = load_arrays(d); !e.ok()) return e;
  initial_.clear();
  invalidate();
  return {};
}

Error Solver::Impl::load_arrays(const ModelData& d) {
  const std::size_t n = d.col_lower.size(), m = d.row_lower.size();
  // Build into a fresh Impl so that nothing changes on error.
  Impl fresh;
  fresh.options_ = options_;
  auto c_names = [](const std::vector<std::string>& v) {
    std::vector<const char*> p;
    for (const std::string& s : v) p.push_back(s.c_str());
    return p;
  };
  std::vector<int> integ(d.col_integer.begin(), d.col_integer.end());
  const std::vector<const char*> cn = c_names(d.col_names), rn = c_names(d.row_names);
  if (Error e = fresh.add_cols(static_cast<std::int64_t>(n), d.col_lower.data(), d.col_upper.data(),
                               d.col_cost.data(), integ.empty() ? nullptr : integ.data(),
                               cn.empty() ? nullptr : cn.data(), nullptr, nullptr, nullptr);
      !e.ok()) {
    return e;
  }
  if (Error e = fresh.add_rows(static_cast<std::int64_t>(m), d.row_lower.data(), d.row_upper.data(),
                               d.row_start.empty() ? nullptr : d.row_start.data(), d.row_index.data(),
                               d.row_value.data(), rn.empty() ? nullptr : rn.data());
      !e.ok()) {
    return e;
  }
  if (Error e = fresh.set_offset(d.offset); !e.ok()) return e;
  fresh.sense_ = static_cast<int>(d.sense);
  fresh.name_ = d.name;
  fresh.has_model_ = true;
  has_model_ = true;
  name_ = std::move(fresh.name_);
  sense_ = fresh.sense_;
  offset_ = fresh.offset_;
  col_lower_ = std::move(fresh.col_lower_), col_upper_ = std::move(fresh.col_upper_);
  col_cost_ = std::move(fresh.col_cost_), col_integer_ = std::move(fresh.col_integer_);
  col_names_ = std::move(fresh.col_names_), col_name_set_ = std::move(fresh.col_name_set_);
  row_lower_ = std::move(fresh.row_lower_), row_upper_ = std::move(fresh.row_upper_);
  row_names_ = std::move(fresh.row_names_), row_name_set_ = std::move(fresh.row_name_set_);
  entry_row_ = std::move(fresh.entry_row_), entry_col_ = std::move(fresh.entry_col_);
  entry_value_ = std::move(fresh.entry_value_);
  arrays_stale_ = false;
  return {};
}

Error Solver::Impl::materialize() {
  if (!arrays_stale_) return {};
  return load_arrays(model_data(*built_));
}

std::function<double()> Solver::Impl::make_clock() const {
  if (clock_) return clock_;
  const auto t0 = std::chrono::steady_clock::now();
  return [t0] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
}

bool Solver::Impl::stop_asked(const std::atomic<bool>& requested) const {
  return interrupt_.load(std::memory_order_relaxed) || requested.load(std::memory_order_relaxed) ||
         (terminator_ && terminator_());
}

Error Solver::Impl::read_model(const std::string& path) {
  if (Error e = check_not_solving(); !e.ok()) return e;
  // The reader's log goes to the callback; it stops at an interrupt, the terminator, a
  // callback's stop request and the time limit.
  std::atomic<bool> stop_requested{false};
  EventStream events(callback_, callback_ && options_.log_level >= 1, stop_requested);
  Logger log(callback_ ? static_cast<LogLevel>(options_.log_level) : LogLevel::kQuiet);
  if (callback_) log.set_sink([&events](const std::string& text) { events.write(text); });
  const std::function<double()> clock = make_clock();
  const double limit = options_.time_limit;
  bool interrupted = false;
  auto should_stop = [&] {
    if (stop_asked(stop_requested)) {
      interrupted = true;
      return true;
    }
    return clock() >= limit;
  };
  Result<Model> read = io::read_model(path, io::read_options(options_), log, should_stop);
  events.finish();
  if (!events.callback_error().empty()) return {ErrorCode::kCallback, events.callback_error()};
  if (!read.ok()) {
    const Status& st = read.status();
    if (st.code() != StatusCode::kInterrupted) return from_status(st);
    if (interrupted) interrupt_.store(false);
    return {ErrorCode::kInterrupted, "reading stopped at " + st.where().file + ":" +
                                         std::to_string(st.where().line) + " by the time limit or a signal"};
  }
  // Keep the model as read; the arrays follow when a call needs them.
  clear_arrays();
  invalidate();
  has_model_ = true;
  built_.emplace(std::move(read).value());
  dirty_ = false;
  arrays_stale_ = true;
  initial_.clear();
  return {};
}

Error Solver::Impl::get_model(ModelData& d) const {
  if (arrays_stale_) {
    // Through the arrays, so that the result is the same as after set_model().
    Impl copy;
    if (Error e = copy.load_arrays(model_data(*built_)); !e.ok()) return e;
    copy.has_model_ = true;
    return copy.get_model(d);
  }
  d = ModelData();
  if (!has_model_) return {};
  d.name = name_;
  d.sense = sense_ == LSMIP_MAXIMIZE ? Sense::kMaximize : Sense::kMinimize;
  d.offset = offset_;
  d.col_lower = col_lower_, d.col_upper = col_upper_, d.col_cost = col_cost_;
  d.col_integer = col_integer_, d.col_names = col_names_;
  d.row_lower = row_lower_, d.row_upper = row_upper_, d.row_names = row_names_;
  // Entries row-wise, sorted by column within a row (counting sort on rows).
  const std::size_t m = row_lower_.size(), nnz = entry_value_.size();
  d.row_start.assign(m + 1, 0);
  for (std::int32_t i : entry_row_) ++d.row_start[static_cast<std::size_t>(i) + 1];
  for (std::size_t i = 0; i < m; ++i) d.row_start[i + 1] += d.row_start[i];
  std::vector<std::size_t> order(nnz);
  for (std::size_t k = 0; k < nnz; ++k) order[k] = k;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return entry_row_[a] != entry_row_[b] ? entry_row_[a] < entry_row_[b] : entry_col_[a] < entry_col_[b];
  });
  d.row_index.reserve(nnz);
  d.row_value.reserve(nnz);
  for (std::size_t k : order) {
    d.row_index.push_back(entry_col_[k]);
    d.row_value.push_back(entry_value_[k]);
  }
  return {};
}

Error Solver::Impl::build_model() {
  if (!dirty_ && built_) return {};
  ModelBuilder b;
  b.set_name(name_);
  b.set_sense(sense_ == LSMIP_MAXIMIZE ? ObjSense::kMaximize : ObjSense::kMinimize);
  b.set_obj_offset(offset_);
  for (std::size_t j = 0; j < col_lower_.size(); ++j) {
    if (b.add_col(col_names_[j], col_lower_[j], col_upper_[j], col_cost_[j], col_integer_[j] != 0) < 0) {
      return invalid("column name '" + col_names_[j] + "' is already used");
    }
  }
  for (std::size_t i = 0; i < row_lower_.size(); ++i) {
    if (b.add_row(row_names_[i], row_lower_[i], row_upper_[i]) < 0) {
      return invalid("row name '" + row_names_[i] + "' is already used");
    }
  }
  b.reserve_entries(entry_value_.size());
  for (std::size_t k = 0; k < entry_value_.size(); ++k) b.add_entry(entry_row_[k], entry_col_[k], entry_value_[k]);
  Result<Model> m = b.build();
  if (!m.ok()) return invalid("the model is invalid: " + m.status().message());
  built_.emplace(std::move(m).value());
  dirty_ = false;
  return {};
}

const Model* Solver::Impl::current_model(std::optional<Model>& scratch, Error& e) const {
  if (!has_model_) {
    e = {ErrorCode::kNoModel, "no model: read one or add columns first"};
    return nullptr;
  }
  if (!dirty_ && built_) return &*built_;
  Impl copy;  // builds the arrays' model without touching this object
  copy.name_ = name_, copy.sense_ = sense_, copy.offset_ = offset_;
  copy.col_lower_ = col_lower_, copy.col_upper_ = col_upper_, copy.col_cost_ = col_cost_;
  copy.col_integer_ = col_integer_, copy.col_names_ = col_names_;
  copy.row_lower_ = row_lower_, copy.row_upper_ = row_upper_, copy.row_names_ = row_names_;
  copy.entry_row_ = entry_row_, copy.entry_col_ = entry_col_, copy.entry_value_ = entry_value_;
  if (e = copy.build_model(); !e.ok()) return nullptr;
  scratch.emplace(std::move(*copy.built_));
  return &*scratch;
}

// ---------------------------------------------------------------- Impl: options

Error Solver::Impl::set_option(std::string_view name, std::string_view value) {
  if (Error e = check_not_solving(); !e.ok()) return e;
  if (find_spec(name) == nullptr) return {ErrorCode::kUnknownOption, "unknown option '" + std::string(name) + "'"};
  const Status s = lsmip::set_option(options_, name, value);
  if (!s.ok()) return {ErrorCode::kBadValue, s.message()};
  return {};
}

Error Solver::Impl::set_bool_option(std::string_view name, bool value) {
  const OptionSpec* spec = find_spec(name);
  if (spec != nullptr && spec->type != OptionType::kBool) {
    return {ErrorCode::kBadValue, "option '" + std::string(spec->name) + "' is " + type_word(spec->type) + ", not a bool"};
  }
  return set_option(name, value ? "true" : "false");
}

Error Solver::Impl::set_int_option(std::string_view name, std::int64_t value) {
  const OptionSpec* spec = find_spec(name);
  if (spec != nullptr && spec->type != OptionType::kInt && spec->type != OptionType::kDouble) {
    return {ErrorCode::kBadValue, "option '" + std::string(spec->name) + "' is " + type_word(spec->type) + ", not an integer"};
  }
  return set_option(name, std::to_string(value));
}

Error Solver::Impl::set_double_option(std::string_view name, double value) {
  const OptionSpec* spec = find_spec(name);
  if (spec != nullptr && spec->type != OptionType::kDouble) {
    if (spec->type == OptionType::kInt && std::isfinite(value) && value == std::floor(value) &&
        std::fabs(value) < 9.2e18) {
      return set_option(name, std::to_string(static_cast<std::int64_t>(value)));
    }
    return {ErrorCode::kBadValue, "option '" + std::string(spec->name) + "' is " + type_word(spec->type) +
                                      ", not a number (got " + num(value) + ")"};
  }
  if (spec != nullptr && std::isnan(value)) {
    return {ErrorCode::kBadValue, "option '" + std::string(spec->name) + "' expects a number, got NaN"};
  }
  std::string text = std::isinf(value) ? (value > 0 ? "inf" : "-inf") : num(value);
  return set_option(name, text);
}

Error Solver::Impl::set_string_option(std::string_view name, std::string_view value) {
  const OptionSpec* spec = find_spec(name);
  const bool on_off = spec != nullptr && spec->type == OptionType::kBool && !spec->choices.empty();
  if (spec != nullptr && spec->type != OptionType::kString && !on_off) {
    return {ErrorCode::kBadValue, "option '" + std::string(spec->name) + "' is " + type_word(spec->type) + ", not a string"};
  }
  return set_option(name, value);
}

Error Solver::Impl::get_option(std::string_view name, std::string& value) const {
  if (find_spec(name) == nullptr) return {ErrorCode::kUnknownOption, "unknown option '" + std::string(name) + "'"};
  value = option_value_text(options_, name);
  return {};
}

Error Solver::Impl::get_bool_option(std::string_view name, bool& value) const {
  const OptionSpec* spec = find_spec(name);
  if (spec == nullptr) return {ErrorCode::kUnknownOption, "unknown option '" + std::string(name) + "'"};
  if (spec->type != OptionType::kBool) {
    return {ErrorCode::kBadValue, "option '" + std::string(spec->name) + "' is " + type_word(spec->type) + ", not a bool"};
  }
  const std::string text = option_value_text(options_, spec->name);
  value = text == "true" || text == "on";
  return {};
}

Error Solver::Impl::get_int_option(std::string_view name, std::int64_t& value) const {
  const OptionSpec* spec = find_spec(name);
  if (spec == nullptr) return {ErrorCode::kUnknownOption, "unknown option '" + std::string(name) + "'"};
  if (spec->type != OptionType::kInt) {
    return {ErrorCode::kBadValue, "option '" + std::string(spec->name) + "' is " + type_word(spec->type) + ", not an integer"};
  }
  const std::string text = option_value_text(options_, spec->name);
  std::from_chars(text.data(), text.data() + text.size(), value);
  return {};
}

Error Solver::Impl::get_double_option(std::string_view name, double& value) const {
  const OptionSpec* spec = find_spec(name);
  if (spec == nullptr) return {ErrorCode::kUnknownOption, "unknown option '" + std::string(name) + "'"};
  if (spec->type != OptionType::kDouble && spec->type != OptionType::kInt) {
    return {ErrorCode::kBadValue, "option '" + std::string(spec->name) + "' is " + type_word(spec->type) + ", not a number"};
  }
  // The text form reads back exactly ("inf" included).
  value = std::strtod(option_value_text(options_, spec->name).c_str(), nullptr);
  return {};
}

Error Solver::Impl::read_options_file(const std::string& path) {
  if (Error e = check_not_solving(); !e.ok()) return e;
  Options copy = options_;
  const Status s = lsmip::read_options_file(copy, path);
  if (!s.ok()) {
    if (s.code() == StatusCode::kIoError) return {ErrorCode::kIo, s.to_string()};
    const bool unknown = s.message().rfind("unknown option", 0) == 0;
    return {unknown ? ErrorCode::kUnknownOption : ErrorCode::kBadValue, s.to_string()};
  }
  options_ = std::move(copy);
  return {};
}

// ---------------------------------------------------------------- Impl: solving

Error Solver::Impl::set_initial_solution(std::span<const double> x) {
  if (Error e = check_not_solving(); !e.ok()) return e;
  if (!x.empty() && x.size() != static_cast<std::size_t>(num_cols())) {
    return invalid("the initial solution has " + std::to_string(x.size()) + " values, the model " +
                   std::to_string(num_cols()) + " columns");
  }
  for (std::size_t j = 0; j < x.size(); ++j) {
    if (std::isinf(x[j])) return invalid("initial value of column " + std::to_string(j) + " is infinite");
  }
  initial_.assign(x.begin(), x.end());
  return {};
}

Error Solver::Impl::set_callback(Callback cb) {
  if (Error e = check_not_solving(); !e.ok()) return e;
  callback_ = std::move(cb);
  return {};
}

Error Solver::Impl::set_result_callback(ResultCallback cb) {
  if (Error e = check_not_solving(); !e.ok()) return e;
  result_callback_ = std::move(cb);
  return {};
}

Error Solver::Impl::set_clock(std::function<double()> clock) {
  if (Error e = check_not_solving(); !e.ok()) return e;
  clock_ = std::move(clock);
  return {};
}

Error Solver::Impl::set_terminator(std::function<bool()> terminator) {
  if (Error e = check_not_solving(); !e.ok()) return e;
  terminator_ = std::move(terminator);
  return {};
}

Error Solver::Impl::solve() {
  if (Error e = check_not_solving(); !e.ok()) return e;
  struct Running {
    Impl& s;
    explicit Running(Impl& impl) : s(impl) { s.solving_.store(true); }
    ~Running() {
      s.solving_.store(false);
      s.interrupt_.store(false);
    }
  } running(*this);

  result_ = SolveResult();
  run_ = solver::SolveResult();
  if (!has_model_) return {ErrorCode::kNoModel, "no model: read one or add columns first"};
  if (Error e = build_model(); !e.ok()) return e;
  const Model& model = *built_;
  if (!initial_.empty() && initial_.size() != static_cast<std::size_t>(model.num_cols())) {
    return invalid("the initial solution has " + std::to_string(initial_.size()) + " values, the model " +
                   std::to_string(model.num_cols()) + " columns");
  }

  // The log goes to the callback at the user's level; incumbents and progress come from the
  // solver's observers, with exact objectives.
  const int user_level = static_cast<int>(options_.log_level);
  std::atomic<bool> stop_requested{false};
  EventStream events(callback_, callback_ && user_level >= 1, stop_requested);
  Logger log(callback_ ? static_cast<LogLevel>(user_level) : LogLevel::kQuiet);
  if (callback_) log.set_sink([&events](const std::string& text) { events.write(text); });

  std::vector<double> start = initial_;
  if (start.empty() && !options_.initial_solution.empty()) {
    // A FIFO is read without blocking; interrupt(), the terminator and the time limit end
    // the wait (kInterrupted).
    const std::function<double()> read_clock = make_clock();
    const auto stop_reading = [this, &read_clock, &stop_requested] {
      return stop_asked(stop_requested) || read_clock() >= options_.time_limit;
    };
    Result<io::SolutionFile> sol = io::read_solution(options_.initial_solution, model, stop_reading);
    if (!sol.ok()) return from_status(sol.status());
    start.assign(static_cast<std::size_t>(model.num_cols()), kNaN);
    for (std::size_t j = 0; j < start.size(); ++j) {
      if (sol->given[j]) start[j] = sol->values[j];
    }
    log.info("initial solution %s: %d of %d columns given (%s)", options_.initial_solution.c_str(),
             sol->num_given, model.num_cols(), sol->num_given == model.num_cols() ? "full" : "partial");
  }

  const std::function<double()> clock = make_clock();
  solver::SolveControl control;
  control.clock = clock;
  control.interrupted = [this, &stop_requested] { return stop_asked(stop_requested); };
  control.ranks = rank_link_;
  if (callback_) {
    control.on_incumbent = [&events](const solver::TracePoint& t, const std::vector<double>& x) {
      events.incumbent(t, x);
    };
    control.on_progress = [&events](const solver::ProgressInfo& p) { events.progress(p); };
  }
  // The result is stored (and shown to the callback) as soon as it is known, before the
  // workers are torn down.
  bool stored = false;
  control.on_result = [&](const solver::SolveResult& r) {
    events.result(result_callback_, [&]() -> const SolveResult& {
      run_ = r;
      result_ = public_result(run_);
      stored = true;
      return result_;
    });
  };

  bool out_of_memory = false;
  try {
    solver::Solver s(model, options_, log);
    if (!start.empty()) s.set_initial_solution(std::move(start));
    solver::SolveResult r = s.solve(control);
    run_ = std::move(r);
    result_ = public_result(run_);
  } catch (const std::bad_alloc&) {
    out_of_memory = true;
  } catch (const std::system_error& e) {
    // A worker thread that cannot be created under an address-space limit (its stack does
    // not fit) is out of memory too.
    if (e.code() != std::errc::resource_unavailable_try_again && e.code() != std::errc::not_enough_memory) throw;
    out_of_memory = true;
  }
  if (out_of_memory && !stored) {  // else the result stands: the allocation failed while tearing down
    run_ = solver::SolveResult();
    run_.stop_reason = solver::StopReason::kMemoryLimit;
    run_.seconds = clock();
    result_ = public_result(run_);
  }
  events.finish();

  if (!events.callback_error().empty()) return {ErrorCode::kCallback, events.callback_error()};
  if (out_of_memory) return {ErrorCode::kOutOfMemory, "out of memory during the search"};
  if (!run_.error.ok() && !run_.has_solution) return {ErrorCode::kInternal, run_.error.to_string()};
  return {};
}

Error Solver::Impl::write_solution(const std::string& path, IfNoSolution if_none) const {
  if (result_.has_solution && built_) {
    return from_status(io::write_solution(path, *built_, result_.x, result_.objective));
  }
  if (if_none == IfNoSolution::kWriteMarker) return from_status(write_file_atomically(path, "=infeas=\n"));
  return {ErrorCode::kNoSolution, "no solution to write"};
}

Error Solver::Impl::write_solution(const std::string& path, std::span<const double> x, double objective) const {
  std::optional<Model> scratch;
  Error e;
  const Model* model = current_model(scratch, e);
  if (model == nullptr) return e;
  if (x.size() != static_cast<std::size_t>(model->num_cols())) {
    return invalid("the solution has " + std::to_string(x.size()) + " values, the model " +
                   std::to_string(model->num_cols()) + " columns");
  }
  return from_status(io::write_solution(path, *model, x, objective));
}

Error Solver::Impl::write_model(const std::string& path) const {
  std::optional<Model> scratch;
  Error e;
  const Model* model = current_model(scratch, e);
  if (model == nullptr) return e;
  Result<std::string> text = io::format_model_for(*model, path);
  if (!text.ok()) return from_status(text.status());
  return from_status(write_file_atomically(path, text.value()));
}

// ---------------------------------------------------------------- Solver

namespace {
Error no_impl() {
  return {ErrorCode::kNullHandle, "the solver has no state (moved from, or out of memory when constructed)"};
}
const SolveResult& empty_result() {
  static const SolveResult r;  // immutable
  return r;
}
}  // namespace

Solver::Solver() {
  try {
    impl_ = std::make_unique<Impl>();
  } catch (...) {
    // Out of memory: every call then returns kNullHandle.
  }
}
Solver::~Solver() = default;
Solver::Solver(Solver&&) noexcept = default;
Solver& Solver::operator=(Solver&&) noexcept = default;

#define LSMIP_FORWARD(call)                      \
  if (!impl_) return no_impl();                  \
  return guard([&]() -> Error { return impl_->call; })

Error Solver::read_model(const std::string& path) { LSMIP_FORWARD(read_model(path)); }
Error Solver::set_model(const ModelData& data) { LSMIP_FORWARD(set_model(data)); }
Error Solver::clear_model() { LSMIP_FORWARD(clear_model()); }
Error Solver::add_column(double lower, double upper, double cost, bool integer, std::string_view name) {
  LSMIP_FORWARD(add_col(lower, upper, cost, integer, name, {}, {}));
}
Error Solver::add_column(double lower, double upper, double cost, bool integer,
                         std::span<const std::int32_t> rows, std::span<const double> values,
                         std::string_view name) {
  LSMIP_FORWARD(add_col(lower, upper, cost, integer, name, rows, values));
}
Error Solver::add_row(double lower, double upper, std::span<const std::int32_t> cols,
                      std::span<const double> values, std::string_view name) {
  LSMIP_FORWARD(add_row(lower, upper, cols, values, name));
}
Error Solver::set_sense(Sense sense) { LSMIP_FORWARD(set_sense(static_cast<int>(sense))); }
Error Solver::set_objective_offset(double offset) { LSMIP_FORWARD(set_offset(offset)); }
std::int32_t Solver::num_cols() const { return impl_ ? impl_->num_cols() : 0; }
std::int32_t Solver::num_rows() const { return impl_ ? impl_->num_rows() : 0; }
std::int64_t Solver::num_nonzeros() const { return impl_ ? impl_->num_nonzeros() : 0; }
Error Solver::get_model(ModelData& out) const { LSMIP_FORWARD(get_model(out)); }
Error Solver::set_option(std::string_view name, std::string_view value_text) {
  LSMIP_FORWARD(set_option(name, value_text));
}
Error Solver::set_bool_option(std::string_view name, bool value) { LSMIP_FORWARD(set_bool_option(name, value)); }
Error Solver::set_int_option(std::string_view name, std::int64_t value) { LSMIP_FORWARD(set_int_option(name, value)); }
Error Solver::set_double_option(std::string_view name, double value) {
  LSMIP_FORWARD(set_double_option(name, value));
}
Error Solver::set_string_option(std::string_view name, std::string_view value) {
  LSMIP_FORWARD(set_string_option(name, value));
}
Error Solver::get_option(std::string_view name, std::string& value_text) const {
  LSMIP_FORWARD(get_option(name, value_text));
}
Error Solver::get_bool_option(std::string_view name, bool& value) const { LSMIP_FORWARD(get_bool_option(name, value)); }
Error Solver::get_int_option(std::string_view name, std::int64_t& value) const {
  LSMIP_FORWARD(get_int_option(name, value));
}
Error Solver::get_double_option(std::string_view name, double& value) const {
  LSMIP_FORWARD(get_double_option(name, value));
}
Error Solver::read_options_file(const std::string& path) { LSMIP_FORWARD(read_options_file(path)); }
Error Solver::set_initial_solution(std::span<const double> x) { LSMIP_FORWARD(set_initial_solution(x)); }
Error Solver::set_callback(Callback callback) { LSMIP_FORWARD(set_callback(std::move(callback))); }
Error Solver::set_result_callback(ResultCallback callback) {
  LSMIP_FORWARD(set_result_callback(std::move(callback)));
}
Error Solver::set_clock(std::function<double()> clock) { LSMIP_FORWARD(set_clock(std::move(clock))); }
Error Solver::set_terminator(std::function<bool()> terminator) {
  LSMIP_FORWARD(set_terminator(std::move(terminator)));
}
Error Solver::solve() { LSMIP_FORWARD(solve()); }
void Solver::interrupt() noexcept {
  if (impl_) impl_->interrupt();
}
const SolveResult& Solver::result() const { return impl_ ? impl_->result() : empty_result(); }
Error Solver::write_model(const std::string& path) const { LSMIP_FORWARD(write_model(path)); }
Error Solver::write_solution(const std::string& path, IfNoSolution if_none) const {
  LSMIP_FORWARD(write_solution(path, if_none));
}
Error Solver::write_solution(const std::string& path, std::span<const double> x, double objective) const {
  LSMIP_FORWARD(write_solution(path, x, objective));
}
Error Solver::model_statistics(Format format, std::string& out) const { LSMIP_FORWARD(model_statistics(format, out)); }
Error Solver::check_solution_file(const std::string& path, SolutionCheck& out) const {
  LSMIP_FORWARD(check_solution_file(path, out));
}
Error Solver::check_solution(std::span<const double> x, double objective, SolutionCheck& out) const {
  LSMIP_FORWARD(check_solution(x, objective, out));
}
Error Solver::report_json(bool solution_written, std::string& json) const {
  LSMIP_FORWARD(report_json(solution_written, json));
}
Error Solver::failure_report_json(StopReason reason, std::string_view error, double seconds,
                                  bool solution_written, std::string& json) const {
  LSMIP_FORWARD(failure_report_json(reason, error, seconds, solution_written, json));
}
Error Solver::report_summary(std::string& text) const { LSMIP_FORWARD(report_summary(text)); }

#undef LSMIP_FORWARD

// ---------------------------------------------------------------- names

const char* to_string(ErrorCode code) { return lsmip_error_name(static_cast<int>(code)); }
const char* to_string(SolveStatus status) { return lsmip_status_name(static_cast<int>(status)); }
const char* to_string(StopReason reason) { return lsmip_stop_reason_name(static_cast<int>(reason)); }
const char* version() { return lsmip_version(); }

}  // namespace lsmip

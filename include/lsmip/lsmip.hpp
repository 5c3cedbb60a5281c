// lsmip C++ API: a local-search solver for mixed-integer linear programs.
//
//   lsmip::Solver s;
//   s.add_column(0, 1, 5.0, true, "x");                       // or s.read_model("m.mps.gz")
//   s.add_row(-lsmip::kInfinity, 4, {0}, {2.0}, "cap");
//   s.set_option("work_limit", "1e7");
//   if (lsmip::Error e = s.solve(); !e.ok()) { /* e.message() */ }
//   const lsmip::SolveResult& r = s.result();
//
// The class is a pimpl over the library's solver; no internal header is
// included and no exception leaves a member function (errors are lsmip::Error
// values; std::bad_alloc becomes ErrorCode::kOutOfMemory). The codes, statuses
// and stop reasons have the values of the C API's constants (lsmip.h).
//
// Threads: different Solver objects may be used from different threads at
// once. One object is used by one thread at a time, except interrupt(), which
// any thread may call while solve() runs. Callbacks run on the solver's
// threads, one at a time; from a callback only interrupt() may be called on the
// same object (other calls return kBusy).
#pragma once

#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "lsmip/lsmip.h"

namespace lsmip {

inline constexpr double kInfinity = std::numeric_limits<double>::infinity();

enum class ErrorCode : int {
  kOk = LSMIP_OK,
  kNullHandle = LSMIP_ERROR_NULL_HANDLE,
  kInvalidArgument = LSMIP_ERROR_INVALID_ARGUMENT,
  kUnknownOption = LSMIP_ERROR_UNKNOWN_OPTION,
  kBadValue = LSMIP_ERROR_BAD_VALUE,
  kIo = LSMIP_ERROR_IO,
  kNoModel = LSMIP_ERROR_NO_MODEL,
  kOutOfMemory = LSMIP_ERROR_OUT_OF_MEMORY,
  kInternal = LSMIP_ERROR_INTERNAL,
  kFormat = LSMIP_ERROR_FORMAT,
  kNoSolution = LSMIP_ERROR_NO_SOLUTION,
  kBusy = LSMIP_ERROR_BUSY,
  kCallback = LSMIP_ERROR_CALLBACK,
};

// The outcome of a call: kOk, or a code and a message naming what was wrong.
class Error {
 public:
  Error() = default;
  Error(ErrorCode code, std::string message) : code_(code), message_(std::move(message)) {}
  bool ok() const { return code_ == ErrorCode::kOk; }
  ErrorCode code() const { return code_; }
  const std::string& message() const { return message_; }

 private:
  ErrorCode code_ = ErrorCode::kOk;
  std::string message_;
};

enum class Sense : int { kMinimize = LSMIP_MINIMIZE, kMaximize = LSMIP_MAXIMIZE };

enum class SolveStatus : int {
  kUnknown = LSMIP_STATUS_UNKNOWN,
  kFeasible = LSMIP_STATUS_FEASIBLE,
  kOptimal = LSMIP_STATUS_OPTIMAL,
  kInfeasible = LSMIP_STATUS_INFEASIBLE,
  kUnbounded = LSMIP_STATUS_UNBOUNDED,
};

enum class StopReason : int {
  kNone = LSMIP_STOP_NONE,
  kTimeLimit = LSMIP_STOP_TIME_LIMIT,
  kWorkLimit = LSMIP_STOP_WORK_LIMIT,
  kInterrupted = LSMIP_STOP_INTERRUPTED,
  kSolutionLimit = LSMIP_STOP_SOLUTION_LIMIT,
  kObjectiveTarget = LSMIP_STOP_OBJECTIVE_TARGET,
  kMemoryLimit = LSMIP_STOP_MEMORY_LIMIT,
  kCompleted = LSMIP_STOP_COMPLETED,
  kError = LSMIP_STOP_ERROR,
};

LSMIP_API const char* to_string(ErrorCode code);     // "ok", "invalid_argument", ...
LSMIP_API const char* to_string(SolveStatus status); // "feasible", ...
LSMIP_API const char* to_string(StopReason reason);  // "work_limit", ...
LSMIP_API const char* version();                     // "MAJOR.MINOR.PATCH"

// A model as plain arrays: columns, rows and the matrix row-wise (CSR, sorted by
// column within a row). Costs and the offset are in the model's own sense.
struct ModelData {
  std::string name;
  Sense sense = Sense::kMinimize;
  double offset = 0;
  std::vector<double> col_lower, col_upper, col_cost;
  std::vector<std::uint8_t> col_integer;
  std::vector<std::string> col_names;
  std::vector<double> row_lower, row_upper;
  std::vector<std::string> row_names;
  std::vector<std::int64_t> row_start;  // num_rows + 1
  std::vector<std::int32_t> row_index;
  std::vector<double> row_value;
};

// One solution of the final elite pool.
struct EliteSolution {
  std::vector<double> x;
  double objective = 0;
};

// One improvement of the incumbent during the run.
struct Improvement {
  double seconds = 0;
  double objective = 0;
  std::string source;  // e.g. "ls#0 tight", "initial"
};

struct SolveResult {
  SolveStatus status = SolveStatus::kUnknown;
  StopReason stop_reason = StopReason::kNone;
  bool has_solution = false;   // x holds a solution verified on the model at the end of the run
  std::vector<double> x;       // one value per column
  double objective = std::numeric_limits<double>::quiet_NaN();   // model's sense, offset included
  double dual_bound = std::numeric_limits<double>::quiet_NaN();  // none proven (no LP yet)
  double gap = std::numeric_limits<double>::quiet_NaN();         // needs a dual bound
  double seconds = 0;                      // length of the solve
  double time_first = -1, time_best = -1;  // seconds; -1 = none
  double work = 0;                         // work units, summed over workers
  std::uint64_t moves = 0;
  int threads = 1;
  std::vector<Improvement> improvements;   // every improvement, exact objectives
  std::vector<EliteSolution> elites;       // best first
  std::string infeasible_reason;           // for kInfeasible
};

// What a callback sees (objectives exact, in the model's sense).
struct Event {
  enum class Kind : int { kLog = LSMIP_EVENT_LOG, kIncumbent = LSMIP_EVENT_INCUMBENT,
                          kProgress = LSMIP_EVENT_PROGRESS };
  Kind kind = Kind::kLog;
  std::string_view message;  // kLog: one line without newline
  double seconds = 0;
  double work = 0;
  double objective = std::numeric_limits<double>::quiet_NaN();  // best so far; NaN = none
  std::string_view source;   // kIncumbent
};

// Returns true to request a stop (like interrupt()). Must not throw; if it does, the run
// stops and solve() returns kCallback.
using Callback = std::function<bool(const Event&)>;

class LSMIP_API Solver {
 public:
  Solver();
  ~Solver();
  Solver(Solver&&) noexcept;
  Solver& operator=(Solver&&) noexcept;
  Solver(const Solver&) = delete;
  Solver& operator=(const Solver&) = delete;

  // ---- The model.
  // Replaces the model by the file's (MPS or LP by the name, plain, gzip, bzip2 or xz), read with the
  // options mps_format and mps_negative_upper. Errors: kIo, kFormat ("FILE:LINE: error: ...").
  Error read_model(const std::string& path);
  // Replaces the model by `data` (validated like add_*; nothing changes on error).
  Error set_model(const ModelData& data);
  // Discards the model, warm start and result; options and callback are kept.
  Error clear_model();
  // Appends a column; `name` empty = "C<index>". Errors: NaN, +inf lower or -inf upper,
  // infinite cost, duplicate name.
  Error add_column(double lower, double upper, double cost, bool integer, std::string_view name = {});
  // Appends a column with entries in existing rows.
  Error add_column(double lower, double upper, double cost, bool integer,
                   std::span<const std::int32_t> rows, std::span<const double> values,
                   std::string_view name = {});
  // Appends a row lower <= sum values[k] x[cols[k]] <= upper; cols are existing columns,
  // each at most once; zeros are dropped; `name` empty = "R<index>".
  Error add_row(double lower, double upper, std::span<const std::int32_t> cols,
                std::span<const double> values, std::string_view name = {});
  Error set_sense(Sense sense);
  Error set_objective_offset(double offset);
  std::int32_t num_cols() const;
  std::int32_t num_rows() const;
  std::int64_t num_nonzeros() const;
  // The model as arrays (empty when there is none).
  Error get_model(ModelData& out) const;

  // ---- Options, by the names of the options table (`lsmip --help`).
  // Errors: kUnknownOption, kBadValue; the message names the option and the allowed values.
  Error set_option(std::string_view name, std::string_view value_text);
  Error set_bool_option(std::string_view name, bool value);
  Error set_int_option(std::string_view name, std::int64_t value);
  Error set_double_option(std::string_view name, double value);
  Error set_string_option(std::string_view name, std::string_view value);
  Error get_option(std::string_view name, std::string& value_text) const;
  // Reads "name = value" lines, as --options-file does.
  Error read_options_file(const std::string& path);

  // ---- Solving.
  // One value per column, NaN = unspecified; empty removes the warm start.
  Error set_initial_solution(std::span<const double> x);
  // Installs the callback (an empty one removes it).
  Error set_callback(Callback callback);
  // Runs until a limit, interrupt, goal or proof. kOk when the run ended normally, with or
  // without a solution (see result()); the result is also filled after kCallback,
  // kOutOfMemory and kInternal.
  Error solve();
  // Asks a running (or the next) solve to stop. Thread-safe and async-signal-safe (it sets
  // an atomic flag); the flag is cleared when solve() returns.
  void interrupt() noexcept;
  const SolveResult& result() const;
  // The best solution in the MIPLIB format, written atomically. kNoSolution if none.
  Error write_solution(const std::string& path) const;

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace lsmip

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
// any thread may call while read_model() or solve() runs. Callbacks run on the
// solver's threads, one at a time; from a callback, interrupt() and the const
// members may be called on the same object (calls that would change it return
// kBusy).
//
// An application such as the lsmip command line builds on the same object: the
// option table (option_table()) for its arguments and help, set_clock() and
// set_terminator() for its own wall clock and signals, the result callback to
// write its outputs before the workers are torn down, and the reports
// (statistics, solution check, JSON report, summary).
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
  kInterrupted = LSMIP_ERROR_INTERRUPTED,
};

// The outcome of a call: kOk, or a code and a message naming what was wrong. A message
// about a place in a file reads "FILE:LINE: error: ..." (or "FILE: error: ..."), as
// compilers write it; other messages are a bare phrase ("option 'seed' must be in ...").
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
  std::string error;                       // an internal error that ended the run ("" = none)
  bool warm_start = false;                 // an initial solution was given
  bool warm_start_feasible = false;        // ... and it was feasible
  bool warm_start_repaired = false;        // ... infeasible, and the search repaired it
};

// What a callback sees (objectives exact, in the model's sense). The views are
// valid during the call only.
struct Event {
  enum class Kind : int {
    kLog = LSMIP_EVENT_LOG,              // a line of the log of read_model() or solve()
    kIncumbent = LSMIP_EVENT_INCUMBENT,  // a new best verified solution
    kProgress = LSMIP_EVENT_PROGRESS,    // about every 1e6 work units of a worker
  };
  Kind kind = Kind::kLog;
  std::string_view message;  // kLog: one line without newline
  double seconds = 0;
  double work = 0;
  double objective = std::numeric_limits<double>::quiet_NaN();  // best so far; NaN = none
  std::string_view source;   // kIncumbent
  std::span<const double> x;  // kIncumbent: the solution, one value per column
};

// Returns true to request a stop (like interrupt()). Must not throw; if it does, the run
// stops and solve() returns kCallback.
using Callback = std::function<bool(const Event&)>;

// Receives the final result of a solve() (the same as result() then), once, on solve()'s own
// thread, as soon as it is known and before the workers are torn down (ending a CBC search
// can take a few tenths of a second): the moment to write the outputs. Called one at a time
// with the Callback. Must not throw; if it does, solve() returns kCallback.
using ResultCallback = std::function<void(const SolveResult&)>;

// ---- The option table: every option, as `lsmip --help` and docs/options.md show it.
enum class OptionKind : int {
  kSwitch,   // true or false
  kChoice,   // one of `choices`
  kInteger,  // a whole number in [min, max]
  kNumber,   // a number in [min, max]; "inf" and "-inf" where the range allows them
  kText,     // any text (a file name)
};

struct OptionInfo {
  std::string name;                  // snake_case, e.g. "time_limit" (set_option takes dashes too)
  OptionKind kind = OptionKind::kText;
  bool boolean = false;              // a truth value (kSwitch, or the choice on|off): set_bool_option
  std::string default_text;          // the default, as get_option() writes values
  std::vector<std::string> choices;  // kChoice: the allowed values, in order
  double min = 0, max = 0;           // kInteger, kNumber: the allowed range
  std::string group;                 // "limits", "output", ...: a group's options are adjacent
  std::string help;                  // one paragraph without newlines
};

// Every option, in the table's order.
LSMIP_API Error option_table(std::vector<OptionInfo>& out);

// The result of check_solution_file().
struct SolutionCheck {
  bool claim = false;             // false: the file says "=infeas=" and gives no value
  bool feasible = false;          // bounds, integrality and rows within feas_tol and int_tol
  bool objective_matches = true;  // the file's "=obj=" value, if any, agrees with `objective`
  double objective = std::numeric_limits<double>::quiet_NaN();  // recomputed, offset included
  std::int32_t columns_given = 0; // columns the file assigns; the others count as 0
  std::string text;               // human report naming the worst bound, integer and row
  std::string json;               // the same as one JSON object
  bool ok() const { return claim && feasible && objective_matches; }
};

// What write_solution() does when there is no solution.
enum class IfNoSolution : int {
  kError,        // returns kNoSolution and writes nothing
  kWriteMarker,  // writes the MIPLIB marker "=infeas=" (no solution) and returns kOk
};

// The form of a report.
enum class Format : int { kText, kJson };

// Replaces `path` by `content` so that no reader ever sees a partial file, as
// Solver::write_solution() writes: a temporary file in the same folder, flushed and renamed
// over `path` (a symlink is written through, a pipe or device written directly). For an
// application's own outputs, such as the JSON report. Errors: kIo naming the file.
LSMIP_API Error write_atomically(const std::string& path, std::string_view content);

class LSMIP_API Solver {
 public:
  Solver();
  ~Solver();
  Solver(Solver&&) noexcept;
  Solver& operator=(Solver&&) noexcept;
  Solver(const Solver&) = delete;
  Solver& operator=(const Solver&) = delete;

  // ---- The model.
  // Replaces the model by the file's: MPS (fixed or free) or CPLEX LP, plain or compressed
  // with gzip, bzip2 or xz (found from the content), from a file, a pipe or standard input
  // ("-"). The format is the option `format` (auto: by the name, else by the content), read
  // with mps_format and mps_negative_upper; the reader's warnings go to the callback as kLog
  // events. The read stops at interrupt(), at the terminator and when the clock reaches
  // time_limit. Errors: kIo, kFormat ("FILE:LINE: error: ..."), kInterrupted ("reading
  // stopped at FILE:LINE by ..."), kOutOfMemory; on error the previous model is kept.
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
  // Writes the model, atomically like write_solution(), so that other solvers can be run on
  // it: CPLEX LP when the path ends in ".lp" or ".lp.gz", free MPS otherwise (the forms
  // src/io/lp_writer.h and mps_writer.h describe); gzip-compressed when it ends in ".gz".
  // read_model() reads either back into the same arrays. Errors: kNoModel, kFormat (a name
  // the format cannot hold: whitespace for MPS; for LP also a leading digit or '.', a
  // character such as '-', '+', '<', '>', ':', '[', or the names inf and nan; or a
  // compression other than gzip, such as ".bz2"), kIo.
  Error write_model(const std::string& path) const;

  // ---- Options, by the names of the options table (`lsmip --help`).
  // Errors: kUnknownOption, kBadValue; the message names the option and the allowed values.
  Error set_option(std::string_view name, std::string_view value_text);
  Error set_bool_option(std::string_view name, bool value);
  Error set_int_option(std::string_view name, std::int64_t value);
  Error set_double_option(std::string_view name, double value);
  Error set_string_option(std::string_view name, std::string_view value);
  Error get_option(std::string_view name, std::string& value_text) const;
  // Typed getters. Errors: kUnknownOption; kBadValue when the option has another type (an
  // integer option may be read as a double, an on|off choice as a bool).
  Error get_bool_option(std::string_view name, bool& value) const;
  Error get_int_option(std::string_view name, std::int64_t& value) const;
  Error get_double_option(std::string_view name, double& value) const;
  // Reads "name = value" lines ('#' starts a comment), as --options-file does. Errors carry
  // "FILE:LINE: error: "; on error no option changes.
  Error read_options_file(const std::string& path);

  // ---- Solving.
  // One value per column, NaN = unspecified; empty removes the warm start.
  Error set_initial_solution(std::span<const double> x);
  // Installs the callback (an empty one removes it).
  Error set_callback(Callback callback);
  // Installs the result callback (an empty one removes it).
  Error set_result_callback(ResultCallback callback);
  // The clock of the runs: seconds since the caller's run began (thread-safe, never
  // decreasing). time_limit, the times of the log, the events and the result are then on
  // it, so that a limit can count the reading of the model too. Empty (the default): each
  // read_model() and solve() starts a clock of its own at 0.
  Error set_clock(std::function<double()> clock);
  // A stop condition polled often while read_model() or solve() runs, from any of the
  // solver's threads: true ends the call as interrupt() does (e.g. a flag a signal handler
  // sets). It must be cheap, thread-safe and must not throw. Empty (the default): none.
  Error set_terminator(std::function<bool()> terminator);
  // Runs until a limit, interrupt, goal or proof. kOk when the run ended normally, with or
  // without a solution (see result()); the result is also filled after kCallback,
  // kOutOfMemory and kInternal. The option initial_solution, when no warm start was set, is
  // read first (a log line says how many columns it gives; errors kIo, kFormat).
  Error solve();
  // Asks a running (or the next) read_model() or solve() to stop. Thread-safe and
  // async-signal-safe (it sets an atomic flag); the flag is cleared when solve() returns and
  // when read_model() stops for it.
  void interrupt() noexcept;
  const SolveResult& result() const;
  // The best solution in the MIPLIB format ("=obj= VALUE", then "NAME VALUE" per column),
  // written atomically: a temporary file in the same folder renamed over `path` (a symlink
  // is written through, a pipe or device directly). Without a solution: see IfNoSolution.
  Error write_solution(const std::string& path, IfNoSolution if_none = IfNoSolution::kError) const;
  // Writes `x` (one value per column; `objective` in the model's sense) the same way, e.g.
  // the values of a kIncumbent event. Errors: kNoModel, kInvalidArgument (size), kIo.
  Error write_solution(const std::string& path, std::span<const double> x, double objective) const;

  // ---- Reports.
  // Statistics of the model: sizes, column and row types, coefficient ranges. kText: a
  // multi-line summary (lines end in '\n'); kJson: one JSON object. kNoModel if none.
  Error model_statistics(Format format, std::string& out) const;
  // Checks the MIPLIB solution file `path` against the model, with the options feas_tol and
  // int_tol (absent columns count as 0, as the MIPLIB checker has it). Errors: kNoModel,
  // kIo, kFormat (an unknown column, a malformed value: "FILE:LINE: error: ...").
  Error check_solution_file(const std::string& path, SolutionCheck& out) const;
  // Checks the assignment `x` (one value per column) the same way; `objective` (NaN = none)
  // is the claimed value. Errors: kNoModel, kInvalidArgument (size).
  Error check_solution(std::span<const double> x, double objective, SolutionCheck& out) const;
  // The JSON report of the last solve(), as `lsmip --json` writes it; `solution_written`
  // is recorded as the key of that name. Before any solve(): the report of an empty run.
  Error report_json(bool solution_written, std::string& json) const;
  // The JSON report of a run that ended before solve() could report: a model file that
  // cannot be read, a stop or out of memory while reading, a bad initial_solution file.
  // `reason`, `error` ("" = none) and `seconds` are recorded; the model is named when one
  // is loaded.
  Error failure_report_json(StopReason reason, std::string_view error, double seconds,
                            bool solution_written, std::string& json) const;
  // The closing summary of the last solve(): status, objective, bound and gap, times, moves
  // and a row per worker, as lines ending in '\n'.
  Error report_summary(std::string& text) const;

  struct Impl;

 private:
  friend class Ranks;  // joins the solver to the other ranks
  std::unique_ptr<Impl> impl_;
};

// ---- Several processes: the ranks of an MPI launch (`mpirun -np K lsmip solve MODEL`).
// Each rank runs its own portfolio (its own threads). A solver joined to the ranks
// (Ranks::join) shares solutions and the dual bound with the other ranks during the run
// (option rank_exchange) and ends with them; at the end of the run the ranks' best
// solutions meet at rank 0, which verifies the one it keeps. Without MPI (a build with
// LSMIP_WITH_MPI=OFF, or a process not started by an MPI launcher) there is one rank and no
// MPI call is made.

// The best solution of all ranks, as rank 0 sees it after Ranks::collect_best().
struct RankBest {
  bool has_solution = false;
  int rank = -1;                    // the rank that found it (lowest rank on a tie)
  std::vector<double> x;            // verified on rank 0's model
  double objective = std::numeric_limits<double>::quiet_NaN();
  std::vector<double> objectives;   // each rank's best (NaN = none), rank order
  // Each rank's account of its run, rank order (rank 0 only): a JSON object with the keys
  // "rank", "objective", "status", "stop_reason", "seconds", "workers" and "rank_exchange" of the
  // JSON report (docs/json-report.md).
  std::vector<std::string> reports;
};

class LSMIP_API Ranks {
 public:
  // Joins the MPI launch when the environment says there is one (Open MPI, PMIx, MPICH
  // variables); one object per process, made before any thread starts.
  Ranks();
  ~Ranks();  // leaves the launch
  Ranks(const Ranks&) = delete;
  Ranks& operator=(const Ranks&) = delete;
  int rank() const { return rank_; }
  int size() const { return size_; }
  bool with_mpi() const { return mpi_; }
  // Collective. Rank 0 reads `path` into `solver` (Solver::read_model); the others receive
  // the model, so that only rank 0 opens the file. A failed read on rank 0 is returned there
  // and reported to the others as kIo "rank 0 could not read the model".
  Error share_model(Solver& solver, const std::string& path);
  // Collective, before solve(): the solver's runs take part in the launch. Rank r's local
  // searches take the configurations after those of ranks 0..r-1, and, under the option
  // rank_exchange, every rank's solve() shares with the others in rounds and all end at
  // the same round (a limit, a signal, a proof or a goal on one rank ends every rank's run).
  // Every rank must then call solve() once, with the same model and options (seed apart).
  // The Ranks object must outlive the solver's runs. kInternal when the MPI library does not
  // allow calls from a second thread. Without a launch: nothing to do.
  Error join(Solver& solver);
  // Collective, after solve(): every rank's best at rank 0, which verifies it with
  // Solver::check_solution (an unverified one is dropped with its rank's own in its place
  // only when that one is better). On other ranks `out` has only `objectives`.
  Error collect_best(const Solver& solver, RankBest& out);
  // Ends every rank at once (a fault on one rank: no rank waits in a collective).
  [[noreturn]] void abort(int code);
  // Collective: this process leaves the launch (MPI_Finalize), e.g. as soon as the outputs
  // are written, so that no rank waits for another's teardown; no other call but abort()
  // may follow. The destructor calls it if it was not called.
  void finish();

 private:
  class Link;
  int rank_ = 0, size_ = 1;
  bool mpi_ = false;
  bool serialized_ = false;  // the MPI library allows calls from any one thread at a time
  bool finished_ = false;    // finish() was called
  int sense_ = 1;  // of the shared model: +1 minimise, -1 maximise
  std::unique_ptr<Link> link_;
};

}  // namespace lsmip

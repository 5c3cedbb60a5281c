// Error values for the whole library. lsmip never throws across module
// boundaries and never calls exit(): functions that can fail return a Status
// or a Result<T>. A Status carries a code, a message and, for input errors,
// the file and line where the problem was found, so the CLI can print the
// canonical "FILE:LINE: error: message" line.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace lsmip {

// What went wrong; the CLI maps each code to a fixed exit code (app/exit_codes.h).
enum class StatusCode : std::uint8_t {
  kOk = 0,
  kInputError,   // malformed model, solution or options file
  kUnsupported,  // valid input that uses a construct lsmip does not implement
  kIoError,      // file cannot be opened, read or written
  kUsageError,   // bad command line
  kInfeasible,   // the model is proven infeasible (e.g. lb > ub)
  kOutOfMemory,  // allocation failed or the memory limit was reached
  kInterrupted,  // stopped by the time limit or a signal before a result existed
  kInternal,     // a bug: an invariant did not hold
};

// Where in an input file an error was found (line 0 = whole file).
struct SourceLocation {
  std::string file;
  std::int64_t line = 0;
};

class Status {
 public:
  Status() = default;  // ok
  Status(StatusCode code, std::string message, SourceLocation where = {})
      : code_(code), message_(std::move(message)), where_(std::move(where)) {}

  static Status ok_status() { return {}; }
  bool ok() const { return code_ == StatusCode::kOk; }
  StatusCode code() const { return code_; }
  const std::string& message() const { return message_; }
  const SourceLocation& where() const { return where_; }

  // "file:line: error: message", or "file: error: message" without a line,
  // or "error: message" without a file.
  std::string to_string() const;

 private:
  StatusCode code_ = StatusCode::kOk;
  std::string message_;
  SourceLocation where_;
};

// A value or the Status that explains why there is none.
template <typename T>
class Result {
 public:
  Result(T value) : value_(std::move(value)) {}  // NOLINT: implicit on purpose
  Result(Status status) : status_(std::move(status)) {}  // NOLINT

  bool ok() const { return value_.has_value(); }
  const Status& status() const { return status_; }
  T& value() & { return *value_; }
  const T& value() const& { return *value_; }
  T&& value() && { return std::move(*value_); }
  T* operator->() { return &*value_; }
  const T* operator->() const { return &*value_; }

 private:
  std::optional<T> value_;
  Status status_;
};

// A token from the input as error messages echo it: in single quotes, each
// control byte (below 0x20, and DEL) written \xHH, and cut after
// kMaxEchoedToken bytes of the token with "..." appended, so a message stays
// one short printable line whatever the input holds.
inline constexpr std::size_t kMaxEchoedToken = 64;
std::string quote_token(std::string_view token);

}  // namespace lsmip

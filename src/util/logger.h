// The logger every component receives by reference; there is no global
// logger. Messages below the logger's level are dropped. Output goes to a
// stdio stream (stdout by default) or to a callback, so an embedding
// application can capture the log. Not thread-safe by itself: parallel
// workers must route messages through their owner.
#pragma once

#include <cstdarg>
#include <cstdio>
#include <functional>
#include <string>

namespace lsmip {

enum class LogLevel : int { kQuiet = 0, kNormal = 1, kVerbose = 2, kDebug = 3 };

class Logger {
 public:
  using Sink = std::function<void(const std::string&)>;

  explicit Logger(LogLevel level = LogLevel::kNormal, std::FILE* out = stdout)
      : level_(level), out_(out) {}

  void set_level(LogLevel level) { level_ = level; }
  LogLevel level() const { return level_; }
  // Sends every message to `sink` instead of the stream.
  void set_sink(Sink sink) { sink_ = std::move(sink); }
  bool enabled(LogLevel level) const { return static_cast<int>(level) <= static_cast<int>(level_); }

  // printf-style message at `level`; a newline is not added.
  void log(LogLevel level, const char* fmt, ...) __attribute__((format(printf, 3, 4)));
  // Convenience: normal-level informational line (newline added).
  void info(const char* fmt, ...) __attribute__((format(printf, 2, 3)));
  // A warning line, printed at normal level with the prefix "warning: ".
  void warning(const char* fmt, ...) __attribute__((format(printf, 2, 3)));
  // Number of warnings issued so far (also those dropped by the level).
  long warnings() const { return warnings_; }

 private:
  void emit(LogLevel level, const char* prefix, const char* fmt, va_list args, bool newline);

  LogLevel level_;
  std::FILE* out_;
  Sink sink_;
  long warnings_ = 0;
};

}  // namespace lsmip

// The logger every component receives by reference; there is no global
// logger. Messages below the logger's level are dropped. Output goes to a
// stdio stream (stdout by default) or to a callback, so an embedding
// application can capture the log. Thread-safe: messages from parallel workers
// come out whole, one at a time (a sink is called under the logger's lock).
#pragma once

#include <cstdarg>
#include <cstdio>
#include <atomic>
#include <functional>
#include <mutex>
#include <string>

namespace lsmip {

enum class LogLevel : int { kQuiet = 0, kNormal = 1, kVerbose = 2, kDebug = 3 };

class Logger {
 public:
  using Sink = std::function<void(const std::string&)>;

  explicit Logger(LogLevel level = LogLevel::kNormal, std::FILE* out = stdout)
      : level_(level), out_(out) {}

  void set_level(LogLevel level) { level_.store(level); }
  LogLevel level() const { return level_.load(); }
  // Sends every message to `sink` instead of the stream.
  // Set it before any worker thread logs.
  void set_sink(Sink sink) {
    std::lock_guard<std::mutex> lock(mu_);
    sink_ = std::move(sink);
  }
  bool enabled(LogLevel level) const { return static_cast<int>(level) <= static_cast<int>(level_.load()); }

  // printf-style message at `level`; a newline is not added.
  void log(LogLevel level, const char* fmt, ...) __attribute__((format(printf, 3, 4)));
  // Convenience: normal-level informational line (newline added).
  void info(const char* fmt, ...) __attribute__((format(printf, 2, 3)));
  // A warning line, printed at normal level with the prefix "warning: ".
  void warning(const char* fmt, ...) __attribute__((format(printf, 2, 3)));
  // Number of warnings issued so far (also those dropped by the level).
  long warnings() const { return warnings_.load(); }

 private:
  void emit(LogLevel level, const char* prefix, const char* fmt, va_list args, bool newline);

  std::atomic<LogLevel> level_;
  std::FILE* out_;
  std::mutex mu_;
  Sink sink_;
  std::atomic<long> warnings_{0};
};

}  // namespace lsmip

// The command line's log: its own lines and, through the solver's callback, the
// library's, all on stdout and flushed line by line (a pipe sees each at once).
// Each line is one stdio call, so lines from the solver's threads come out whole.
#pragma once

#include <string_view>

namespace lsmip::app {

class Log {
 public:
  // `level` is option log_level: 0 quiet, 1 normal, 2 verbose, 3 debug.
  explicit Log(long long level) : level_(level) {}
  bool normal() const { return level_ >= 1; }

  // printf-style line at the normal level (the newline is added).
  void info(const char* fmt, ...) const __attribute__((format(printf, 2, 3)));
  // The same with the prefix "warning: ".
  void warning(const char* fmt, ...) const __attribute__((format(printf, 2, 3)));
  // Text of whole lines (each ending in '\n') at the normal level, as it is.
  void text(std::string_view text) const;
  // A line of the library's log (its level is applied by the library): printed as it is.
  static void library_line(std::string_view line);

 private:
  long long level_;
};

}  // namespace lsmip::app

#include "util/logger.h"

#include <vector>

namespace lsmip {

void Logger::emit(LogLevel level, const char* prefix, const char* fmt, va_list args,
                  bool newline) {
  if (!enabled(level)) return;
  va_list copy;
  va_copy(copy, args);
  const int n = std::vsnprintf(nullptr, 0, fmt, copy);
  va_end(copy);
  if (n < 0) return;
  std::string text(prefix);
  const std::size_t at = text.size();
  text.resize(at + static_cast<std::size_t>(n) + 1);
  std::vsnprintf(text.data() + at, static_cast<std::size_t>(n) + 1, fmt, args);
  text.resize(at + static_cast<std::size_t>(n));
  if (newline) text += '\n';
  std::lock_guard<std::mutex> lock(mu_);
  if (sink_) {
    sink_(text);
  } else if (out_ != nullptr) {
    std::fputs(text.c_str(), out_);
    std::fflush(out_);
  }
}

void Logger::log(LogLevel level, const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  emit(level, "", fmt, args, false);
  va_end(args);
}

void Logger::info(const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  emit(LogLevel::kNormal, "", fmt, args, true);
  va_end(args);
}

void Logger::warning(const char* fmt, ...) {
  ++warnings_;
  va_list args;
  va_start(args, fmt);
  emit(LogLevel::kNormal, "warning: ", fmt, args, true);
  va_end(args);
}

}  // namespace lsmip

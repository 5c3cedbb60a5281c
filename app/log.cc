#include "log.h"

#include <cstdarg>
#include <cstdio>
#include <string>

namespace lsmip::app {
namespace {

void emit(const char* prefix, const char* fmt, va_list args) {
  va_list copy;
  va_copy(copy, args);
  const int n = std::vsnprintf(nullptr, 0, fmt, copy);
  va_end(copy);
  if (n < 0) return;
  std::string line(prefix);
  const std::size_t at = line.size();
  line.resize(at + static_cast<std::size_t>(n) + 1);
  std::vsnprintf(line.data() + at, static_cast<std::size_t>(n) + 1, fmt, args);
  line.back() = '\n';
  std::fputs(line.c_str(), stdout);
  std::fflush(stdout);
}

}  // namespace

void Log::info(const char* fmt, ...) const {
  if (!normal()) return;
  va_list args;
  va_start(args, fmt);
  emit("", fmt, args);
  va_end(args);
}

void Log::warning(const char* fmt, ...) const {
  if (!normal()) return;
  va_list args;
  va_start(args, fmt);
  emit("warning: ", fmt, args);
  va_end(args);
}

void Log::text(std::string_view text) const {
  if (!normal() || text.empty()) return;
  std::fwrite(text.data(), 1, text.size(), stdout);
  std::fflush(stdout);
}

void Log::library_line(std::string_view line) {
  std::fprintf(stdout, "%.*s\n", static_cast<int>(line.size()), line.data());
  std::fflush(stdout);
}

}  // namespace lsmip::app

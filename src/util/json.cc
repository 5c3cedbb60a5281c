#include "util/json.h"

#include "util/number_format.h"

#include <cmath>
#include <cstdio>

namespace lsmip::json {

namespace {

// Length of the well-formed UTF-8 sequence at s[k] (1-4), or 0 when the bytes
// there are not one (a stray continuation byte, an overlong form, a surrogate,
// a code point above U+10FFFF, or a sequence cut short).
std::size_t utf8_length(std::string_view s, std::size_t k) {
  const auto b = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
  const unsigned c = b(k);
  if (c < 0x80) return 1;
  std::size_t n = 0;
  unsigned lo = 0x80, hi = 0xBF;  // allowed range of the second byte
  if (c >= 0xC2 && c <= 0xDF) {
    n = 2;
  } else if (c >= 0xE0 && c <= 0xEF) {
    n = 3;
    if (c == 0xE0) lo = 0xA0;  // no overlong forms
    if (c == 0xED) hi = 0x9F;  // no surrogates
  } else if (c >= 0xF0 && c <= 0xF4) {
    n = 4;
    if (c == 0xF0) lo = 0x90;
    if (c == 0xF4) hi = 0x8F;  // at most U+10FFFF
  } else {
    return 0;
  }
  if (k + n > s.size()) return 0;
  if (b(k + 1) < lo || b(k + 1) > hi) return 0;
  for (std::size_t i = 2; i < n; ++i) {
    if (b(k + i) < 0x80 || b(k + i) > 0xBF) return 0;
  }
  return n;
}

}  // namespace

std::string quote(std::string_view s) {
  std::string out = "\"";
  char buf[8];
  for (std::size_t k = 0; k < s.size();) {
    const char c = s[k];
    switch (c) {
      case '"': out += "\\\""; ++k; continue;
      case '\\': out += "\\\\"; ++k; continue;
      case '\n': out += "\\n"; ++k; continue;
      case '\t': out += "\\t"; ++k; continue;
      case '\r': out += "\\r"; ++k; continue;
      default: break;
    }
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20) {
      std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(u));
      out += buf;
      ++k;
      continue;
    }
    const std::size_t n = utf8_length(s, k);
    if (n == 0) {
      // Not UTF-8: the byte as the code point of the same value (Latin-1).
      std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(u));
      out += buf;
      ++k;
      continue;
    }
    out.append(s.data() + k, n);
    k += n;
  }
  out += '"';
  return out;
}

std::string number(double v) {
  if (!std::isfinite(v)) return "null";
  return shortest(v);  // reads back to the same double
}

}  // namespace lsmip::json

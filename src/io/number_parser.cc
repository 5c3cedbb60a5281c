#include "io/number_parser.h"

#include <charconv>
#include <cmath>

#include "model/model.h"

namespace lsmip::io {
namespace {

// True when a decimal literal that from_chars found out of range is too large
// rather than too small: the decimal position of its leading nonzero digit
// plus its exponent is positive. `t` is unsigned with an 'e' exponent.
bool literal_overflows(std::string_view t) {
  std::int64_t magnitude = 0, zeros = 0;
  bool point = false, found = false;
  std::size_t i = 0;
  for (; i < t.size() && t[i] != 'e' && t[i] != 'E'; ++i) {
    if (t[i] == '.') {
      point = true;
    } else if (!found) {
      if (t[i] != '0') {
        found = true;
        magnitude = point ? -zeros : 1;
      } else if (point) {
        ++zeros;
      }
    } else if (!point) {
      ++magnitude;
    }
  }
  std::int64_t exponent = 0;
  bool negative = false;
  if (i < t.size()) {
    ++i;
    if (i < t.size() && (t[i] == '+' || t[i] == '-')) negative = t[i++] == '-';
    for (; i < t.size(); ++i) {
      if (exponent < 1000000000) exponent = exponent * 10 + (t[i] - '0');
    }
  }
  return magnitude + (negative ? -exponent : exponent) > 0;
}

}  // namespace

NumberParse parse_number(std::string_view token, double& out) {
  if (token.empty() || token.size() > 1024) return NumberParse::kInvalid;
  std::string_view t = token;
  bool negative = false;
  if (t.front() == '+' || t.front() == '-') {
    negative = t.front() == '-';
    t.remove_prefix(1);
    if (t.empty() || t.front() == '+' || t.front() == '-') return NumberParse::kInvalid;
  }
  char buf[1032];
  std::size_t n = 0;
  for (const char c : t) buf[n++] = (c == 'D' || c == 'd') ? 'e' : c;
  double v = 0;
  const auto [ptr, ec] = std::from_chars(buf, buf + n, v);
  if (ptr != buf + n) return NumberParse::kInvalid;
  if (ec == std::errc::result_out_of_range) {
    // Overflow reads as infinity; underflow as zero.
    v = literal_overflows(std::string_view(buf, n)) ? kInf : 0.0;
  } else if (ec != std::errc()) {
    return NumberParse::kInvalid;
  }
  if (std::isnan(v)) return NumberParse::kNaN;
  if (negative) v = -v;
  if (v >= kInfinityThreshold) v = kInf;
  if (v <= -kInfinityThreshold) v = -kInf;
  out = v + 0.0;  // turns -0 into +0
  return NumberParse::kOk;
}

}  // namespace lsmip::io

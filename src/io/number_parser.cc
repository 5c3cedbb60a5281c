#include "io/number_parser.h"

#include <charconv>
#include <cmath>

#include "model/model.h"

namespace lsmip::io {

NumberParse parse_number(std::string_view token, double& out) {
  if (token.empty() || token.size() > 64) return NumberParse::kInvalid;
  std::string_view t = token;
  bool negative = false;
  if (t.front() == '+' || t.front() == '-') {
    negative = t.front() == '-';
    t.remove_prefix(1);
    if (t.empty() || t.front() == '+' || t.front() == '-') return NumberParse::kInvalid;
  }
  char buf[72];
  std::size_t n = 0;
  for (const char c : t) buf[n++] = (c == 'D' || c == 'd') ? 'e' : c;
  double v = 0;
  const auto [ptr, ec] = std::from_chars(buf, buf + n, v);
  if (ptr != buf + n) return NumberParse::kInvalid;
  if (ec == std::errc::result_out_of_range) {
    // Overflow reads as infinity; underflow as zero.
    bool big = false;
    for (std::size_t i = 0; i < n; ++i) {
      if (buf[i] == 'e' || buf[i] == 'E') {
        big = i + 1 < n && buf[i + 1] != '-';
        break;
      }
    }
    v = big ? kInf : 0.0;
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

#include "util/status.h"

#include <algorithm>
#include <cstdio>

namespace lsmip {

std::string Status::to_string() const {
  std::string out;
  if (!where_.file.empty()) {
    out += where_.file;
    if (where_.line > 0) out += ":" + std::to_string(where_.line);
    out += ": ";
  }
  out += ok() ? "ok" : "error: ";
  if (!ok()) out += message_;
  return out;
}

std::string quote_token(std::string_view token) {
  std::string out = "'";
  const std::size_t n = std::min(token.size(), kMaxEchoedToken);
  for (std::size_t k = 0; k < n; ++k) {
    const auto c = static_cast<unsigned char>(token[k]);
    if (c < 0x20 || c == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02X", static_cast<unsigned>(c));
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  if (token.size() > n) out += "...";
  out += "'";
  return out;
}

}  // namespace lsmip

#include "util/status.h"

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

}  // namespace lsmip

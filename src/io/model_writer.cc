#include "io/model_writer.h"

#include <zlib.h>

#include <algorithm>
#include <cstddef>

#include "io/lp_writer.h"
#include "io/mps_writer.h"

namespace lsmip::io {
namespace {

bool ends_with_nocase(std::string_view s, std::string_view suffix) {
  if (s.size() < suffix.size()) return false;
  const std::string_view tail = s.substr(s.size() - suffix.size());
  return std::equal(tail.begin(), tail.end(), suffix.begin(), [](char a, char b) {
    return (a >= 'A' && a <= 'Z' ? static_cast<char>(a - 'A' + 'a') : a) == b;
  });
}

}  // namespace

Result<std::string> gzip_compress(std::string_view text) {
  z_stream z{};
  // 15 + 16: a gzip header and trailer around the deflate data.
  if (deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
    return Status(StatusCode::kOutOfMemory, "cannot start gzip compression (out of memory)");
  }
  std::string out;
  std::size_t pos = 0;
  int rc = Z_OK;
  char buf[1 << 16];
  do {
    // zlib's lengths are 32-bit: hand the input over in pieces.
    const std::size_t piece = std::min<std::size_t>(text.size() - pos, 1u << 30);
    if (z.avail_in == 0) {
      z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data() + pos));
      z.avail_in = static_cast<uInt>(piece);
      pos += piece;
    }
    const int flush = pos == text.size() ? Z_FINISH : Z_NO_FLUSH;
    do {
      z.next_out = reinterpret_cast<Bytef*>(buf);
      z.avail_out = sizeof buf;
      rc = deflate(&z, flush);
      if (rc == Z_STREAM_ERROR) {
        deflateEnd(&z);
        return Status(StatusCode::kInternal, "gzip compression failed");
      }
      out.append(buf, sizeof buf - z.avail_out);
    } while (z.avail_out == 0);
  } while (rc != Z_STREAM_END);
  deflateEnd(&z);
  return out;
}

Result<std::string> format_model_for(const Model& model, std::string_view path) {
  for (const char* other : {".bz2", ".xz", ".zst", ".zip"}) {
    if (ends_with_nocase(path, other)) {
      return Status(StatusCode::kUnsupported, "cannot write '" + std::string(path) +
                                                  "': lsmip writes models plain or gzip-compressed (.gz) only");
    }
  }
  const bool gz = ends_with_nocase(path, ".gz");
  const std::string_view stem = gz ? path.substr(0, path.size() - 3) : path;
  Result<std::string> text = ends_with_nocase(stem, ".lp") ? format_lp(model) : format_mps(model);
  if (!text.ok() || !gz) return text;
  return gzip_compress(text.value());
}

}  // namespace lsmip::io

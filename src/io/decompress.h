// Compressed input shared by the readers: the compression a file's first bytes
// show (its content, never its name), and streaming decoders for gzip (zlib),
// bzip2 (libbz2) and xz (liblzma). Each decoder accepts concatenated streams as
// the command-line tools write them (`cat a.gz b.gz`, `xz` stream padding) and
// insists on a complete last stream: input that ends inside a stream, damaged
// data, a failed CRC or integrity check, and bytes after the last stream that
// do not begin another one are errors. zstd and zip are recognised only to be
// refused with a message naming them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "util/status.h"

namespace lsmip::io {

enum class Compression : std::uint8_t { kNone, kGzip, kBzip2, kXz, kZstd, kZip };

// detect_compression() decides from this many leading bytes (fewer only when
// the input is shorter).
inline constexpr std::size_t kMagicBytes = 6;

// The compression `head` (the input's first bytes) starts with; kNone for
// anything else, plain text included.
Compression detect_compression(std::string_view head);
// "gzip", "bzip2", "xz", "zstd", "zip"; "plain" for kNone.
const char* compression_name(Compression c);
// True for the ones lsmip decodes: kNone, kGzip, kBzip2, kXz.
bool can_decode(Compression c);
// The kUnsupported error for input compressed with `c` (one can_decode() refuses),
// naming the compression and located at `file` (line 0).
Status unsupported_compression(Compression c, const std::string& file);

// Decodes one input, fed in pieces of any size. Not copyable; one per input.
class Decoder {
 public:
  // The decoder for `c`; nullptr when !can_decode(c).
  static std::unique_ptr<Decoder> create(Compression c);
  virtual ~Decoder() = default;

  // Decodes from the front of `in` (consumed bytes are removed from it) into
  // out[0, capacity), capacity > 0; `last` says that no input follows `in`.
  // Returns the bytes written, 0 only when `in` is used up and either more
  // input is needed (!last) or the input ended cleanly at the end of a stream
  // (last). Errors are kInputError without a location (the caller names the
  // file and line); output decoded before an error is returned first and the
  // error on the next call.
  virtual Result<std::size_t> decode(std::string_view& in, char* out, std::size_t capacity,
                                     bool last) = 0;
};

// Decodes all of `data`, compressed with `c` (can_decode(c)). Polls `stop`
// (when set) between blocks of output; when it returns true, decoding ends
// with kInterrupted. Errors are located at `file`, line 0.
Result<std::string> decompress(std::string_view data, Compression c, const std::string& file,
                               const std::function<bool()>& stop);

}  // namespace lsmip::io

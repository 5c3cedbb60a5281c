#include "io/decompress.h"

#include <bzlib.h>
#include <lzma.h>
#include <zlib.h>

#include <algorithm>
#include <climits>
#include <cstring>
#include <utility>

namespace lsmip::io {
namespace {

constexpr const char* kGzipDamaged =
    "compressed input is truncated or corrupt (the gzip data or its trailer, CRC and length, is "
    "cut short or damaged)";

Status input_error(std::string message) { return Status(StatusCode::kInputError, std::move(message)); }

// The largest piece a zlib or libbz2 call takes: their lengths are 32-bit.
std::size_t piece(std::size_t n) { return std::min<std::size_t>(n, UINT_MAX); }

// The bookkeeping every decoder shares: an error found after some output was
// produced waits for the next call, so the caller gets that output first.
class DecoderBase : public Decoder {
 protected:
  // Returns `written` when there is some, keeping `error` for the next call.
  Result<std::size_t> fail(std::size_t written, Status error) {
    if (written > 0) {
      pending_ = std::move(error);
      return written;
    }
    return error;
  }
  bool has_pending() const { return !pending_.ok(); }
  Status take_pending() { return std::exchange(pending_, Status()); }

 private:
  Status pending_;
};

class PlainDecoder final : public Decoder {
 public:
  Result<std::size_t> decode(std::string_view& in, char* out, std::size_t capacity, bool) override {
    const std::size_t n = std::min(in.size(), capacity);
    std::memcpy(out, in.data(), n);
    in.remove_prefix(n);
    return n;
  }
};

class GzipDecoder final : public DecoderBase {
 public:
  GzipDecoder() { ready_ = inflateInit2(&zs_, 16 + MAX_WBITS) == Z_OK; }
  ~GzipDecoder() override {
    if (ready_) inflateEnd(&zs_);
  }

  Result<std::size_t> decode(std::string_view& in, char* out, std::size_t capacity, bool last) override {
    if (has_pending()) return take_pending();
    if (!ready_) return input_error("cannot start gzip decompression (out of memory)");
    std::size_t written = 0;
    while (written < capacity) {
      if (in.empty()) {
        if (!last || member_ended_ || written > 0) return written;
        return input_error(kGzipDamaged);  // the input ends inside a member
      }
      if (member_ended_) {
        inflateReset(&zs_);  // another member follows (as `cat a.gz b.gz` makes)
        member_ended_ = false;
      }
      const std::size_t offered = piece(in.size());
      zs_.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
      zs_.avail_in = static_cast<uInt>(offered);
      zs_.next_out = reinterpret_cast<Bytef*>(out + written);
      zs_.avail_out = static_cast<uInt>(piece(capacity - written));
      const uInt room = zs_.avail_out;
      const int ret = inflate(&zs_, Z_NO_FLUSH);
      in.remove_prefix(offered - zs_.avail_in);
      written += room - zs_.avail_out;
      if (ret == Z_STREAM_END) {
        member_ended_ = true;
      } else if (ret != Z_OK) {
        // Z_BUF_ERROR cannot happen with input and room offered; anything else is damage.
        return fail(written, input_error(kGzipDamaged));
      }
    }
    return written;
  }

 private:
  z_stream zs_{};
  bool ready_ = false;
  bool member_ended_ = false;
};

class Bzip2Decoder final : public DecoderBase {
 public:
  ~Bzip2Decoder() override {
    if (active_) BZ2_bzDecompressEnd(&bs_);
  }

  Result<std::size_t> decode(std::string_view& in, char* out, std::size_t capacity, bool last) override {
    if (has_pending()) return take_pending();
    std::size_t written = 0;
    while (written < capacity) {
      if (in.empty()) {
        if (!last || (!active_ && streams_ > 0) || written > 0) return written;
        return input_error(
            "compressed input is truncated: the bzip2 stream ends before its end-of-stream marker "
            "and CRC");
      }
      if (!active_) {
        bs_ = bz_stream{};
        if (BZ2_bzDecompressInit(&bs_, 0, 0) != BZ_OK) {
          return fail(written, input_error("cannot start bzip2 decompression (out of memory)"));
        }
        active_ = true;
      }
      const std::size_t offered = piece(in.size());
      bs_.next_in = const_cast<char*>(in.data());
      bs_.avail_in = static_cast<unsigned>(offered);
      bs_.next_out = out + written;
      bs_.avail_out = static_cast<unsigned>(piece(capacity - written));
      const unsigned room = bs_.avail_out;
      const int ret = BZ2_bzDecompress(&bs_);
      in.remove_prefix(offered - bs_.avail_in);
      written += room - bs_.avail_out;
      if (ret == BZ_STREAM_END) {
        BZ2_bzDecompressEnd(&bs_);
        active_ = false;
        ++streams_;
      } else if (ret != BZ_OK) {
        const bool after_end = ret == BZ_DATA_ERROR_MAGIC && streams_ > 0;
        return fail(written, input_error(
            after_end ? "compressed input is corrupt: the data after the end of the bzip2 stream "
                        "is not another bzip2 stream"
            : ret == BZ_MEM_ERROR
                ? "bzip2 decompression ran out of memory"
                : "compressed input is corrupt: bzip2 data error (a damaged block or a CRC "
                  "mismatch)"));
      }
    }
    return written;
  }

 private:
  bz_stream bs_{};
  bool active_ = false;
  int streams_ = 0;  // streams decoded to their end
};

class XzDecoder final : public DecoderBase {
 public:
  XzDecoder() {
    // LZMA_CONCATENATED: several .xz streams (and stream padding) in a row, as xz reads them.
    ready_ = lzma_stream_decoder(&ls_, UINT64_MAX, LZMA_CONCATENATED) == LZMA_OK;
  }
  ~XzDecoder() override { lzma_end(&ls_); }

  Result<std::size_t> decode(std::string_view& in, char* out, std::size_t capacity, bool last) override {
    if (has_pending()) return take_pending();
    if (!ready_) return input_error("cannot start xz decompression (out of memory)");
    std::size_t written = 0;
    while (written < capacity && !finished_) {
      if (in.empty() && !last) return written;
      ls_.next_in = reinterpret_cast<const std::uint8_t*>(in.data());
      ls_.avail_in = in.size();
      ls_.next_out = reinterpret_cast<std::uint8_t*>(out + written);
      ls_.avail_out = capacity - written;
      const std::size_t offered = in.size(), room = capacity - written;
      // LZMA_FINISH once all the input is there: only then does the decoder check that
      // the last stream is complete.
      const lzma_ret ret = lzma_code(&ls_, last ? LZMA_FINISH : LZMA_RUN);
      in.remove_prefix(offered - ls_.avail_in);
      const std::size_t produced = room - ls_.avail_out;
      written += produced;
      if (ret == LZMA_STREAM_END) {
        finished_ = true;
      } else if (ret == LZMA_OK) {
        // With all the input offered, a second call in a row that moves nothing means the
        // stream stops short (liblzma would answer LZMA_BUF_ERROR next).
        const bool stalled = produced == 0 && offered == ls_.avail_in;
        stalls_ = stalled ? stalls_ + 1 : 0;
        if (stalled && last && stalls_ >= 2) return fail(written, truncated());
      } else if (ret == LZMA_BUF_ERROR) {
        return fail(written, truncated());
      } else {
        return fail(written, input_error(
            ret == LZMA_MEM_ERROR ? "xz decompression ran out of memory"
            : ret == LZMA_OPTIONS_ERROR
                ? "compressed input uses xz options this liblzma does not support"
                : "compressed input is corrupt: xz data error (damaged data, a failed integrity "
                  "check, or data after the end of the xz stream)"));
      }
    }
    return written;
  }

 private:
  static Status truncated() {
    return input_error("compressed input is truncated: the xz stream ends before its index and footer");
  }

  lzma_stream ls_{};
  bool ready_ = false;
  bool finished_ = false;
  int stalls_ = 0;
};

}  // namespace

Compression detect_compression(std::string_view head) {
  auto starts = [&](std::string_view magic) { return head.substr(0, magic.size()) == magic; };
  if (starts("\x1F\x8B")) return Compression::kGzip;
  // "BZh" and the block size, '1' to '9'.
  if (starts("BZh") && head.size() >= 4 && head[3] >= '1' && head[3] <= '9') return Compression::kBzip2;
  if (starts(std::string_view("\xFD" "7zXZ\0", 6))) return Compression::kXz;
  if (starts("\x28\xB5\x2F\xFD")) return Compression::kZstd;
  if (starts("PK\x03\x04")) return Compression::kZip;
  return Compression::kNone;
}

const char* compression_name(Compression c) {
  switch (c) {
    case Compression::kNone: return "plain";
    case Compression::kGzip: return "gzip";
    case Compression::kBzip2: return "bzip2";
    case Compression::kXz: return "xz";
    case Compression::kZstd: return "zstd";
    case Compression::kZip: return "zip";
  }
  return "unknown";
}

bool can_decode(Compression c) {
  return c == Compression::kNone || c == Compression::kGzip || c == Compression::kBzip2 ||
         c == Compression::kXz;
}

Status unsupported_compression(Compression c, const std::string& file) {
  const std::string name = compression_name(c);
  const std::string how = c == Compression::kZip ? "unzip -p FILE" : name + " -dc FILE";
  return Status(StatusCode::kUnsupported,
                "the input is " + name + "-compressed; lsmip reads plain, gzip, bzip2 and xz files: "
                "decompress it first, or pipe it in (e.g. " + how + " | lsmip -)",
                {file, 0});
}

std::unique_ptr<Decoder> Decoder::create(Compression c) {
  switch (c) {
    case Compression::kNone: return std::make_unique<PlainDecoder>();
    case Compression::kGzip: return std::make_unique<GzipDecoder>();
    case Compression::kBzip2: return std::make_unique<Bzip2Decoder>();
    case Compression::kXz: return std::make_unique<XzDecoder>();
    case Compression::kZstd:
    case Compression::kZip: return nullptr;
  }
  return nullptr;
}

Result<std::string> decompress(std::string_view data, Compression c, const std::string& file,
                               const std::function<bool()>& stop) {
  std::unique_ptr<Decoder> decoder = Decoder::create(c);
  if (!decoder) return unsupported_compression(c, file);
  std::string out;
  constexpr std::size_t kBlock = 1 << 20;
  for (;;) {
    if (stop && stop()) {
      return Status(StatusCode::kInterrupted, "reading stopped by the time limit or a signal", {file, 0});
    }
    const std::size_t at = out.size();
    out.resize(at + kBlock);
    Result<std::size_t> got = decoder->decode(data, out.data() + at, kBlock, true);
    if (!got.ok()) return Status(got.status().code(), got.status().message(), {file, 0});
    out.resize(at + got.value());
    if (got.value() == 0) return out;
  }
}

}  // namespace lsmip::io

// Reads a text file line by line, plain or compressed with gzip, bzip2 or xz
// (detected from the magic bytes, not from the file name; io/decompress.h), and
// refuses zstd and zip with a message naming them. Lines are returned as views
// into an internal buffer without their line terminator ("\n" or "\r\n"),
// valid until the next call. Counts lines from 1 for error messages.
//
// Guards against garbage input: a NUL byte (a binary file), a line longer
// than kMaxLineLength, and carriage returns other than one before "\n" (CR-only
// line ends, "\r\r\n") are reported as errors that name them.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "io/decompress.h"
#include "util/status.h"

namespace lsmip::io {

class LineReader {
 public:
  static constexpr std::size_t kMaxLineLength = 1 << 20;

  LineReader() = default;
  ~LineReader();
  LineReader(const LineReader&) = delete;
  LineReader& operator=(const LineReader&) = delete;

  // Opens `path`; "-" is not special, and a FIFO blocks here until it has a
  // writer (read those with read_if_not_regular). Errors: kIoError naming the
  // file. The compression is found at the first next(); zstd or zip input
  // then fails with kUnsupported.
  Status open(const std::string& path);
  // Reads from an in-memory buffer instead of a file (fuzzers, tests); the
  // text must outlive the reader. `name` is used in error messages.
  void open_buffer(std::string_view text, std::string name);

  // Polls `stop` every few thousand lines; when it returns true, reading ends
  // with a kInterrupted status (time limit or signal while reading).
  void set_stop_check(std::function<bool()> stop) { stop_ = std::move(stop); }

  // Next line in `line`. Returns false at end of input or on error; then
  // status() tells which (ok at a clean end).
  bool next(std::string_view& line);
  // Reads and discards the rest of the input, so that a compressed stream is
  // checked to its end (a missing or cut gzip trailer, CRC and length, or a
  // bzip2 or xz stream cut before its end, is an error even when the text
  // before it is complete). Polls the stop check like next(). Returns status().
  const Status& drain();
  const Status& status() const { return status_; }
  std::int64_t line_number() const { return line_number_; }
  const std::string& file_name() const { return name_; }
  // Uncompressed bytes consumed so far.
  std::uint64_t bytes_read() const { return bytes_; }

 private:
  bool refill();
  // Reads raw bytes from the file into raw_ (after what is unread there);
  // false at its end or on a read error (then status_ says so).
  bool read_raw();
  // Finds the compression from the first bytes and makes decoder_.
  bool start_decoding();
  // Counts the line `raw`, rejects NUL bytes and over-long lines, drops a
  // trailing '\r', and hands it out in `line`.
  bool accept(std::string_view raw, std::string_view& line);
  void fail(std::string message);

  int fd_ = -1;
  std::unique_ptr<Decoder> decoder_;  // made at the first refill()
  std::vector<char> raw_;             // bytes as read from the file, compressed or not
  std::size_t raw_begin_ = 0, raw_end_ = 0;
  bool raw_eof_ = false;
  std::string name_;
  std::vector<char> buffer_;
  std::string_view memory_;  // in-memory input, when not reading a file
  bool from_memory_ = false;
  std::size_t begin_ = 0, end_ = 0;  // unread bytes are buffer_[begin_, end_)
  bool eof_ = false;
  std::int64_t line_number_ = 0;
  std::uint64_t bytes_ = 0;
  Status status_;
  std::function<bool()> stop_;
};

// Reads the whole of `path` when it is not a regular file (a FIFO, a
// character device, a socket), without ever blocking for long: opens it with
// O_NONBLOCK (so a FIFO with no writer does not hang in open()) and waits for
// data with poll() in slices of kPollSliceMs, calling `stop` (if set) between
// slices; when it returns true, reading ends with kInterrupted. Compressed
// input (gzip, bzip2, xz, by the magic bytes) is decompressed, polling `stop`
// too; a stream cut short or damaged is an error, zstd and zip are refused
// (kUnsupported). Returns nullopt for a regular file (read it with LineReader), an
// error naming `path` when it cannot be opened or read.
inline constexpr int kPollSliceMs = 50;
Result<std::optional<std::string>> read_if_not_regular(const std::string& path,
                                                       const std::function<bool()>& stop);

// The start of a regular file's content: its compression and up to `n` bytes
// of its text, decompressed (fewer at its end). The text is empty when the
// file cannot be opened or read, or is compressed in a way lsmip does not
// decode: the reader reports that with its file and line.
struct FileHead {
  Compression compression = Compression::kNone;
  std::string text;
};
FileHead read_head(const std::string& path, std::size_t n);

}  // namespace lsmip::io

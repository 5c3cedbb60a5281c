// Reads a text file line by line, plain or gzip-compressed (detected from the
// magic bytes by zlib, not from the file name). Lines are returned as views
// into an internal buffer without their line terminator ("\n" or "\r\n"),
// valid until the next call. Counts lines from 1 for error messages.
//
// Guards against garbage input: a NUL byte (a binary file), a line longer
// than kMaxLineLength, and carriage returns other than one before "\n" (CR-only
// line ends, "\r\r\n") are reported as errors that name them.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "util/status.h"

namespace lsmip::io {

class LineReader {
 public:
  static constexpr std::size_t kMaxLineLength = 1 << 20;

  LineReader() = default;
  ~LineReader();
  LineReader(const LineReader&) = delete;
  LineReader& operator=(const LineReader&) = delete;

  // Opens `path`; "-" is not special. Errors: kIoError naming the file.
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
  // checked to its end (a missing or cut gzip trailer, CRC and length, is an
  // error even when the text before it is complete). Returns status().
  const Status& drain();
  const Status& status() const { return status_; }
  std::int64_t line_number() const { return line_number_; }
  const std::string& file_name() const { return name_; }
  // Uncompressed bytes consumed so far.
  std::uint64_t bytes_read() const { return bytes_; }

 private:
  bool refill();
  // Counts the line `raw`, rejects NUL bytes and over-long lines, drops a
  // trailing '\r', and hands it out in `line`.
  bool accept(std::string_view raw, std::string_view& line);
  void fail(std::string message);

  void* gz_ = nullptr;  // gzFile, opaque here to keep zlib out of the header
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
// slices; when it returns true, reading ends with kInterrupted. gzip input
// (magic bytes) is decompressed, and a stream cut before its trailer is an
// error. Returns nullopt for a regular file (read it with LineReader), an
// error naming `path` when it cannot be opened or read.
inline constexpr int kPollSliceMs = 50;
Result<std::optional<std::string>> read_if_not_regular(const std::string& path,
                                                       const std::function<bool()>& stop);

}  // namespace lsmip::io

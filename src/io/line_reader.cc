#include "io/line_reader.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace lsmip::io {
namespace {
constexpr std::size_t kChunk = 1 << 18;
}

LineReader::~LineReader() {
  if (fd_ >= 0) ::close(fd_);
}

Status LineReader::open(const std::string& path) {
  name_ = path;
  fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd_ < 0) {
    status_ = Status(StatusCode::kIoError, std::string("cannot open: ") + std::strerror(errno), {path, 0});
    return status_;
  }
  raw_.resize(kChunk);
  buffer_.resize(2 * kChunk);
  return Status::ok_status();
}

void LineReader::open_buffer(std::string_view text, std::string name) {
  name_ = std::move(name);
  memory_ = text;
  from_memory_ = true;
}

void LineReader::fail(std::string message) {
  status_ = Status(StatusCode::kInputError, std::move(message), {name_, line_number_});
}

bool LineReader::read_raw() {
  if (raw_begin_ > 0) {
    std::memmove(raw_.data(), raw_.data() + raw_begin_, raw_end_ - raw_begin_);
    raw_end_ -= raw_begin_;
    raw_begin_ = 0;
  }
  for (;;) {
    const ssize_t got = ::read(fd_, raw_.data() + raw_end_, raw_.size() - raw_end_);
    if (got > 0) {
      raw_end_ += static_cast<std::size_t>(got);
      return true;
    }
    if (got == 0) {
      raw_eof_ = true;
      return false;
    }
    if (errno == EINTR) continue;
    const int e = errno;
    raw_eof_ = true;
    ++line_number_;
    fail(std::string("read error: ") + std::strerror(e));
    --line_number_;
    return false;
  }
}

bool LineReader::start_decoding() {
  while (raw_end_ < kMagicBytes && !raw_eof_) {
    if (!read_raw() && !status_.ok()) return false;
  }
  const Compression c = detect_compression(std::string_view(raw_.data(), raw_end_));
  decoder_ = Decoder::create(c);
  if (!decoder_) {
    status_ = unsupported_compression(c, name_);
    return false;
  }
  return true;
}

bool LineReader::refill() {
  if (eof_) return false;
  if (!decoder_ && !start_decoding()) {
    eof_ = true;
    return false;
  }
  // Move the unread tail to the front, grow if a long line fills the buffer.
  if (begin_ > 0) {
    std::memmove(buffer_.data(), buffer_.data() + begin_, end_ - begin_);
    end_ -= begin_;
    begin_ = 0;
  }
  if (buffer_.size() - end_ < kChunk) buffer_.resize(buffer_.size() + 2 * kChunk);
  for (;;) {
    if (raw_begin_ == raw_end_ && !raw_eof_ && !read_raw() && !status_.ok()) {
      eof_ = true;
      return false;
    }
    std::string_view in(raw_.data() + raw_begin_, raw_end_ - raw_begin_);
    Result<std::size_t> got = decoder_->decode(in, buffer_.data() + end_, buffer_.size() - end_, raw_eof_);
    raw_begin_ = static_cast<std::size_t>(in.data() - raw_.data());
    if (!got.ok()) {
      ++line_number_;
      fail(got.status().message());
      --line_number_;
      eof_ = true;
      return false;
    }
    if (got.value() > 0) {
      end_ += got.value();
      return true;
    }
    if (raw_eof_) {  // the decoder saw the end and found the input complete
      eof_ = true;
      return false;
    }
  }
}

bool LineReader::accept(std::string_view raw, std::string_view& line) {
  ++line_number_;
  bytes_ += raw.size() + 1;
  if (std::memchr(raw.data(), '\0', raw.size()) != nullptr) {
    fail("NUL byte in input: this is not a text file");
    return false;
  }
  if (raw.size() > kMaxLineLength) {
    fail("line longer than " + std::to_string(kMaxLineLength) + " characters");
    return false;
  }
  if (!raw.empty() && raw.back() == '\r') raw.remove_suffix(1);
  if (const std::size_t cr = raw.find('\r'); cr != std::string_view::npos) {
    fail(cr + 1 == raw.size()
             ? "line ends with \"\\r\\r\\n\" (a doubled carriage return); use \"\\n\" or \"\\r\\n\""
             : "carriage return inside a line: CR-only line ends (\"\\r\") are not supported; "
               "use \"\\n\" or \"\\r\\n\"");
    return false;
  }
  line = raw;
  return true;
}

const Status& LineReader::drain() {
  if (from_memory_ || fd_ < 0 || !status_.ok()) return status_;
  while (!eof_) {
    if (stop_ && stop_()) {
      status_ = Status(StatusCode::kInterrupted, "reading stopped by the time limit or a signal",
                       {name_, line_number_});
      break;
    }
    begin_ = end_ = 0;
    if (!refill()) break;
  }
  return status_;
}

bool LineReader::next(std::string_view& line) {
  if (!status_.ok()) return false;
  if (stop_ && (line_number_ & 4095) == 0 && line_number_ > 0 && stop_()) {
    status_ = Status(StatusCode::kInterrupted, "reading stopped by the time limit or a signal",
                     {name_, line_number_});
    return false;
  }
  if (from_memory_) {
    if (memory_.empty()) return false;
    std::size_t nl = memory_.find('\n');
    const std::string_view raw = memory_.substr(0, nl);
    memory_ = nl == std::string_view::npos ? std::string_view() : memory_.substr(nl + 1);
    return accept(raw, line);
  }
  if (fd_ < 0) return false;
  std::size_t scanned = begin_;
  for (;;) {
    const char* start = buffer_.data() + scanned;
    const void* hit = std::memchr(start, '\n', end_ - scanned);
    if (hit != nullptr || (eof_ && end_ > begin_)) {
      const std::size_t stop =
          hit != nullptr ? static_cast<std::size_t>(static_cast<const char*>(hit) - buffer_.data())
                         : end_;
      const std::string_view raw(buffer_.data() + begin_, stop - begin_);
      begin_ = hit != nullptr ? stop + 1 : end_;
      // accept() also checks the length: a refill can bring in an over-long
      // line together with its newline, which the check below never sees.
      return accept(raw, line);
    }
    if (end_ - begin_ > kMaxLineLength) {
      ++line_number_;
      const bool cr = std::memchr(buffer_.data() + begin_, '\r', end_ - begin_) != nullptr;
      fail(cr ? "carriage return inside a line: CR-only line ends (\"\\r\") are not supported; "
                "use \"\\n\" or \"\\r\\n\""
              : "line longer than " + std::to_string(kMaxLineLength) + " characters");
      return false;
    }
    scanned = end_ - begin_;  // after refill() the unread bytes start at 0
    if (!refill()) {
      if (!status_.ok()) return false;
      if (end_ == begin_) return false;
      scanned = begin_;
      continue;
    }
  }
}

Result<std::optional<std::string>> read_if_not_regular(const std::string& path,
                                                       const std::function<bool()>& stop) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    return Status(StatusCode::kIoError, std::string("cannot open: ") + std::strerror(errno),
                  {path, 0});
  }
  struct stat st {};
  if (fstat(fd, &st) != 0 || S_ISREG(st.st_mode) || S_ISDIR(st.st_mode)) {
    ::close(fd);
    return std::optional<std::string>();  // LineReader reads (and reports) it
  }
  std::string data;
  char buf[1 << 16];
  for (;;) {
    if (stop && stop()) {
      ::close(fd);
      return Status(StatusCode::kInterrupted, "reading stopped by the time limit or a signal",
                    {path, 0});
    }
    pollfd p{fd, POLLIN, 0};
    const int ready = ::poll(&p, 1, kPollSliceMs);
    if (ready < 0 && errno != EINTR) break;
    if (ready <= 0) continue;
    const ssize_t got = ::read(fd, buf, sizeof buf);
    if (got > 0) {
      data.append(buf, static_cast<std::size_t>(got));
      continue;
    }
    if (got == 0) break;  // end of input (poll reported it: a writer came and went)
    if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) continue;
    const int e = errno;
    ::close(fd);
    return Status(StatusCode::kIoError, std::string("read error: ") + std::strerror(e), {path, 0});
  }
  ::close(fd);
  const Compression c = detect_compression(data);
  if (c != Compression::kNone) {
    Result<std::string> plain = decompress(data, c, path, stop);
    if (!plain.ok()) return plain.status();
    data = std::move(plain).value();
  }
  return std::optional<std::string>(std::move(data));
}

FileHead read_head(const std::string& path, std::size_t n) {
  FileHead head;
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return head;
  std::string raw;
  std::unique_ptr<Decoder> decoder;
  bool at_end = false;
  char buf[1 << 16];
  while (head.text.size() < n) {
    // Raw bytes are read while the magic bytes are incomplete or the decoder has used all.
    if (!at_end && (decoder ? raw.empty() : raw.size() < kMagicBytes)) {
      const ssize_t got = ::read(fd, buf, sizeof buf);
      if (got < 0 && errno == EINTR) continue;
      if (got < 0) break;
      at_end = got == 0;
      raw.append(buf, static_cast<std::size_t>(got));
      continue;
    }
    if (!decoder) {
      head.compression = detect_compression(raw);
      decoder = Decoder::create(head.compression);
      if (!decoder) break;
    }
    std::string_view in(raw);
    const std::size_t at = head.text.size();
    head.text.resize(n);
    Result<std::size_t> got = decoder->decode(in, head.text.data() + at, n - at, at_end);
    head.text.resize(at + (got.ok() ? got.value() : 0));
    raw.erase(0, raw.size() - in.size());
    if (!got.ok() || (got.value() == 0 && at_end)) break;
  }
  ::close(fd);
  if (!decoder) head.text.clear();
  return head;
}

}  // namespace lsmip::io

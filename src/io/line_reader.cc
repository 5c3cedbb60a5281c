#include "io/line_reader.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace lsmip::io {
namespace {
constexpr std::size_t kChunk = 1 << 18;
}

LineReader::~LineReader() {
  if (gz_ != nullptr) gzclose(static_cast<gzFile>(gz_));
}

Status LineReader::open(const std::string& path) {
  name_ = path;
  errno = 0;
  gzFile f = gzopen(path.c_str(), "rb");
  if (f == nullptr) {
    const char* why = errno != 0 ? std::strerror(errno) : "cannot open";
    status_ = Status(StatusCode::kIoError, std::string("cannot open: ") + why, {path, 0});
    return status_;
  }
  gzbuffer(f, 1 << 17);
  gz_ = f;
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

bool LineReader::refill() {
  if (eof_) return false;
  // Move the unread tail to the front, grow if a long line fills the buffer.
  if (begin_ > 0) {
    std::memmove(buffer_.data(), buffer_.data() + begin_, end_ - begin_);
    end_ -= begin_;
    begin_ = 0;
  }
  if (buffer_.size() - end_ < kChunk) buffer_.resize(buffer_.size() + 2 * kChunk);
  const int got = gzread(static_cast<gzFile>(gz_), buffer_.data() + end_,
                         static_cast<unsigned>(buffer_.size() - end_));
  if (got < 0) {
    int code = 0;
    const char* msg = gzerror(static_cast<gzFile>(gz_), &code);
    ++line_number_;
    fail(std::string("read error: ") + (msg != nullptr ? msg : "unknown"));
    --line_number_;
    eof_ = true;
    return false;
  }
  if (got == 0) {
    int code = 0;
    gzerror(static_cast<gzFile>(gz_), &code);
    eof_ = true;
    if (code != Z_OK) {
      ++line_number_;
      fail("compressed input is truncated or corrupt (the gzip data or its trailer, CRC and "
           "length, is cut short or damaged)");
      --line_number_;
    }
    return false;
  }
  end_ += static_cast<std::size_t>(got);
  return true;
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
  if (from_memory_ || gz_ == nullptr || !status_.ok()) return status_;
  while (!eof_) {
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
  if (gz_ == nullptr) return false;
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

namespace {

// Inflates a whole gzip stream (several members allowed); a stream that ends
// before a member's trailer is an error.
Status gunzip(const std::string& in, const std::string& path, std::string* out) {
  z_stream zs{};
  if (inflateInit2(&zs, 16 + MAX_WBITS) != Z_OK) {
    return Status(StatusCode::kIoError, "cannot start decompression", {path, 0});
  }
  std::string result;
  std::size_t fed = 0;
  bool complete = false;
  char buf[1 << 16];
  for (;;) {
    if (zs.avail_in == 0 && fed < in.size()) {
      const std::size_t n = std::min<std::size_t>(in.size() - fed, 1u << 30);
      zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data() + fed));
      zs.avail_in = static_cast<uInt>(n);
      fed += n;
    }
    zs.next_out = reinterpret_cast<Bytef*>(buf);
    zs.avail_out = sizeof buf;
    const int ret = inflate(&zs, Z_NO_FLUSH);
    result.append(buf, sizeof buf - zs.avail_out);
    if (ret == Z_STREAM_END) {
      if (zs.avail_in == 0 && fed == in.size()) {
        complete = true;
        break;
      }
      inflateReset(&zs);  // another member follows
      continue;
    }
    if (ret == Z_OK) continue;
    if (ret == Z_BUF_ERROR && (zs.avail_in > 0 || fed < in.size())) continue;
    break;  // input ended inside a member (no trailer), or corrupt data
  }
  inflateEnd(&zs);
  if (!complete) {
    return Status(StatusCode::kInputError,
                  "compressed input is truncated or corrupt (the gzip data or its trailer, CRC "
                  "and length, is cut short or damaged)",
                  {path, 0});
  }
  *out = std::move(result);
  return Status::ok_status();
}

}  // namespace

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
  if (data.size() >= 2 && static_cast<unsigned char>(data[0]) == 0x1f &&
      static_cast<unsigned char>(data[1]) == 0x8b) {
    std::string plain;
    if (Status s = gunzip(data, path, &plain); !s.ok()) return s;
    data = std::move(plain);
  }
  return std::optional<std::string>(std::move(data));
}

}  // namespace lsmip::io

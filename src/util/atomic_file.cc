#include "util/atomic_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace lsmip {

Status write_file_atomically(const std::string& path, std::string_view content) {
  const std::string tmp = path + ".tmp." + std::to_string(::getpid());
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) {
    return {StatusCode::kIoError, std::string("cannot create file: ") + std::strerror(errno),
            {path, 0}};
  }
  std::size_t done = 0;
  while (done < content.size()) {
    const ssize_t n = ::write(fd, content.data() + done, content.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      const int err = errno;
      ::close(fd);
      ::unlink(tmp.c_str());
      return {StatusCode::kIoError, std::string("cannot write file: ") + std::strerror(err),
              {path, 0}};
    }
    done += static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0 || ::close(fd) != 0) {
    const int err = errno;
    ::unlink(tmp.c_str());
    return {StatusCode::kIoError, std::string("cannot write file: ") + std::strerror(err),
            {path, 0}};
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    const int err = errno;
    ::unlink(tmp.c_str());
    return {StatusCode::kIoError, std::string("cannot rename into place: ") + std::strerror(err),
            {path, 0}};
  }
  return {};
}

}  // namespace lsmip

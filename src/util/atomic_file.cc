#include "util/atomic_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>

namespace lsmip {
namespace {

// Writes everything to an open descriptor.
bool write_all(int fd, std::string_view content) {
  std::size_t done = 0;
  while (done < content.size()) {
    const ssize_t n = ::write(fd, content.data() + done, content.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    done += static_cast<std::size_t>(n);
  }
  return true;
}

}  // namespace

Status write_file_atomically(const std::string& given, std::string_view content) {
  struct stat st {};
  std::string path = given;
  if (::lstat(given.c_str(), &st) == 0 && S_ISLNK(st.st_mode)) {
    // A symlink is written through: its target is replaced, the link stays.
    if (char* real = ::realpath(given.c_str(), nullptr)) {
      path = real;
      std::free(real);
    } else {  // a link to a file not yet there: its target, relative to the link's folder
      std::error_code ec;
      const std::filesystem::path t = std::filesystem::read_symlink(given, ec);
      if (!ec) path = t.is_absolute() ? t.string() : (std::filesystem::path(given).parent_path() / t).string();
    }
  }
  if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
    // A pipe, a terminal or another device (/dev/stdout): written through, not replaced.
    const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0 || !write_all(fd, content)) {
      const int err = errno;
      if (fd >= 0) ::close(fd);
      return {StatusCode::kIoError, std::string("cannot write file: ") + std::strerror(err), {given, 0}};
    }
    ::close(fd);
    return {};
  }
  const std::string tmp = path + ".tmp." + std::to_string(::getpid());
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) {
    return {StatusCode::kIoError, std::string("cannot create file: ") + std::strerror(errno),
            {given, 0}};
  }
  if (!write_all(fd, content)) {
    const int err = errno;
    ::close(fd);
    ::unlink(tmp.c_str());
    return {StatusCode::kIoError, std::string("cannot write file: ") + std::strerror(err), {given, 0}};
  }
  if (::fsync(fd) != 0 || ::close(fd) != 0) {
    const int err = errno;
    ::unlink(tmp.c_str());
    return {StatusCode::kIoError, std::string("cannot write file: ") + std::strerror(err),
            {given, 0}};
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    const int err = errno;
    ::unlink(tmp.c_str());
    return {StatusCode::kIoError, std::string("cannot rename into place: ") + std::strerror(err),
            {given, 0}};
  }
  return {};
}

}  // namespace lsmip

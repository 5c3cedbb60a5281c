#include "output_paths.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstring>
#include <filesystem>

namespace lsmip::app {
namespace {

struct FileId {
  bool exists = false;
  dev_t dev = 0;
  ino_t ino = 0;
  mode_t mode = 0;
};

FileId identify(const std::string& path) {
  FileId id;
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) {
    id.exists = true;
    id.dev = st.st_dev;
    id.ino = st.st_ino;
    id.mode = st.st_mode;
  }
  return id;
}

bool same_file(const FileId& a, const FileId& b) {
  return a.exists && b.exists && a.dev == b.dev && a.ino == b.ino;
}

Error refuse(const std::string& what, const std::string& path, const std::string& why) {
  return {ErrorCode::kInvalidArgument, "--" + what + " '" + path + "' " + why};
}

// The directory an atomic write of `path` creates its temporary file in (a symlink is
// written through to its target).
std::string target_of(const std::string& path) {
  std::error_code ec;
  const std::filesystem::path p(path);
  if (std::filesystem::is_symlink(p, ec)) {
    const auto t = std::filesystem::read_symlink(p, ec);
    if (!ec) return t.is_absolute() ? t.string() : (p.parent_path() / t).string();
  }
  return path;
}

Error check_one(const std::string& option, const std::string& path,
                 const std::vector<std::string>& inputs) {
  if (path.empty()) return {};
  const FileId id = identify(path);
  if (id.exists && S_ISDIR(id.mode)) return refuse(option, path, "is a directory");
  for (const std::string& in : inputs) {
    if (!in.empty() && same_file(id, identify(in))) {
      return refuse(option, path, "is the same file as the input '" + in + "'; it would be overwritten");
    }
  }
  // Pipes, terminals and other devices are written through; nothing to create.
  if (id.exists && !S_ISREG(id.mode)) return {};
  const std::filesystem::path target(target_of(path));
  std::string dir = target.parent_path().string();
  if (dir.empty()) dir = ".";
  const FileId d = identify(dir);
  if (!d.exists) return refuse(option, path, "is in a directory that does not exist");
  if (!S_ISDIR(d.mode)) return refuse(option, path, "is in '" + dir + "', which is not a directory");
  if (::access(dir.c_str(), W_OK | X_OK) != 0) {
    return refuse(option, path, "cannot be written: " + std::string(std::strerror(errno)) + " ('" + dir + "')");
  }
  // The atomic writer's temporary name: NAME.tmp.PID.
  const std::string tmp = target.filename().string() + ".tmp." + std::to_string(::getpid());
  if (tmp.size() > NAME_MAX) {
    return refuse(option, path, "has a name too long for its temporary file (" + std::to_string(tmp.size()) +
                                    " > " + std::to_string(NAME_MAX) + " bytes)");
  }
  return {};
}

}  // namespace

Error check_output_paths(const std::string& solution_file, const std::string& json,
                         const std::vector<std::string>& inputs) {
  if (Error e = check_one("solution-file", solution_file, inputs); !e.ok()) return e;
  if (Error e = check_one("json", json, inputs); !e.ok()) return e;
  if (!solution_file.empty() && !json.empty()) {
    // By inode when both exist, else by the absolute, normalised path (out.sol and ./out.sol
    // are one file before either is written; a symlinked directory resolves).
    const auto normal = [](const std::string& p) {
      std::error_code ec;
      const std::filesystem::path a = std::filesystem::absolute(p, ec);
      if (ec) return std::filesystem::path(p).lexically_normal();
      const std::filesystem::path c = std::filesystem::weakly_canonical(a, ec);
      return ec ? a.lexically_normal() : c;
    };
    const bool same = solution_file == json || same_file(identify(solution_file), identify(json)) ||
                      normal(target_of(solution_file)) == normal(target_of(json));
    if (same) return refuse("json", json, "is the same file as --solution-file");
  }
  return {};
}

}  // namespace lsmip::app

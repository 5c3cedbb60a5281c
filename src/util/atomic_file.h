// Writing files so that readers never see a partial file: the content goes to
// a temporary file in the same directory, is flushed to disk, and is renamed
// over the target. A crash or kill mid-write leaves the old file (or none).
// A symlink is written through (its target is replaced, the link stays); a
// pipe, terminal or other device (/dev/stdout) is written to directly.
#pragma once

#include <string>
#include <string_view>

#include "util/status.h"

namespace lsmip {

// Replaces `path` with `content` atomically. Errors: kIoError naming the file.
Status write_file_atomically(const std::string& path, std::string_view content);

}  // namespace lsmip

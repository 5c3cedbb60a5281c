// Chooses the format of a model file from its name: "NAME.lp" (CPLEX LP, lp_writer.h) or
// anything else (free MPS, mps_writer.h), either followed by ".gz" for gzip compression
// (the names are compared case-insensitively). ".bz2", ".xz", ".zst" and ".zip" are
// refused: lsmip writes gzip only.
#pragma once

#include <string>
#include <string_view>

#include "model/model.h"
#include "util/status.h"

namespace lsmip::io {

// The bytes of the file `path` would hold for `model`. Errors: kUnsupported (a name the
// format cannot hold, or a compression lsmip does not write), kOutOfMemory (zlib).
Result<std::string> format_model_for(const Model& model, std::string_view path);

// `text` compressed as one gzip member (zlib, level 6). Errors: kOutOfMemory.
Result<std::string> gzip_compress(std::string_view text);

}  // namespace lsmip::io

// Reads a model in MPS (fixed or free) or CPLEX LP, plain or compressed with
// gzip, bzip2 or xz (found from the content, whatever the name says), from a
// file, a pipe, or standard input ("-"). The format is the one asked for, or
// the one the name says ("*.lp" is LP, "*.mps" MPS, either with ".gz", ".bz2"
// or ".xz" after it), or else the one the decompressed content shows (an LP
// file starts with a comment "\" or an objective section; anything else is
// read as MPS). zstd and zip input is refused with a message naming it.
#pragma once

#include <functional>
#include <string>

#include "io/mps_reader.h"
#include "model/model.h"
#include "util/logger.h"
#include "util/status.h"

namespace lsmip::io {

// The input options the readers use (the mps_* options; io::read_options() in
// io/read_options.h builds them from Options).
struct ReadOptions {
  MpsReadOptions::NegativeUpper mps_negative_upper = MpsReadOptions::NegativeUpper::kMinusInfinity;
  MpsReadOptions::Format mps_format = MpsReadOptions::Format::kAuto;
  enum class Format { kAuto, kMps, kLp } format = Format::kAuto;
};

// True when `path` names an LP-format file ("*.lp", "*.lp.gz", "*.lp.bz2", "*.lp.xz").
bool is_lp_path(const std::string& path);
// Reads `path` with the reader options `options`.
// `should_stop` (optional) is polled while reading; true ends it with kInterrupted.
Result<Model> read_model(const std::string& path, const ReadOptions& options, Logger& log,
                         std::function<bool()> should_stop = {});

}  // namespace lsmip::io

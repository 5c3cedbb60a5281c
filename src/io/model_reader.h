// Reads a model file in whichever format its name says: "*.lp" or "*.lp.gz"
// is CPLEX LP, everything else is MPS (fixed or free, plain or gzip).
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
};

// True when `path` names an LP-format file.
bool is_lp_path(const std::string& path);
// Reads `path` with the reader options `options`.
// `should_stop` (optional) is polled while reading; true ends it with kInterrupted.
Result<Model> read_model(const std::string& path, const ReadOptions& options, Logger& log,
                         std::function<bool()> should_stop = {});

}  // namespace lsmip::io

// Reads a model file in whichever format its name says: "*.lp" or "*.lp.gz"
// is CPLEX LP, everything else is MPS (fixed or free, plain or gzip).
#pragma once

#include <functional>
#include <string>

#include "model/model.h"
#include "options/options.h"
#include "util/logger.h"
#include "util/status.h"

namespace lsmip::io {

// True when `path` names an LP-format file.
bool is_lp_path(const std::string& path);
// Reads `path` with the reader options taken from `options` (mps_*).
// `should_stop` (optional) is polled while reading; true ends it with kInterrupted.
Result<Model> read_model(const std::string& path, const Options& options, Logger& log,
                         std::function<bool()> should_stop = {});

}  // namespace lsmip::io

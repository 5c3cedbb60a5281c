// Builds the readers' io::ReadOptions from the options table, for callers that hold a full
// Options (the CLI, tools); io/model_reader.h itself does not depend on the table.
#pragma once

#include "io/model_reader.h"
#include "options/options.h"

namespace lsmip::io {

// The reader options of `options` (mps_negative_upper, mps_format).
ReadOptions read_options(const Options& options);

}  // namespace lsmip::io

// The files a run will write, checked before anything is read: an output that
// is a directory, lies in a missing or unwritable directory, has a name whose
// temporary sibling would be too long, is the same file as an input (the model,
// the warm start, an options file; compared by device and inode), or is the
// same file as the other output is refused with a message naming it.
#pragma once

#include <string>
#include <vector>

#include "options/options.h"
#include "util/status.h"

namespace lsmip::app {

// `inputs`: paths the run reads. kUsageError or kIoError naming the output.
Status check_output_paths(const Options& options, const std::vector<std::string>& inputs);

}  // namespace lsmip::app

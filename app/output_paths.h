// The files a run will write, checked before anything is read: an output that
// is a directory, lies in a missing or unwritable directory, has a name whose
// temporary sibling would be too long, is the same file as an input (the model,
// the warm start, an options file; compared by device and inode), or is the
// same file as the other output is refused with a message naming it.
#pragma once

#include <string>
#include <vector>

#include "lsmip/lsmip.hpp"

namespace lsmip::app {

// `solution_file` and `json` are the outputs ("" = none), `inputs` the paths the run reads.
// kInvalidArgument naming the output.
Error check_output_paths(const std::string& solution_file, const std::string& json,
                         const std::vector<std::string>& inputs);

}  // namespace lsmip::app

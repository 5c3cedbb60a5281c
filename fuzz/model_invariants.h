// Checks shared by the fuzz targets. A violated invariant is a bug in the code
// under test, so these functions print what was violated and call abort(),
// which libFuzzer reports as a crash with the input that caused it.
#pragma once

#include <string_view>

#include "model/model.h"
#include "util/status.h"

namespace lsmip::fuzz {

// Prints "invariant violated: <what>" to stderr and aborts.
[[noreturn]] void fail(std::string_view what);

// Every invariant listed in model/model.h: sizes of all arrays, CSR and CSC
// well formed (starts from 0 to num_nonzeros, indices in range and strictly
// increasing, no explicit zeros, finite coefficients below the infinity
// threshold), the two views hold the same entries, no NaN, no +inf lower or
// -inf upper bound or side, finite costs and offset, name tables that find
// every name at its own position. Cost: O(nnz log nnz + names).
void check_model(const Model& model);

// A failed read must carry an error code and a message; an input error or an
// unsupported construct must name `file` (the readers promise FILE:LINE).
void check_error(const Status& status, std::string_view file);

}  // namespace lsmip::fuzz

// The shortest decimal text that reads back to the same double ("101", not
// "100.99999999999999"), for logs and reports a person reads.
#pragma once

#include <string>

namespace lsmip {

// "inf"/"-inf"/"nan" for non-finite values. Cost: at most 17 formatting attempts.
std::string shortest(double v);

}  // namespace lsmip

// Parsing of numeric tokens shared by the readers: decimal and exponent forms
// (also Fortran 'D' exponents), an optional leading '+', "inf"/"infinity"
// (any case, optionally signed). Values with |v| >= kInfinityThreshold become
// ±kInf. The whole token must be consumed.
#pragma once

#include <string_view>

namespace lsmip::io {

enum class NumberParse : unsigned char { kOk, kInvalid, kNaN };

// Parses `token` into `out`. Never throws; kNaN for any spelling of NaN.
NumberParse parse_number(std::string_view token, double& out);

}  // namespace lsmip::io

// Minimal helpers for writing JSON text (reports, --json outputs).
#pragma once

#include <string>
#include <string_view>

namespace lsmip::json {

// `s` as a quoted JSON string with escapes.
std::string quote(std::string_view s);
// A number as JSON: %.17g for finite values, null for NaN and infinities.
std::string number(double v);

}  // namespace lsmip::json

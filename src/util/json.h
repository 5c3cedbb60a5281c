// Minimal helpers for writing JSON text (reports, --json outputs).
#pragma once

#include <string>
#include <string_view>

namespace lsmip::json {

// `s` as a quoted JSON string with escapes; always valid UTF-8 whatever the
// bytes of `s`: well-formed UTF-8 sequences are copied, control bytes are
// \uXXXX escapes, and every byte that is not part of a well-formed sequence
// (stray continuation bytes, overlong forms, surrogates, cut sequences) is
// written \u00XX, the code point of the byte's value (so 0xFF becomes \u00ff).
std::string quote(std::string_view s);
// A number as JSON: %.17g for finite values, null for NaN and infinities.
std::string number(double v);

}  // namespace lsmip::json

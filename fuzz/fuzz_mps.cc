// libFuzzer target for the MPS reader: every input is read twice from memory,
// once with the default options (format detected, CPLEX negative-upper rule)
// and once as fixed format with the keep-zero rule. A read either fails with a
// located error or yields a model that satisfies every invariant of Model.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "io/mps_reader.h"
#include "model_invariants.h"

namespace {

void read_and_check(std::string_view text, const lsmip::io::MpsReadOptions& options) {
  static const std::string kName = "fuzz.mps";
  // Messages are formatted (the sink discards them) so that formatting is fuzzed too.
  lsmip::Logger log(lsmip::LogLevel::kDebug);
  log.set_sink([](const std::string&) {});
  const lsmip::Result<lsmip::Model> r = lsmip::io::read_mps_text(text, kName, options, log);
  if (r.ok()) {
    lsmip::fuzz::check_model(r.value());
  } else {
    lsmip::fuzz::check_error(r.status(), kName);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  read_and_check(text, lsmip::io::MpsReadOptions{});
  lsmip::io::MpsReadOptions fixed;
  fixed.format = lsmip::io::MpsReadOptions::Format::kFixed;
  fixed.negative_upper = lsmip::io::MpsReadOptions::NegativeUpper::kKeepZero;
  read_and_check(text, fixed);
  return 0;
}

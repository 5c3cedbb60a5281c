// libFuzzer target for the CPLEX LP reader: a read either fails with a located
// error or yields a model that satisfies every invariant of Model.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "io/lp_reader.h"
#include "model_invariants.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::string kName = "fuzz.lp";
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  // Messages are formatted (the sink discards them) so that formatting is fuzzed too.
  lsmip::Logger log(lsmip::LogLevel::kDebug);
  log.set_sink([](const std::string&) {});
  const lsmip::Result<lsmip::Model> r = lsmip::io::read_lp_text(text, kName, {}, log);
  if (r.ok()) {
    lsmip::fuzz::check_model(r.value());
  } else {
    lsmip::fuzz::check_error(r.status(), kName);
  }
  return 0;
}

// libFuzzer target for the MPS reader: every input is read twice from memory,
// once with the default options (format detected, CPLEX negative-upper rule)
// and once as fixed format with the keep-zero rule. A read either fails with a
// located error or yields a model that satisfies every invariant of Model.
// Input that starts like gzip, bzip2 or xz (the .gz, .bz2 and .xz seeds) is
// decoded first with io::Decoder, as the file reader does, so the decoders
// are fuzzed too; its output is capped at 16 MB.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "io/decompress.h"
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

// The decoded text of compressed input, at most 16 MB of it; false when decoding fails (then
// the error must be a message).
bool decode(std::string_view in, lsmip::io::Compression c, std::string& out) {
  std::unique_ptr<lsmip::io::Decoder> d = lsmip::io::Decoder::create(c);
  if (!d) return false;
  char buf[1 << 16];
  while (out.size() < (1u << 24)) {
    const lsmip::Result<std::size_t> got = d->decode(in, buf, sizeof buf, true);
    if (!got.ok()) {
      if (got.status().message().empty()) __builtin_trap();
      return false;
    }
    if (got.value() == 0) break;
    out.append(buf, got.value());
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  std::string plain;
  if (const auto c = lsmip::io::detect_compression(text); c != lsmip::io::Compression::kNone) {
    if (!decode(text, c, plain)) return 0;
    text = plain;
  }
  read_and_check(text, lsmip::io::MpsReadOptions{});
  lsmip::io::MpsReadOptions fixed;
  fixed.format = lsmip::io::MpsReadOptions::Format::kFixed;
  fixed.negative_upper = lsmip::io::MpsReadOptions::NegativeUpper::kKeepZero;
  read_and_check(text, fixed);
  return 0;
}

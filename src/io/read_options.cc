#include "io/read_options.h"

#include "options/choices.h"

namespace lsmip::io {

ReadOptions read_options(const Options& options) {
  ReadOptions r;
  r.mps_negative_upper = choice<MpsNegativeUpper>(options) == MpsNegativeUpper::kKeepZero
                             ? MpsReadOptions::NegativeUpper::kKeepZero
                             : MpsReadOptions::NegativeUpper::kMinusInfinity;
  switch (choice<MpsFormat>(options)) {
    case MpsFormat::kFree: r.mps_format = MpsReadOptions::Format::kFree; break;
    case MpsFormat::kFixed: r.mps_format = MpsReadOptions::Format::kFixed; break;
    case MpsFormat::kAuto: r.mps_format = MpsReadOptions::Format::kAuto; break;
  }
  switch (choice<InputFormat>(options)) {
    case InputFormat::kMps: r.format = ReadOptions::Format::kMps; break;
    case InputFormat::kLp: r.format = ReadOptions::Format::kLp; break;
    case InputFormat::kAuto: r.format = ReadOptions::Format::kAuto; break;
  }
  return r;
}

}  // namespace lsmip::io

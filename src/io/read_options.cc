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
  return r;
}

}  // namespace lsmip::io

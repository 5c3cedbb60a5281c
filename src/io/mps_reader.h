// Reader for MPS files, fixed or free format (detected automatically), plain
// or gzip-compressed. The conventions follow CPLEX/HiGHS/SCIP and the MIPLIB
// checker, documented in docs/formats.md:
//  * the first N row is the objective (or the one named by OBJNAME); further
//    N rows are free rows and are dropped with a warning;
//  * OBJSENSE MAX/MIN/MAXIMIZE/MINIMIZE on the same or the next line;
//  * RHS on the objective row gives the objective offset -value;
//  * RANGES follow the standard E/L/G table;
//  * integer columns inside MARKER INTORG/INTEND with no bound entry are
//    binary; any bound entry other than BV cancels that default;
//  * UP (or UI) below zero on a column with no LO sets the lower bound to
//    -infinity (CPLEX rule, with a warning) unless kKeepZero is chosen;
//  * |value| >= 1e20 is infinite.
// Unsupported constructs (SOS, quadratic sections, indicators, SC/SI bounds,
// ...) are errors that name the construct. Every error names file, line and
// the offending token; the reader stops at the first one.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "model/model.h"
#include "util/logger.h"
#include "util/status.h"

namespace lsmip::io {

struct MpsReadOptions {
  enum class NegativeUpper : std::uint8_t { kMinusInfinity, kKeepZero };
  enum class Format : std::uint8_t { kAuto, kFree, kFixed };
  NegativeUpper negative_upper = NegativeUpper::kMinusInfinity;
  Format format = Format::kAuto;
  std::function<bool()> should_stop;  // polled while reading; true = give up (kInterrupted)
};

// Reads the MPS file at `path`. Warnings go to `log`. Cost: linear in the file size.
Result<Model> read_mps(const std::string& path, const MpsReadOptions& options, Logger& log);
// Same, from text in memory (tests, fuzzers); `name` stands for the file in messages.
Result<Model> read_mps_text(std::string_view text, const std::string& name,
                            const MpsReadOptions& options, Logger& log);

}  // namespace lsmip::io

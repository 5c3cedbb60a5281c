// Reader for the CPLEX LP format, plain or gzip-compressed (through LineReader).
// The format is described in docs/formats-and-conventions.md §1.7 and on the IBM
// pages "... in LP file format". Conventions chosen where readers disagree:
//  * sections, in this order: objective (MIN/MAX/MINIMIZE/MAXIMIZE/MINIMUM/
//    MAXIMUM, also British -ISE), constraints (SUBJECT TO/SUCH THAT/ST/S.T./ST.),
//    then BOUNDS/BOUND, GENERAL(S)/GEN/INTEGER(S), BINARY/BINARIES/BIN in any
//    order, then END. Keywords are case-insensitive and must be the first word of
//    a line; a keyword directly followed by ':' is a name, not a keyword. The
//    rest of a keyword's line belongs to its section. A missing END is accepted
//    silently (HiGHS does the same); text after END is ignored with a warning;
//  * the objective and the rows may continue over several lines, but every row
//    and every bound must start on a new line (CPLEX rule), which also lets us
//    name the stray token in "x + y >= 2 z";
//  * "3x" is read as 3·x (CPLEX's own examples write "2x2"), except when the
//    name starts with 'e'/'E' ("2e5x" and "3e" are ambiguous and rejected);
//    "0x1f"-like hexadecimal spellings are rejected; the names inf, infinity
//    and nan (any case) are reserved for numbers;
//  * an objective constant may appear anywhere in the objective (summed); a
//    constant among the terms of a row is an error naming the token; the row
//    forms are "expr S rhs", "rhs S expr" and "l S expr S u" (both senses
//    pointing the same way, never '='), a double-sided row is read as a range
//    with a portability warning;
//  * unnamed rows are called c<k> where k is the row's 1-based position; if
//    that name is used explicitly anywhere in the file, k is raised to the next
//    free number. Duplicate explicit row names are an error;
//  * bounds: the defaults [0, +inf) stay until changed, the last bound on a side
//    wins (a changed value is warned about), and a negative upper bound never
//    frees the lower bound (a hint is logged, unlike the MPS rule);
//  * BINARY makes a column integer in [0,1]; an explicit bound from BOUNDS that
//    lies inside [0,1] is kept, one outside [0,1] is replaced by 0 or 1 with a
//    warning ("binary wins" on conflict, as CBC and CPLEX do);
//  * columns are created in order of first appearance anywhere in the file; a
//    column that appears only in BOUNDS/GENERALS/BINARIES gets a warning;
//  * |v| >= 1e20 is infinite where infinity is meaningful (bounds, right-hand
//    sides); elsewhere (coefficients, objective constant, "x = v") it is an
//    error, as is NaN;
//  * unsupported constructs (semi-continuous, SOS, quadratic "[ ]" and "^",
//    indicators "->", general constraints, lazy constraints, user cuts, PWL
//    objectives, multi-objectives) fail with StatusCode::kUnsupported.
// Every error carries FILE:LINE and quotes the offending token; reading stops at
// the first error. Cost: linear in the size of the file.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "model/model.h"
#include "util/logger.h"
#include "util/status.h"

namespace lsmip::io {

// Reader switches.
struct LpReadOptions {
  std::function<bool()> should_stop;  // polled while reading; true = give up (kInterrupted)
};

// Reads the CPLEX LP file at `path` (plain or gzip). Warnings go to `log`.
// Errors: kIoError if the file cannot be read, kInputError / kUnsupported with
// FILE:LINE otherwise. Cost: linear in the file size.
Result<Model> read_lp(const std::string& path, const LpReadOptions& options, Logger& log);

// Same as read_lp, from text in memory (tests, fuzzers); `name` stands for the
// file in messages. The text is not copied and must outlive the call.
Result<Model> read_lp_text(std::string_view text, const std::string& name,
                           const LpReadOptions& options, Logger& log);

}  // namespace lsmip::io

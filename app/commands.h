// The lsmip subcommands. Each takes the parsed command line and a logger and
// returns the process exit code (app/exit_codes.h).
#pragma once

#include <cstddef>
#include <string>

#include "cli.h"
#include "util/logger.h"

namespace lsmip::app {

// `lsmip stats MODEL [--json]`.
int run_stats(const CommandLine& cl, Logger& log);
// `lsmip check MODEL SOLUTION [--json]`.
int run_check(const CommandLine& cl, Logger& log);
// `lsmip [solve] MODEL [options]`.
int run_solve(const CommandLine& cl, Logger& log);
// Prints a reader or usage error as one "FILE:LINE: error: message" line on
// stderr and returns the exit code that goes with its kind.
int report_error(const Status& status);
// kExitOk when `cl` has `count` positional words; else prints `usage` (too few) or names the
// first extra word (too many) and returns kExitInputError.
int check_operands(const CommandLine& cl, std::size_t count, const std::string& usage);

}  // namespace lsmip::app

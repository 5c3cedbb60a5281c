// The lsmip subcommands. Each takes the parsed command line and the log and
// returns the process exit code (app/exit_codes.h).
#pragma once

#include <cstddef>
#include <string>

#include "cli.h"
#include "log.h"

namespace lsmip::app {

// `lsmip stats MODEL [--json]`.
int run_stats(CommandLine& cl, const Log& log);
// `lsmip check MODEL SOLUTION [--json]`.
int run_check(CommandLine& cl, const Log& log);
// `lsmip [solve] MODEL [options]`, on every rank of `ranks` (rank 0 alone writes the outputs).
int run_solve(CommandLine& cl, const Log& log, Ranks& ranks);
// Prints an error as one line on stderr ("FILE:LINE: error: message", or "error: message")
// and returns the exit code that goes with its kind.
int report_error(const Error& error);
// kExitOk when `cl` has `count` positional words; else prints `usage` (too few) or names the
// first extra word (too many) and returns kExitInputError.
int check_operands(const CommandLine& cl, std::size_t count, const std::string& usage);

}  // namespace lsmip::app

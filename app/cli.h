// Command-line handling shared by the lsmip subcommands: splitting argv into
// positional words and options, applying options (table-driven, so every
// option in options.h is accepted), and the help text.
#pragma once

#include <string>
#include <vector>

#include "options/options.h"
#include "util/status.h"

namespace lsmip::app {

struct CommandLine {
  std::string command;                 // "solve", "check", "stats", or "" for help/version
  std::vector<std::string> positional; // model, solution, ...
  Options options;
  bool help = false, version = false, print_options = false, options_markdown = false;
  bool json_stdout = false;            // stats/check: --json without a value
};

// Parses argv. Errors are kUsageError with a message naming the word.
Result<CommandLine> parse_command_line(int argc, const char* const* argv);
// The --help text: usage, subcommands, exit codes, every option.
std::string help_text();

}  // namespace lsmip::app

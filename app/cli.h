// Command-line handling shared by the lsmip subcommands: splitting argv into
// positional words and options, applying the options to a solver (table-driven
// through lsmip::option_table(), so every option of the library is accepted),
// and the texts made from the table: --help, --options-markdown, and the
// options that differ from their defaults.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "lsmip/lsmip.hpp"

namespace lsmip::app {

struct CommandLine {
  std::string command;                 // "solve", "check", "stats", or "" for help/version
  std::vector<std::string> positional; // model, solution, ...
  Solver solver;                       // holds the options given
  std::vector<OptionInfo> table;       // lsmip::option_table()
  bool help = false, version = false, print_options = false, options_markdown = false;
  bool json_stdout = false;            // stats/check: --json without a value
};

// Parses argv into `cl`. Errors (kInvalidArgument, kBadValue, kUnknownOption; those of an
// options file carry its name and line) name the word.
Error parse_command_line(int argc, const char* const* argv, CommandLine& cl);

// The --help text: usage, subcommands, exit codes, every option.
std::string help_text(const std::vector<OptionInfo>& table);
// docs/options.md.
std::string options_markdown(const std::vector<OptionInfo>& table);
// The options whose values differ from their defaults, as "--name=value" words in table order.
std::vector<std::string> non_default_options(const CommandLine& cl);

// An option's value, for the options the application acts on (the names are the table's).
double number_option(const Solver& solver, std::string_view name);
std::string text_option(const Solver& solver, std::string_view name);

}  // namespace lsmip::app

// The one table of user-settable options. Every tunable constant of lsmip is
// an entry here; the table generates the typed Options struct, the parsing of
// values (set_option, options files) and range checking, and through the public
// lsmip::option_table() the command line's arguments, `--help`,
// `--print-options` and docs/options.md. A default is written exactly once, in
// the table.
//
// To add an option: add one X(...) line to LSMIP_OPTIONS in the right group.
// Fields: name (snake_case, units in the name), C++ type (bool, std::int64_t,
// double, std::string), default, minimum, maximum (ignored for bool and
// string), allowed values ("a|b" for a string, "" = any; for a bool, "on|off"
// makes it a two-valued choice, written on or off and given on the command line
// as --name on|off, and "" a switch, written true or false: --name, --no-name),
// group, help text.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "model/model.h"
#include "options/hybrid_options.h"
#include "options/portfolio_options.h"
#include "options/presolve_options.h"
#include "options/search_options.h"
#include "util/status.h"

namespace lsmip {

// clang-format off
#define LSMIP_OPTIONS(X)                                                                          \
  /* limits */                                                                                    \
  X(time_limit, double, kInf, 0.0, kInf, "", "limits",                                           \
    "Wall-clock limit in seconds for the whole run, reading included")                            \
  X(work_limit, double, kInf, 0.0, kInf, "", "limits",                                           \
    "Deterministic effort limit in work units (roughly one per nonzero touched); the same "       \
    "model, seed and work limit always give the same result")                                     \
  X(seed, std::int64_t, 1, 0, 2147483647, "", "limits",                                           \
    "Seed of the pseudo-random generator")                                                        \
  X(solution_limit, std::int64_t, 0, 0, 9000000000000000000, "", "limits",                        \
    "Stop after this many improving solutions (0 = no limit); 1 stops at the first feasible one") \
  X(objective_target, double, kInf, -kInf, kInf, "", "limits",                                    \
    "Stop once a solution at least this good (file sense) is found; inf = none")                 \
  X(memory_limit, double, kInf, 1.0, kInf, "", "limits",                                          \
    "Address-space limit in MiB; reaching it ends the run with exit code 5, still writing the "   \
    "best solution found (not enforced in sanitizer builds)")                                     \
  /* output */                                                                                    \
  X(solution_file, std::string, "", 0, 0, "", "output",                                           \
    "Write the best verified solution here (MIPLIB format, written atomically)")                  \
  X(write_every, double, kInf, 0.0, kInf, "", "output",                                           \
    "Also rewrite --solution-file (atomically) at each improvement, at most every this many "    \
    "seconds, so that a run killed outright keeps its best solution; inf = only at the end")     \
  X(json, std::string, "", 0, 0, "", "output",                                                    \
    "Write a JSON report of the run here (written atomically)")                                   \
  X(initial_solution, std::string, "", 0, 0, "", "output",                                        \
    "Warm start: a full or partial solution in MIPLIB format")                                    \
  X(objective_reference, double, kInf, -kInf, kInf, "", "output",                                 \
    "Known objective value (file sense) used for the gap column of the log; inf = none")          \
  X(log_level, std::int64_t, 1, 0, 3, "", "output",                                               \
    "0 quiet, 1 normal, 2 verbose, 3 debug")                                                      \
  X(log_interval, double, 5.0, 0.1, kInf, "", "output",                                           \
    "Seconds between progress lines when nothing improves")                                       \
  /* input */                                                                                     \
  X(mps_negative_upper, std::string, "minus-infinity", 0, 0, "minus-infinity|keep-zero",          \
    "input",                                                                                      \
    "MPS: an UP/UI bound below zero on a column with no LO bound sets the lower bound to "        \
    "-infinity (CPLEX, CoinUtils) or keeps it at zero (HiGHS, SCIP, MIPLIB checker)")             \
  X(format, std::string, "auto", 0, 0, "auto|mps|lp", "input",                                    \
    "Model format: auto = by the name (*.lp, *.lp.gz are LP, *.mps, *.mps.gz MPS) and else by "  \
    "the content (a pipe, standard input given as '-', or another name), or MPS or LP")          \
  X(mps_format, std::string, "auto", 0, 0, "auto|free|fixed", "input",                            \
    "MPS layout: detect automatically, or force free (whitespace) or fixed (columns) format")     \
  /* check */                                                                                     \
  X(feas_tol, double, 1e-6, 0.0, 1.0, "", "check",                                                \
    "Feasibility tolerance of the final check: bounds absolute, rows relative to max(1,|side|)")  \
  X(int_tol, double, 1e-6, 0.0, 0.5, "", "check",                                                 \
    "Integrality tolerance of the final check")                                                   \
  LSMIP_PORTFOLIO_OPTIONS(X)                                                                      \
  LSMIP_HYBRID_OPTIONS(X)                                                                         \
  LSMIP_PRESOLVE_OPTIONS(X)                                                                       \
  LSMIP_SEARCH_OPTIONS(X)
// clang-format on

// Typed values of every option, initialised to the table's defaults.
struct Options {
#define LSMIP_OPTION_MEMBER(name, type, def, lo, hi, choices, group, help) type name = def;
  LSMIP_OPTIONS(LSMIP_OPTION_MEMBER)
#undef LSMIP_OPTION_MEMBER
};

enum class OptionType : std::uint8_t { kBool, kInt, kDouble, kString };

// Description of one option, generated from the table.
struct OptionSpec {
  std::string_view name;
  OptionType type;
  std::string_view default_text;  // the default as written in the table
  double min, max;
  std::string_view choices;  // "a|b" for strings with a fixed set of values
  std::string_view group;
  std::string_view help;
};

// All options in table order.
std::span<const OptionSpec> option_specs();

// Sets option `name` (underscores or dashes) from its text form. Errors name
// the option and the allowed range or values (kUsageError).
Status set_option(Options& options, std::string_view name, std::string_view value);
// Text form of an option's current value ("" for unknown names); set_option reads it back.
std::string option_value_text(const Options& options, std::string_view name);
// Reads "name = value" lines ('#' starts a comment). Errors carry file:line.
Status read_options_file(Options& options, const std::string& path);

}  // namespace lsmip

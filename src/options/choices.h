// Typed values of the choice options: the string options whose table entry lists a fixed
// set "a|b|c" of values. Code reads choice<E>(options) and switches on the enum instead of
// comparing option strings; the text interface (set_option, --help, docs/options.md) stays
// the table's. Each enum lists its values in the order of the table's choices string, and
// the value is the position of the option's text there (tests/unit/options_test.cc checks
// every enum against the table).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "options/options.h"

namespace lsmip {

enum class MpsNegativeUpper : std::uint8_t { kMinusInfinity, kKeepZero };          // mps_negative_upper
enum class MpsFormat : std::uint8_t { kAuto, kFree, kFixed };                       // mps_format
enum class InputFormat : std::uint8_t { kAuto, kMps, kLp };                         // format
enum class PortfolioRestart : std::uint8_t { kBest, kElite, kCrossover, kMixed };   // portfolio_restart
enum class PortfolioConfigs : std::uint8_t { kMixed, kSeeds };                      // portfolio_configs
enum class PortfolioShare : std::uint8_t { kIncumbent, kRestart, kOff };            // portfolio_share
enum class LsFlipCache : std::uint8_t { kAuto, kOn, kOff };                         // ls_flip_cache
enum class LsTieObjective : std::uint8_t { kOff, kIncumbent, kAlways };             // ls_tie_objective
enum class LsWeightScheme : std::uint8_t { kSmooth, kMonotone };                    // ls_weight_scheme
enum class LsLnsSeed : std::uint8_t { kAny, kObjective, kMixed };                   // ls_lns_seed
enum class LsSideWeights : std::uint8_t { kNone, kUnit, kAll };                     // ls_side_weights

// The option behind each enum: its name and its field in Options.
template <typename E>
struct ChoiceOption;
#define LSMIP_CHOICE_OPTION(E, field)                                         \
  template <>                                                                 \
  struct ChoiceOption<E> {                                                    \
    static constexpr std::string_view name = #field;                          \
    static constexpr std::string Options::*member = &Options::field;          \
  };
LSMIP_CHOICE_OPTION(MpsNegativeUpper, mps_negative_upper)
LSMIP_CHOICE_OPTION(MpsFormat, mps_format)
LSMIP_CHOICE_OPTION(InputFormat, format)
LSMIP_CHOICE_OPTION(PortfolioRestart, portfolio_restart)
LSMIP_CHOICE_OPTION(PortfolioConfigs, portfolio_configs)
LSMIP_CHOICE_OPTION(PortfolioShare, portfolio_share)
LSMIP_CHOICE_OPTION(LsFlipCache, ls_flip_cache)
LSMIP_CHOICE_OPTION(LsTieObjective, ls_tie_objective)
LSMIP_CHOICE_OPTION(LsWeightScheme, ls_weight_scheme)
LSMIP_CHOICE_OPTION(LsLnsSeed, ls_lns_seed)
LSMIP_CHOICE_OPTION(LsSideWeights, ls_side_weights)
#undef LSMIP_CHOICE_OPTION

// Position of `value` in the choices of option `name` ("a|b|c": a = 0); the number of
// choices when it is not among them (set_option never stores such a value). Cost O(number
// of options + length of the choices).
std::size_t choice_index(std::string_view name, std::string_view value);

// The typed value of choice option E in `options`. Cost as choice_index (read it once,
// outside hot loops).
template <typename E>
E choice(const Options& options) {
  return static_cast<E>(choice_index(ChoiceOption<E>::name, options.*ChoiceOption<E>::member));
}

}  // namespace lsmip

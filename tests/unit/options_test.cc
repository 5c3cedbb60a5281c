#include "options/options.h"

#include <gtest/gtest.h>

#include <initializer_list>
#include <set>
#include <string>
#include <utility>

#include "options/choices.h"

namespace lsmip {
namespace {

TEST(Options, NamesAreUniqueAndDefaultsInRange) {
  std::set<std::string_view> names;
  for (const OptionSpec& spec : option_specs()) {
    EXPECT_TRUE(names.insert(spec.name).second) << spec.name;
    EXPECT_FALSE(spec.help.empty()) << spec.name;
    Options o;
    const std::string def = option_value_text(o, spec.name);
    EXPECT_TRUE(set_option(o, spec.name, def).ok()) << spec.name << " default " << def;
  }
}

TEST(Options, ParsesAndRejectsOutOfRange) {
  Options o;
  EXPECT_TRUE(set_option(o, "time-limit", "2.5").ok());
  EXPECT_EQ(o.time_limit, 2.5);
  EXPECT_TRUE(set_option(o, "seed", "7").ok());
  EXPECT_EQ(o.seed, 7);
  Status st = set_option(o, "seed", "-1");
  EXPECT_FALSE(st.ok());
  EXPECT_NE(st.message().find("[0, 2147483647]"), std::string::npos) << st.message();
  EXPECT_FALSE(set_option(o, "time_limit", "abc").ok());
  EXPECT_FALSE(set_option(o, "no_such_option", "1").ok());
  EXPECT_FALSE(set_option(o, "mps_negative_upper", "sometimes").ok());
  EXPECT_TRUE(set_option(o, "mps_negative_upper", "keep-zero").ok());
  EXPECT_EQ(o.mps_negative_upper, "keep-zero");
  EXPECT_TRUE(set_option(o, "presolve", "false").ok());
  EXPECT_FALSE(o.presolve);
}

TEST(Options, ValueTextsReadBack) {
  Options o;
  ASSERT_TRUE(set_option(o, "seed", "9").ok());
  ASSERT_TRUE(set_option(o, "time_limit", "10").ok());
  ASSERT_TRUE(set_option(o, "feas_tol", "1e-7").ok());
  ASSERT_TRUE(set_option(o, "deterministic", "on").ok());
  EXPECT_EQ(option_value_text(o, "feas_tol"), "1e-07");  // the shortest exact text
  EXPECT_EQ(option_value_text(o, "deterministic"), "on");  // an on|off choice
  EXPECT_EQ(option_value_text(o, "presolve"), "true");     // a switch
  Options back;
  for (const OptionSpec& spec : option_specs()) {
    ASSERT_TRUE(set_option(back, spec.name, option_value_text(o, spec.name)).ok()) << spec.name;
  }
  EXPECT_EQ(back.seed, 9);
  EXPECT_EQ(back.time_limit, 10.0);
  EXPECT_EQ(back.feas_tol, 1e-7);
  EXPECT_TRUE(back.deterministic);
  EXPECT_FALSE(set_option(o, "deterministic", "maybe").ok());
  EXPECT_TRUE(set_option(o, "deterministic", "false").ok());
  EXPECT_FALSE(o.deterministic);
}

// Every value of a choice enum, in order, with its text: the texts joined by '|' must be the
// table's choices string, and choice<E>() must give the enum for each text.
template <typename E>
void expect_choice_enum(std::initializer_list<std::pair<const char*, E>> values) {
  const std::string_view name = ChoiceOption<E>::name;
  std::string joined;
  for (const auto& [text, value] : values) {
    Options o;
    ASSERT_TRUE(set_option(o, name, text).ok()) << name << " = " << text;
    EXPECT_EQ(choice<E>(o), value) << name << " = " << text;
    joined += (joined.empty() ? "" : "|") + std::string(text);
  }
  std::string_view table;
  for (const OptionSpec& spec : option_specs()) {
    if (spec.name == name) table = spec.choices;
  }
  EXPECT_EQ(joined, table) << name;
}

TEST(Options, ChoiceEnumsFollowTheTable) {
  expect_choice_enum<MpsNegativeUpper>(
      {{"minus-infinity", MpsNegativeUpper::kMinusInfinity}, {"keep-zero", MpsNegativeUpper::kKeepZero}});
  expect_choice_enum<MpsFormat>({{"auto", MpsFormat::kAuto}, {"free", MpsFormat::kFree}, {"fixed", MpsFormat::kFixed}});
  expect_choice_enum<PortfolioRestart>({{"best", PortfolioRestart::kBest},
                                        {"elite", PortfolioRestart::kElite},
                                        {"crossover", PortfolioRestart::kCrossover},
                                        {"mixed", PortfolioRestart::kMixed}});
  expect_choice_enum<PortfolioConfigs>({{"mixed", PortfolioConfigs::kMixed}, {"seeds", PortfolioConfigs::kSeeds}});
  expect_choice_enum<LsFlipCache>({{"auto", LsFlipCache::kAuto}, {"on", LsFlipCache::kOn}, {"off", LsFlipCache::kOff}});
  expect_choice_enum<LsTieObjective>({{"off", LsTieObjective::kOff},
                                      {"incumbent", LsTieObjective::kIncumbent},
                                      {"always", LsTieObjective::kAlways}});
  expect_choice_enum<LsWeightScheme>({{"smooth", LsWeightScheme::kSmooth}, {"monotone", LsWeightScheme::kMonotone}});
  expect_choice_enum<LsLnsSeed>(
      {{"any", LsLnsSeed::kAny}, {"objective", LsLnsSeed::kObjective}, {"mixed", LsLnsSeed::kMixed}});
  expect_choice_enum<LsSideWeights>(
      {{"none", LsSideWeights::kNone}, {"unit", LsSideWeights::kUnit}, {"all", LsSideWeights::kAll}});
}

}  // namespace
}  // namespace lsmip

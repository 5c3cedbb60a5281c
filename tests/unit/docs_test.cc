// docs/options.md is generated from the options table; this test fails when
// it is out of date (regenerate with: build/.../lsmip --options-markdown > docs/options.md).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "options/options.h"
#include "test_util.h"

namespace lsmip {
namespace {

TEST(Docs, OptionsMarkdownIsUpToDate) {
  std::ifstream in(testing::data_path("../../docs/options.md"));
  ASSERT_TRUE(in) << "docs/options.md is missing";
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_TRUE(text.str() == options_markdown())
      << "docs/options.md is stale: run lsmip --options-markdown > docs/options.md";
}

TEST(Docs, HelpListsEveryOption) {
  const std::string help = options_help();
  for (const OptionSpec& spec : option_specs()) {
    std::string dashed(spec.name);
    for (char& c : dashed) {
      if (c == '_') c = '-';
    }
    EXPECT_NE(help.find("--" + dashed + "="), std::string::npos) << spec.name;
  }
}

}  // namespace
}  // namespace lsmip

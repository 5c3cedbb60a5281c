// docs/options.md is generated from the options table by the command line; this test fails
// when it is out of date (regenerate with: build/.../lsmip --options-markdown > docs/options.md).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "lsmip/lsmip.hpp"
#include "test_util.h"

namespace lsmip {
namespace {

TEST(Docs, OptionsMarkdownIsUpToDate) {
  std::ifstream in(testing::data_path("../../docs/options.md"));
  ASSERT_TRUE(in) << "docs/options.md is missing";
  std::stringstream text;
  text << in.rdbuf();
  const testing::CommandResult r = testing::run_command(testing::lsmip_binary() + " --options-markdown");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_TRUE(text.str() == r.output)
      << "docs/options.md is stale: run lsmip --options-markdown > docs/options.md";
}

TEST(Docs, HelpListsEveryOption) {
  const testing::CommandResult r = testing::run_command(testing::lsmip_binary() + " --help");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  std::vector<OptionInfo> table;
  ASSERT_TRUE(option_table(table).ok());
  for (const OptionInfo& o : table) {
    std::string dashed(o.name);
    for (char& c : dashed) {
      if (c == '_') c = '-';
    }
    EXPECT_NE(r.output.find("--" + dashed + "="), std::string::npos) << o.name;
  }
}

}  // namespace
}  // namespace lsmip

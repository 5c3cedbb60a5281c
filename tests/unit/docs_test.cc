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

// Every key of the JSON report (of a run with workers, so the worker keys appear) is in
// docs/json-report.md.
TEST(Docs, JsonReportKeysAreDocumented) {
  std::ifstream in(testing::data_path("../../docs/json-report.md"));
  ASSERT_TRUE(in) << "docs/json-report.md is missing";
  std::stringstream doc;
  doc << in.rdbuf();
  const std::string json = ::testing::TempDir() + "/docs_report.json";
  const testing::CommandResult r = testing::run_command(
      testing::lsmip_binary() + " " + testing::data_path("models/small/p0033.mps.gz") +
      " --work-limit 1e5 --threads 2 --log-level 0 --json " + json);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  std::ifstream report(json);
  ASSERT_TRUE(report);
  std::stringstream text;
  text << report.rdbuf();
  const std::string s = text.str();
  int keys = 0;
  for (std::size_t at = s.find('"'); at != std::string::npos; at = s.find('"', at)) {
    const std::size_t end = s.find('"', at + 1);
    ASSERT_NE(end, std::string::npos);
    std::size_t next = end + 1;
    while (next < s.size() && s[next] == ' ') ++next;
    if (next < s.size() && s[next] == ':') {
      const std::string key = s.substr(at + 1, end - at - 1);
      ++keys;
      EXPECT_NE(doc.str().find("`" + key + "`"), std::string::npos) << "undocumented key " << key;
    }
    at = end + 1;
  }
  EXPECT_GT(keys, 30);
}

}  // namespace
}  // namespace lsmip

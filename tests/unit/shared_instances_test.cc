// Cross-checks against the independent Python checker on every shared
// instance: the counts of `lsmip stats --json` must equal those of
// `mipcheck.py --stats`. Skipped (visibly) when ../shared is absent.
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>

#include "io/mps_reader.h"
#include "model/model_stats.h"
#include "test_util.h"

namespace lsmip {
namespace {

long long json_int(const std::string& text, const std::string& key) {
  const std::regex re("\"" + key + "\": (-?[0-9]+)");
  std::smatch m;
  if (!std::regex_search(text, m, re)) return -1;
  return std::stoll(m[1]);
}

void compare_folder(const std::string& folder) {
  const std::string shared = testing::shared_dir();
  if (shared.empty()) GTEST_SKIP() << "../shared is absent: skipping the shared-instance cross-check";
  const std::string dir = shared + "/instances/" + folder;
  int compared = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::string path = entry.path().string();
    if (path.size() < 7 || path.substr(path.size() - 7) != ".mps.gz") continue;
    SCOPED_TRACE(path);
    Logger log(LogLevel::kQuiet);
    Result<Model> model = io::read_mps(path, io::MpsReadOptions{}, log);
    ASSERT_TRUE(model.ok()) << model.status().to_string();
    const ModelStats s = compute_stats(model.value());
    const std::string ours = stats_json(model.value(), s);
    const testing::CommandResult ref =
        testing::run_command("python3 " + shared + "/tools/mipcheck.py " + path + " --stats");
    ASSERT_EQ(ref.exit_code, 0) << ref.output;
    for (const char* key : {"rows", "cols", "nonzeros", "binary", "integer", "continuous"}) {
      EXPECT_EQ(json_int(ours, key), json_int(ref.output, key)) << key;
    }
    const bool max_ref = ref.output.find("\"sense\": \"max\"") != std::string::npos;
    EXPECT_EQ(model->sense() == ObjSense::kMaximize, max_ref);
    ++compared;
  }
  EXPECT_GT(compared, 0);
}

TEST(SharedInstances, SmallStatsMatchMipcheck) { compare_folder("small"); }
TEST(SharedInstances, MiplibStatsMatchMipcheck) { compare_folder("miplib"); }

}  // namespace
}  // namespace lsmip

// The files a run writes: refused before anything is read when they cannot be written or
// would overwrite an input; written through symlinks and devices; never left stale after an
// input error; and a memory limit too large for rlim_t means no limit.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "test_util.h"

namespace lsmip {
namespace {

namespace fs = std::filesystem;

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string example() { return testing::data_path("../../examples/p0033.mps.gz"); }

// A private copy of the example model in a fresh folder.
std::string fresh_dir(const std::string& name) {
  const std::string dir = ::testing::TempDir() + "/outputs_" + name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

testing::CommandResult solve(const std::string& args) {
  return testing::run_command(testing::lsmip_binary() + " " + args);
}

TEST(OutputPaths, AnOutputThatIsTheModelIsRefusedAndTheModelIsKept) {
  const std::string dir = fresh_dir("alias");
  const std::string model = dir + "/m.mps.gz";
  fs::copy_file(example(), model);
  const std::string before = slurp(model);
  // Another spelling of the same file, and a hard link: compared by device and inode.
  for (const std::string& out : {dir + "/./m.mps.gz", dir + "/link.mps.gz"}) {
    if (out.find("link") != std::string::npos) fs::create_hard_link(model, out);
    for (const char* opt : {"--solution-file ", "--json "}) {
      const auto r = solve(model + " --work-limit 1e5 " + opt + out);
      EXPECT_EQ(r.exit_code, 1) << r.output;
      EXPECT_NE(r.output.find("same file as the input"), std::string::npos) << r.output;
      EXPECT_EQ(slurp(model), before) << "the model was overwritten";
    }
  }
  const auto r = solve(model + " --work-limit 1e5 --solution-file " + dir + "/a --json " + dir + "/./a");
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("same file as --solution-file"), std::string::npos) << r.output;
  // Relative spellings of one file that does not exist yet (no inode to compare).
  const auto rel = testing::run_command("cd " + dir + " && " + testing::lsmip_binary() +
                                        " m.mps.gz --work-limit 1e5 --solution-file b --json ./b");
  EXPECT_EQ(rel.exit_code, 1) << rel.output;
  EXPECT_NE(rel.output.find("same file as --solution-file"), std::string::npos) << rel.output;
  EXPECT_FALSE(fs::exists(dir + "/b"));
}

TEST(OutputPaths, UnwritablePathsAreFoundBeforeReading) {
  const std::string dir = fresh_dir("unwritable");
  // A model that does not exist: the output error must come first, not the read error.
  const std::string missing_model = dir + "/none.mps";
  auto r = solve(missing_model + " --solution-file " + dir + "/no/such/dir/x.sol");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.output.find("does not exist"), std::string::npos) << r.output;
  r = solve(missing_model + " --json " + dir);
  EXPECT_NE(r.output.find("is a directory"), std::string::npos) << r.output;
  const std::string long_name(250, 'n');  // fits NAME_MAX, its temporary name does not
  r = solve(missing_model + " --solution-file " + dir + "/" + long_name);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.output.find("too long"), std::string::npos) << r.output;
  if (::geteuid() != 0) {  // root may write anywhere
    fs::create_directories(dir + "/ro");
    fs::permissions(dir + "/ro", fs::perms::owner_read | fs::perms::owner_exec);
    r = solve(missing_model + " --solution-file " + dir + "/ro/x.sol");
    EXPECT_NE(r.output.find("cannot be written"), std::string::npos) << r.output;
  }
}

TEST(OutputPaths, AnInputErrorLeavesNoStaleResult) {
  const std::string dir = fresh_dir("stale");
  const std::string sol = dir + "/x.sol", rep = dir + "/x.json";
  std::ofstream(sol) << "=obj= 3089\nC157 1\n";  // an earlier run's result
  std::ofstream(rep) << "{\"status\": \"feasible\"}\n";
  std::ofstream(dir + "/bad.lp") << "Minimize\n obj: x +\nSubject To\nEnd\n";
  const auto r = solve(dir + "/bad.lp --solution-file " + sol + " --json " + rep);
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_EQ(slurp(sol), "=infeas=\n");
  const std::string json = slurp(rep);
  EXPECT_NE(json.find("\"stop_reason\": \"error\""), std::string::npos) << json;
  EXPECT_NE(json.find("\"error\": \""), std::string::npos) << json;
  EXPECT_NE(json.find("\"solution_written\": true"), std::string::npos) << json;
}

TEST(OutputPaths, SymlinksAndDevicesAreWrittenThrough) {
  const std::string dir = fresh_dir("through");
  const std::string target = dir + "/target.sol", link = dir + "/link.sol";
  fs::create_symlink(target, link);
  auto r = solve(example() + " --work-limit 2e6 -q --solution-file " + link);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_TRUE(fs::is_symlink(link)) << "the link was replaced by a file";
  EXPECT_NE(slurp(target).find("=obj="), std::string::npos);
  r = solve(example() + " --work-limit 2e6 -q --solution-file /dev/stdout");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("=obj="), std::string::npos) << r.output;
}

TEST(OutputPaths, AHugeMemoryLimitMeansNoLimit) {
  const auto r = solve(example() + " --work-limit 1e5 -q --memory-limit 2e13");
  EXPECT_EQ(r.exit_code, 0) << r.output;
}

}  // namespace
}  // namespace lsmip

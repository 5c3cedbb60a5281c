// Tests of the lsmip command line as a user meets it: exit codes
// (app/exit_codes.h), the one-line error messages and what they name, --help,
// --version, --print-options, --options-file, `stats --json` and `check`.
// Every test runs the real executable on small files written to a private
// temporary folder.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include "options/options.h"
#include "test_util.h"

namespace lsmip {
namespace {

// x continuous [0,3], y continuous [0,inf), b binary (marker default), n integer [0,5];
// cap: x + y + 2b <= 10, need: x >= 1, link: y - n = 0.
constexpr const char* kModel =
    "NAME          CLIMODEL\n"
    "ROWS\n"
    " N  cost\n"
    " L  cap\n"
    " G  need\n"
    " E  link\n"
    "COLUMNS\n"
    "    x         cost      1          cap       1\n"
    "    x         need      1\n"
    "    y         cost      2          cap       1\n"
    "    y         link      1\n"
    "    MARKER    'MARKER'  'INTORG'\n"
    "    b         cost      -1         cap       2\n"
    "    n         cost      1          link      -1\n"
    "    MARKER    'MARKER'  'INTEND'\n"
    "RHS\n"
    "    rhs       cap       10         need      1\n"
    "BOUNDS\n"
    " UP bnd       x         3\n"
    " UP bnd       n         5\n"
    "ENDATA\n";

// Feasible: x=1 y=2 b=1 n=2, objective 1 + 4 - 1 + 2 = 6.
constexpr const char* kFeasible = "=obj= 6\nx 1\ny 2\nb 1\nn 2\n";

struct Output {
  int exit_code = -1;  // -1: did not exit normally (crash)
  std::string out, err;
};

class Cli : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string templ = (std::filesystem::temp_directory_path() / "lsmip_cli_XXXXXX").string();
    ASSERT_NE(::mkdtemp(templ.data()), nullptr);
    dir_ = templ;
    model_ = write("model.mps", kModel);
  }
  void TearDown() override {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }

  std::string write(const std::string& name, const std::string& text) {
    const std::string path = dir_ + "/" + name;
    std::ofstream(path, std::ios::binary) << text;
    return path;
  }

  // Runs lsmip with `args` (shell words), capturing stdout and stderr apart.
  Output lsmip(const std::string& args) {
    Output o;
    const std::string err_path = dir_ + "/stderr.txt";
    const std::string cmd =
        "timeout -k 2 20 " + testing::lsmip_binary() + " " + args + " 2>" + err_path;
    FILE* p = ::popen(cmd.c_str(), "r");
    if (p == nullptr) return o;
    char buf[4096];
    std::size_t n = 0;
    while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) o.out.append(buf, n);
    const int status = ::pclose(p);
    if (WIFEXITED(status)) o.exit_code = WEXITSTATUS(status);
    std::ifstream in(err_path);
    std::ostringstream s;
    s << in.rdbuf();
    o.err = s.str();
    return o;
  }

  std::string dir_, model_;
};

std::string last_line(const std::string& text) {
  std::string t = text;
  while (!t.empty() && t.back() == '\n') t.pop_back();
  const auto nl = t.rfind('\n');
  return nl == std::string::npos ? t : t.substr(nl + 1);
}

bool one_line(const std::string& s) { return !s.empty() && s.find('\n') == s.size() - 1; }

TEST_F(Cli, HelpMentionsEveryOptionAndExitCode) {
  const Output o = lsmip("--help");
  EXPECT_EQ(o.exit_code, 0);
  EXPECT_TRUE(o.err.empty()) << o.err;
  for (const OptionSpec& spec : option_specs()) {
    std::string dashed(spec.name);
    for (char& c : dashed) {
      if (c == '_') c = '-';
    }
    EXPECT_NE(o.out.find("--" + dashed), std::string::npos)
        << "--help does not mention --" << dashed;
  }
  for (const char* word : {"--options-file", "--print-options", "--version", "--json", "check",
                           "stats", "exit codes"}) {
    EXPECT_NE(o.out.find(word), std::string::npos) << word;
  }
  for (const char* code : {" 0 ", " 1 ", " 2 ", " 3 ", " 4 ", " 5 ", " 10 "}) {
    EXPECT_NE(o.out.find(code), std::string::npos) << "exit code" << code;
  }
  EXPECT_EQ(lsmip("-h").out, o.out);
}

TEST_F(Cli, Version) {
  const Output o = lsmip("--version");
  EXPECT_EQ(o.exit_code, 0);
  EXPECT_EQ(o.out, std::string("lsmip ") + LSMIP_VERSION + "\n");
  EXPECT_TRUE(std::regex_search(o.out, std::regex("^lsmip [0-9]+\\.[0-9]+")));
}

TEST_F(Cli, NoArgumentsIsAUsageError) {
  const Output o = lsmip("");
  EXPECT_EQ(o.exit_code, 1);
  EXPECT_NE(o.err.find("usage"), std::string::npos) << o.err;
}

TEST_F(Cli, UnknownOptionIsNamed) {
  Output o = lsmip("stats " + model_ + " --frobnicate=3");
  EXPECT_EQ(o.exit_code, 1);
  EXPECT_TRUE(one_line(o.err)) << o.err;
  EXPECT_NE(o.err.find("unknown option '--frobnicate=3'"), std::string::npos) << o.err;
  o = lsmip("stats " + model_ + " -z");
  EXPECT_EQ(o.exit_code, 1);
  EXPECT_NE(o.err.find("'-z'"), std::string::npos) << o.err;
}

TEST_F(Cli, OutOfRangeValueNamesTheRange) {
  Output o = lsmip("stats " + model_ + " --seed=-1");
  EXPECT_EQ(o.exit_code, 1);
  EXPECT_TRUE(one_line(o.err)) << o.err;
  EXPECT_NE(o.err.find("'seed' must be in [0, 2147483647], got -1"), std::string::npos) << o.err;
  o = lsmip("stats " + model_ + " --feas-tol 2");
  EXPECT_EQ(o.exit_code, 1);
  EXPECT_NE(o.err.find("'feas_tol' must be in [0, 1], got 2"), std::string::npos) << o.err;
  o = lsmip("stats " + model_ + " --mps-format=columns");
  EXPECT_EQ(o.exit_code, 1);
  EXPECT_NE(o.err.find("must be one of auto|free|fixed, got 'columns'"), std::string::npos)
      << o.err;
  o = lsmip("stats " + model_ + " --seed=abc");
  EXPECT_EQ(o.exit_code, 1);
  EXPECT_NE(o.err.find("expects an integer, got 'abc'"), std::string::npos) << o.err;
  o = lsmip("stats " + model_ + " -t");
  EXPECT_EQ(o.exit_code, 1);
  EXPECT_NE(o.err.find("-t needs a value"), std::string::npos) << o.err;
}

TEST_F(Cli, MissingFilesAreNamed) {
  const std::string missing = dir_ + "/no_such_model.mps";
  Output o = lsmip("stats " + missing);
  EXPECT_EQ(o.exit_code, 1);
  EXPECT_TRUE(one_line(o.err)) << o.err;
  EXPECT_EQ(o.err.rfind(missing + ": error: ", 0), 0U) << o.err;
  const std::string missing_sol = dir_ + "/no_such.sol";
  o = lsmip("check " + model_ + " " + missing_sol);
  EXPECT_EQ(o.exit_code, 1);
  EXPECT_EQ(o.err.rfind(missing_sol + ": error: ", 0), 0U) << o.err;
  o = lsmip("stats " + model_ + " --options-file " + dir_ + "/no_such.opt");
  EXPECT_EQ(o.exit_code, 1);
  EXPECT_NE(o.err.find(dir_ + "/no_such.opt"), std::string::npos) << o.err;
}

TEST_F(Cli, WrongNumberOfOperandsIsAUsageError) {
  Output o = lsmip("stats");
  EXPECT_EQ(o.exit_code, 1);
  EXPECT_NE(o.err.find("usage: lsmip stats MODEL"), std::string::npos) << o.err;
  o = lsmip("check " + model_);
  EXPECT_EQ(o.exit_code, 1);
  EXPECT_NE(o.err.find("usage: lsmip check MODEL SOLUTION"), std::string::npos) << o.err;
}

long long json_int(const std::string& text, const std::string& key) {
  const std::regex re("\"" + key + "\": (-?[0-9]+)");
  std::smatch m;
  if (!std::regex_search(text, m, re)) return -1;
  return std::stoll(m[1]);
}

TEST_F(Cli, StatsJsonLastLineIsAnObjectWithTheCounts) {
  const Output o = lsmip("stats " + model_ + " --json");
  EXPECT_EQ(o.exit_code, 0) << o.err;
  const std::string json = last_line(o.out);
  ASSERT_FALSE(json.empty());
  EXPECT_EQ(json.front(), '{') << json;
  EXPECT_EQ(json.back(), '}') << json;
  EXPECT_EQ(json_int(json, "rows"), 3);
  EXPECT_EQ(json_int(json, "cols"), 4);
  EXPECT_EQ(json_int(json, "nonzeros"), 6);
  EXPECT_EQ(json_int(json, "binary"), 1);
  EXPECT_EQ(json_int(json, "integer"), 1);
  EXPECT_EQ(json_int(json, "continuous"), 2);
  // Quiet: the JSON object is the whole output.
  const Output q = lsmip("stats " + model_ + " --json -q");
  EXPECT_EQ(q.exit_code, 0);
  EXPECT_EQ(q.out, json + "\n");
}

TEST_F(Cli, CheckAcceptsAFeasibleSolution) {
  const Output o = lsmip("check " + model_ + " " + write("good.sol", kFeasible));
  EXPECT_EQ(o.exit_code, 0) << o.out << o.err;
  EXPECT_NE(o.out.find("feasible, objective 6"), std::string::npos) << o.out;
  EXPECT_TRUE(o.err.empty()) << o.err;
}

TEST_F(Cli, CheckNamesTheViolatedBound) {
  // x = 4 > 3; rows still hold (cap 4 + 2 + 2 = 8 <= 10).
  const Output o = lsmip("check " + model_ + " " + write("b.sol", "=obj= 9\nx 4\ny 2\nb 1\nn 2\n"));
  EXPECT_EQ(o.exit_code, 4);
  EXPECT_NE(o.out.find("INFEASIBLE"), std::string::npos) << o.out;
  EXPECT_TRUE(std::regex_search(o.out, std::regex("max bound +violation 1 +at 'x'"))) << o.out;
}

TEST_F(Cli, CheckNamesTheFractionalInteger) {
  // n = y = 2.5: the row link holds, n is fractional.
  const Output o =
      lsmip("check " + model_ + " " + write("i.sol", "=obj= 7.5\nx 1\ny 2.5\nb 1\nn 2.5\n"));
  EXPECT_EQ(o.exit_code, 4);
  EXPECT_TRUE(std::regex_search(o.out, std::regex("max integrality +violation 0.5 +at 'n'")))
      << o.out;
  EXPECT_TRUE(std::regex_search(o.out, std::regex("max bound +violation 0 "))) << o.out;
}

TEST_F(Cli, CheckNamesTheViolatedRow) {
  // y = 3, n = 2: link y - n = 1 != 0.
  const Output o = lsmip("check " + model_ + " " + write("r.sol", "=obj= 8\nx 1\ny 3\nb 1\nn 2\n"));
  EXPECT_EQ(o.exit_code, 4);
  EXPECT_TRUE(std::regex_search(o.out, std::regex("max row +violation 1 +at 'link'"))) << o.out;
  const Output j = lsmip("check " + model_ + " " + dir_ + "/r.sol --json -q");
  EXPECT_EQ(j.exit_code, 4);
  EXPECT_NE(last_line(j.out).find("\"feasible\": false"), std::string::npos) << j.out;
}

TEST_F(Cli, CheckRejectsAWrongObjective) {
  const Output o = lsmip("check " + model_ + " " + write("o.sol", "=obj= 7\nx 1\ny 2\nb 1\nn 2\n"));
  EXPECT_EQ(o.exit_code, 4);
  EXPECT_NE(o.out.find("MISMATCH"), std::string::npos) << o.out;
}

TEST_F(Cli, CheckOfAnInfeasibleMarker) {
  // A file that claims nothing gets its own exit code (6), not the rejection code (4);
  // with --json stdout holds only the JSON object.
  Output o = lsmip("check " + model_ + " " + write("inf.sol", "=infeas=\n"));
  EXPECT_EQ(o.exit_code, 6);
  o = lsmip("check " + model_ + " " + write("inf.sol", "=infeas=\n") + " --json");
  EXPECT_EQ(o.exit_code, 6);
  EXPECT_EQ(o.out, "{\"claim\": false, \"feasible\": null}\n") << o.out;
}

TEST_F(Cli, AnUnknownOptionSuggestsTheNearestName) {
  const Output o = lsmip(model_ + " --time-limt 1");
  EXPECT_EQ(o.exit_code, 1);
  EXPECT_NE(o.err.find("did you mean --time-limit?"), std::string::npos) << o.err;
  const Output far = lsmip(model_ + " --zzzzzzzzzzzzzz 1");
  EXPECT_EQ(far.err.find("did you mean"), std::string::npos) << far.err;
}

TEST_F(Cli, JsonOnStatsAndCheckPrintsOnlyJsonOnStdout) {
  for (const std::string& cmd : {"stats " + model_ + " --json",
                                 "check " + model_ + " " + write("ok.sol", "x 1\ny 2\nb 1\nn 2\n") + " --json"}) {
    const Output o = lsmip(cmd);
    ASSERT_FALSE(o.out.empty()) << cmd;
    EXPECT_EQ(o.out.front(), '{') << cmd << ": " << o.out;
    EXPECT_EQ(o.out.find('\n'), o.out.size() - 1) << cmd << ": one line of JSON only: " << o.out;
  }
}

TEST_F(Cli, PrintOptionsPrintsTheNonDefaultOnesAsACommandLine) {
  Output o = lsmip("--print-options");
  EXPECT_EQ(o.exit_code, 0);
  EXPECT_EQ(o.out, "\n");
  o = lsmip("--feas-tol=1e-7 --seed 5 --mps-format=fixed --print-options");
  EXPECT_EQ(o.exit_code, 0) << o.err;
  // Table order, dashes, shortest exact numbers.
  EXPECT_EQ(o.out, "--seed=5 --mps-format=fixed --feas-tol=1e-07\n");
  // Setting an option to its default is not a change.
  o = lsmip("--seed=1 --print-options");
  EXPECT_EQ(o.out, "\n");
}

TEST_F(Cli, OptionsFileValuesAreRead) {
  const std::string opt = write("run.opt",
                                "# a comment\n"
                                "seed = 7\n"
                                "\n"
                                "time_limit = 2.5   # seconds\n"
                                "mps-format = free\n");
  Output o = lsmip("--options-file " + opt + " --print-options");
  EXPECT_EQ(o.exit_code, 0) << o.err;
  EXPECT_EQ(o.out, "--time-limit=2.5 --seed=7 --mps-format=free\n");
  // The command line wins over the file.
  o = lsmip("--seed=9 --options-file=" + opt + " --print-options");
  EXPECT_EQ(o.out, "--time-limit=2.5 --seed=9 --mps-format=free\n");
  // And the options reach the command (stats still works with them).
  o = lsmip("stats " + model_ + " --options-file " + opt);
  EXPECT_EQ(o.exit_code, 0) << o.err;
}

// Known bug (reported, app/cli.cc is not ours): the command line is re-applied
// over the options file only for values that differ from the defaults, so an
// explicit "--seed=1" (the default) loses to "seed = 7" in the file, although
// --help says the command line wins. Enable once fixed.
TEST_F(Cli, CommandLineDefaultValueStillWinsOverOptionsFile) {
  const std::string opt = write("seed.opt", "seed = 7\n");
  const Output o = lsmip("--options-file " + opt + " --seed=1 --print-options");
  EXPECT_EQ(o.exit_code, 0) << o.err;
  EXPECT_EQ(o.out, "\n");
}

TEST_F(Cli, OptionsFileErrorsCarryFileAndLine) {
  const std::string bad_line = write("bad1.opt", "seed = 7\n\nthis is not an option\n");
  Output o = lsmip("--options-file " + bad_line + " --print-options");
  EXPECT_EQ(o.exit_code, 1);
  EXPECT_TRUE(one_line(o.err)) << o.err;
  EXPECT_EQ(o.err, bad_line + ":3: error: expected 'name = value', got 'this is not an option'\n");

  const std::string bad_value = write("bad2.opt", "# limits\nfeas_tol = 5\n");
  o = lsmip("--options-file " + bad_value + " --print-options");
  EXPECT_EQ(o.exit_code, 1);
  EXPECT_EQ(o.err.rfind(bad_value + ":2: error: ", 0), 0U) << o.err;
  EXPECT_NE(o.err.find("must be in [0, 1], got 5"), std::string::npos) << o.err;

  const std::string bad_name = write("bad3.opt", "seed = 3\nwarp_speed = 9\n");
  o = lsmip("--options-file " + bad_name + " --print-options");
  EXPECT_EQ(o.exit_code, 1);
  EXPECT_EQ(o.err.rfind(bad_name + ":2: error: ", 0), 0U) << o.err;
  EXPECT_NE(o.err.find("'warp_speed'"), std::string::npos) << o.err;
}

// A switch is turned on by its name and off by --no-NAME or --NAME=false; a truth word
// after it is not taken as its value but refused, naming the word and the spellings that
// work. The two-valued choices (--deterministic, --lp, --exact, --lns) take on|off as a
// separate word.
TEST_F(Cli, ASwitchGivenASeparateValueIsAnErrorNamingIt) {
  for (const char* word : {"false", "true", "on", "off"}) {
    const Output o = lsmip(model_ + " --presolve " + word);
    EXPECT_EQ(o.exit_code, 1) << word;
    EXPECT_TRUE(one_line(o.err)) << o.err;
    const bool truth = std::string(word) == "true" || std::string(word) == "on";
    EXPECT_EQ(o.err, std::string("error: option --presolve is a switch and takes no separate value '") + word +
                         "' (write --presolve=" + word + " or --" + (truth ? "" : "no-") + "presolve)\n");
  }
  Output o = lsmip("--presolve=false --print-options");
  EXPECT_EQ(o.exit_code, 0) << o.err;
  EXPECT_EQ(o.out, "--presolve=false\n");
  o = lsmip("--no-presolve --ls-bonus-robust --print-options");
  EXPECT_EQ(o.exit_code, 0) << o.err;
  EXPECT_EQ(o.out, "--presolve=false --ls-bonus-robust=true\n");
  // A switch before the model is still a switch.
  o = lsmip("stats --ls-bonus-robust " + model_);
  EXPECT_EQ(o.exit_code, 0) << o.err;
  o = lsmip("--deterministic on --lp off --exact=off --lns off --print-options");
  EXPECT_EQ(o.exit_code, 0) << o.err;
  EXPECT_EQ(o.out, "--deterministic=on --lp=off --exact=off --lns=off\n");
  o = lsmip("--deterministic maybe --print-options");
  EXPECT_EQ(o.exit_code, 1);
  EXPECT_NE(o.err.find("must be one of on|off, got 'maybe'"), std::string::npos) << o.err;
}

TEST_F(Cli, AnExtraArgumentIsAnErrorNamingIt) {
  Output o = lsmip(model_ + " extra");
  EXPECT_EQ(o.exit_code, 1);
  EXPECT_TRUE(one_line(o.err)) << o.err;
  EXPECT_NE(o.err.find("unexpected argument 'extra'"), std::string::npos) << o.err;
  o = lsmip("stats " + model_ + " more");
  EXPECT_EQ(o.exit_code, 1);
  EXPECT_NE(o.err.find("unexpected argument 'more'"), std::string::npos) << o.err;
  o = lsmip("check " + model_ + " " + write("good.sol", kFeasible) + " third --json");
  EXPECT_EQ(o.exit_code, 1);
  EXPECT_NE(o.err.find("unexpected argument 'third'"), std::string::npos) << o.err;
  EXPECT_TRUE(o.out.empty()) << o.out;
}

TEST_F(Cli, ReaderErrorIsOneLineWithFileAndLine) {
  // Line 8 is the first COLUMNS line: "x cost 1 cap 1" becomes "... cap 1e".
  std::string text = kModel;
  text.replace(text.find("cap       1\n"), 12, "cap       1e\n");
  const std::string bad = write("bad.mps", text);
  const Output o = lsmip("stats " + bad);
  EXPECT_EQ(o.exit_code, 1);
  EXPECT_EQ(o.err, bad + ":8: error: expected a number, got '1e'\n");
  EXPECT_TRUE(o.out.empty()) << o.out;
}

}  // namespace
}  // namespace lsmip

// The malformed-input corpus (tests/data/bad, described by expected.tsv): for
// every defective file, the lsmip executable must exit with the documented
// code, print exactly one "FILE:LINE: error: message" line on stderr (or
// "FILE: error: message" for whole-file errors) whose message quotes the
// offending token, never crash and never hang; and the reader called
// in-process must fail with the same line.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "io/lp_reader.h"
#include "io/mps_reader.h"
#include "io/solution_io.h"
#include "test_util.h"

namespace lsmip {
namespace {

// One line of expected.tsv.
struct BadCase {
  std::string file;       // file name inside tests/data/bad
  std::string kind;       // "mps", "lp" or "sol"
  std::string model;      // for "sol": the good model the solution is checked against
  std::int64_t line = 0;  // 0: whole-file error, no line number
  int exit_code = 0;
  std::string message;  // substring of the message
};

// Test names and ctest listings show the file, not the bytes.
void PrintTo(const BadCase& c, std::ostream* os) { *os << c.file; }

std::string bad_dir() { return testing::data_path("bad"); }

std::vector<std::string> split_tabs(const std::string& s) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (;;) {
    const std::size_t tab = s.find('\t', start);
    out.push_back(s.substr(start, tab == std::string::npos ? std::string::npos : tab - start));
    if (tab == std::string::npos) return out;
    start = tab + 1;
  }
}

// Reads expected.tsv. A malformed line yields a case whose kind is "invalid"
// (and whose message says why), so that the test for it fails visibly.
std::vector<BadCase> load_cases() {
  std::vector<BadCase> cases;
  std::ifstream in(bad_dir() + "/expected.tsv");
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.empty() || line[0] == '#') continue;
    const std::vector<std::string> f = split_tabs(line);
    BadCase c;
    c.file = f[0];
    if (f.size() != 5) {
      c.kind = "invalid";
      c.message = "expected.tsv:" + std::to_string(number) + ": expected 5 tab-separated fields";
      cases.push_back(c);
      continue;
    }
    c.kind = f[1];
    if (c.kind.rfind("sol:", 0) == 0) {
      c.model = c.kind.substr(4);
      c.kind = "sol";
    }
    try {
      c.line = std::stoll(f[2]);
      c.exit_code = std::stoi(f[3]);
      c.message = f[4];
    } catch (const std::exception&) {
      c.kind = "invalid";
      c.message = "expected.tsv:" + std::to_string(number) + ": line and exit must be integers";
    }
    cases.push_back(c);
  }
  return cases;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

struct ProcessRun {
  int exit_code = -1;      // -1 if the process did not exit normally
  bool signalled = false;  // killed by a signal (a crash)
  std::string err;         // stderr only
  double seconds = 0;
};

// Runs `args` (already shell-quoted) with stdout discarded and stderr captured.
// `timeout` kills a hanging process after 10 s (it then exits with 124 or 137).
ProcessRun run_stderr(const std::string& args) {
  ProcessRun r;
  const auto start = std::chrono::steady_clock::now();
  const std::string cmd = "timeout -k 2 10 " + args + " 2>&1 >/dev/null";
  FILE* p = ::popen(cmd.c_str(), "r");
  if (p == nullptr) return r;
  char buf[4096];
  std::size_t n = 0;
  while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) r.err.append(buf, n);
  const int status = ::pclose(p);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
  r.signalled = WIFSIGNALED(status);
  return r;
}

std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (const char c : s) {
    if (c == '\'') {
      out += "'\\''";
    } else {
      out += c;
    }
  }
  return out + "'";
}

class BadInputFile : public ::testing::TestWithParam<BadCase> {};

TEST_P(BadInputFile, Cli) {
  const BadCase& c = GetParam();
  ASSERT_NE(c.kind, "invalid") << c.message;
  const std::string path = bad_dir() + "/" + c.file;
  ASSERT_TRUE(std::filesystem::exists(path)) << path;
  std::string args = shell_quote(testing::lsmip_binary());
  if (c.kind == "sol") {
    args += " check " + shell_quote(bad_dir() + "/" + c.model) + " " + shell_quote(path);
  } else {
    args += " stats " + shell_quote(path);
  }
  const ProcessRun r = run_stderr(args);
  SCOPED_TRACE("stderr: " + r.err);
  EXPECT_FALSE(r.signalled);
  ASSERT_GE(r.exit_code, 0) << "did not exit normally";
  EXPECT_LT(r.exit_code, 124) << "crashed or timed out (124 = timeout, >= 128 = signal)";
  EXPECT_EQ(r.exit_code, c.exit_code);
  EXPECT_LT(r.seconds, 5.0);
  // Exactly one line, newline-terminated.
  ASSERT_FALSE(r.err.empty());
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "expected exactly one line on stderr";
  const std::string prefix =
      path + (c.line > 0 ? ":" + std::to_string(c.line) : std::string()) + ": error: ";
  ASSERT_EQ(r.err.compare(0, prefix.size(), prefix), 0) << "expected the prefix '" << prefix << "'";
  const std::string message = r.err.substr(prefix.size(), r.err.size() - prefix.size() - 1);
  EXPECT_TRUE(message.find(c.message) != std::string::npos)
      << "message '" << message << "' lacks '" << c.message << "'";
}

TEST_P(BadInputFile, InProcess) {
  const BadCase& c = GetParam();
  ASSERT_NE(c.kind, "invalid") << c.message;
  const std::string path = bad_dir() + "/" + c.file;
  const std::string text = read_file(path);
  Logger log(LogLevel::kQuiet);
  Status status;
  if (c.kind == "mps") {
    // The *_text readers take plain text; compressed files are decoded from the file.
    auto ends_with = [&](std::string_view suffix) {
      return c.file.size() > suffix.size() &&
             c.file.compare(c.file.size() - suffix.size(), suffix.size(), suffix) == 0;
    };
    const bool compressed = ends_with(".gz") || ends_with(".bz2") || ends_with(".xz");
    Result<Model> m = compressed ? io::read_mps(path, io::MpsReadOptions{}, log)
                                 : io::read_mps_text(text, c.file, io::MpsReadOptions{}, log);
    ASSERT_FALSE(m.ok());
    status = m.status();
  } else if (c.kind == "lp") {
    Result<Model> m = io::read_lp_text(text, c.file, io::LpReadOptions{}, log);
    ASSERT_FALSE(m.ok());
    status = m.status();
  } else {
    ASSERT_EQ(c.kind, "sol");
    Result<Model> model = io::read_mps(bad_dir() + "/" + c.model, io::MpsReadOptions{}, log);
    ASSERT_TRUE(model.ok()) << model.status().to_string();
    Result<io::SolutionFile> s = io::read_solution_text(text, c.file, model.value());
    ASSERT_FALSE(s.ok());
    status = s.status();
  }
  SCOPED_TRACE(status.to_string());
  EXPECT_TRUE(status.code() == StatusCode::kInputError ||
              status.code() == StatusCode::kUnsupported);
  EXPECT_EQ(status.where().line, c.line);
  EXPECT_TRUE(status.message().find(c.message) != std::string::npos)
      << "message '" << status.message() << "' lacks '" << c.message << "'";
}

std::string case_name(const ::testing::TestParamInfo<BadCase>& info) {
  std::string name = info.param.file;
  for (char& ch : name) {
    const bool alnum =
        (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9');
    if (!alnum) ch = '_';
  }
  return name;
}

INSTANTIATE_TEST_SUITE_P(BadInput, BadInputFile, ::testing::ValuesIn(load_cases()), case_name);

// The corpus and its table agree: every file is described once, every model a
// solution case names exists and is good, and the corpus is big enough.
TEST(BadInputCorpus, EveryFileIsListedOnce) {
  const std::vector<BadCase> cases = load_cases();
  std::set<std::string> listed, models;
  int mps = 0, lp = 0, sol = 0;
  for (const BadCase& c : cases) {
    EXPECT_TRUE(listed.insert(c.file).second) << c.file << " is listed twice";
    if (c.kind == "mps") ++mps;
    if (c.kind == "lp") ++lp;
    if (c.kind == "sol") {
      ++sol;
      models.insert(c.model);
    }
  }
  for (const auto& entry : std::filesystem::directory_iterator(bad_dir())) {
    const std::string name = entry.path().filename().string();
    if (name == "expected.tsv" || models.count(name) != 0) continue;
    EXPECT_EQ(listed.count(name), 1U) << name << " is not described in expected.tsv";
  }
  for (const std::string& m : models) {
    Logger log(LogLevel::kQuiet);
    Result<Model> model = io::read_mps(bad_dir() + "/" + m, io::MpsReadOptions{}, log);
    EXPECT_TRUE(model.ok()) << m << ": " << model.status().to_string();
  }
  EXPECT_GE(cases.size(), 40U);
  EXPECT_GT(mps, lp + sol);
  EXPECT_GE(lp, 5);
  EXPECT_GE(sol, 5);
}

}  // namespace
}  // namespace lsmip

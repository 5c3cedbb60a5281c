// `lsmip check` against the independent Python checker
// (../shared/tools/mipcheck.py) on the small classic models of
// tests/data/models/small and their CBC solutions in tests/data/solutions/small.
//
// For each model the test checks the stored solution and four variants made
// here at run time, each with one defect:
//   bound      one column moved one unit beyond a finite bound;
//   fractional one integer column moved by 0.5 (inside its bounds);
//   row        one column moved by a whole amount, inside its bounds, so that a
//              row it appears in is violated (relative violation > 1e-3);
//   objective  the stored solution with a wrong "=obj=" value (off by 1%).
// The variants carry no "=obj=" line except the last, so each is wrong for
// exactly one reason. lsmip must accept the original (exit 0) and reject every
// variant (exit 4), naming the kind of violation in its JSON report; mipcheck
// must say the same (exit 0 / 1), with the same objective within 1e-6
// relative. The mipcheck half skips, visibly, when ../shared is absent; the
// lsmip half always runs on the repository's own data.
//
// mipcheck is run in one Python process for all the models a run tests: a
// small driver imports it and calls its main() with the same argv as the
// command line for each file, caching only the model parse.
// No value written here reaches 1e20 (lsmip's infinity) or 1e30 (mipcheck's).
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <ostream>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "io/mps_reader.h"
#include "io/solution_io.h"
#include "test_util.h"

namespace lsmip {
namespace {

namespace fs = std::filesystem;

struct Pair {
  std::string name, model, solution;
};

// Test names and ctest listings show the model's name, not the bytes.
void PrintTo(const Pair& p, std::ostream* os) { *os << p.name; }

std::vector<Pair> find_pairs() {
  std::vector<Pair> pairs;
  const fs::path sols = testing::data_path("solutions/small");
  if (!fs::is_directory(sols)) return pairs;
  for (const auto& entry : fs::directory_iterator(sols)) {
    if (entry.path().extension() != ".sol") continue;
    const std::string name = entry.path().stem().string();
    const std::string model = testing::data_path("models/small/" + name + ".mps.gz");
    if (fs::exists(model)) pairs.push_back({name, model, entry.path().string()});
  }
  std::sort(pairs.begin(), pairs.end(),
            [](const Pair& a, const Pair& b) { return a.name < b.name; });
  return pairs;
}

constexpr const char* kKinds[] = {"original", "bound", "fractional", "row", "objective"};

// The files made for one model: kind -> path (a kind is absent when the model
// offers no place for that defect, e.g. no integer column).
struct Variants {
  std::string error;  // why the variants could not be made
  std::map<std::string, std::string> path;
  std::map<std::string, std::string> target;  // the column (bound, fractional) or a row (row)
};

std::string format_value(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.17g", v + 0.0);
  return buf;
}

bool write_solution_file(const std::string& path, const Model& m, const std::vector<double>& x,
                         const double* objective) {
  std::ofstream out(path);
  if (objective != nullptr) out << "=obj= " << format_value(*objective) << "\n";
  for (Index j = 0; j < m.num_cols(); ++j) {
    out << m.col_name(j) << " " << format_value(x[static_cast<std::size_t>(j)]) << "\n";
  }
  return static_cast<bool>(out);
}

double row_violation(double activity, double lo, double hi) {
  double v = 0;
  if (lo > -kInf) v = std::max(v, (lo - activity) / std::max(1.0, std::fabs(lo)));
  if (hi < kInf) v = std::max(v, (activity - hi) / std::max(1.0, std::fabs(hi)));
  return v;
}

bool finite_small(double v) { return std::fabs(v) < 1e9; }

Variants make_variants(const Pair& p, const std::string& dir) {
  Variants out;
  Logger log(LogLevel::kQuiet);
  Result<Model> model = io::read_mps(p.model, io::MpsReadOptions{}, log);
  if (!model.ok()) {
    out.error = model.status().to_string();
    return out;
  }
  const Model& m = model.value();
  Result<io::SolutionFile> sol = io::read_solution(p.solution, m);
  if (!sol.ok()) {
    out.error = sol.status().to_string();
    return out;
  }
  const std::vector<double> x = sol->values;
  const std::string base = dir + "/" + p.name;
  out.path["original"] = p.solution;

  // bound: the first column with a finite bound, pushed one unit beyond it.
  for (Index j = 0; j < m.num_cols(); ++j) {
    const double lb = m.col_lower(j), ub = m.col_upper(j);
    std::vector<double> y = x;
    if (ub < kInf && finite_small(ub)) {
      y[static_cast<std::size_t>(j)] = ub + 1;
    } else if (lb > -kInf && finite_small(lb)) {
      y[static_cast<std::size_t>(j)] = lb - 1;
    } else {
      continue;
    }
    out.path["bound"] = base + ".bound.sol";
    out.target["bound"] = m.col_name(j);
    write_solution_file(out.path["bound"], m, y, nullptr);
    break;
  }

  // fractional: the first integer column with room for a half step.
  for (Index j = 0; j < m.num_cols(); ++j) {
    if (!m.is_integer(j) || m.col_upper(j) - m.col_lower(j) < 1) continue;
    std::vector<double> y = x;
    double& v = y[static_cast<std::size_t>(j)];
    v = v + 0.5 <= m.col_upper(j) ? v + 0.5 : v - 0.5;
    if (!finite_small(v)) continue;
    out.path["fractional"] = base + ".fractional.sol";
    out.target["fractional"] = m.col_name(j);
    write_solution_file(out.path["fractional"], m, y, nullptr);
    break;
  }

  // row: move one column by a whole step inside its bounds until a row breaks.
  std::vector<double> activity(static_cast<std::size_t>(m.num_rows()), 0.0);
  for (Index i = 0; i < m.num_rows(); ++i) {
    const SparseVector r = m.row(i);
    for (std::size_t k = 0; k < r.size(); ++k) {
      activity[static_cast<std::size_t>(i)] += r.value[k] * x[static_cast<std::size_t>(r.index[k])];
    }
  }
  for (Index j = 0; j < m.num_cols() && out.path.count("row") == 0; ++j) {
    const SparseVector c = m.col(j);
    for (const double step : {1.0, -1.0, 2.0, -2.0, 10.0, -10.0}) {
      const double v = x[static_cast<std::size_t>(j)] + step;
      if (v < m.col_lower(j) || v > m.col_upper(j) || !finite_small(v)) continue;
      double worst = 0;
      Index worst_row = -1;
      for (std::size_t k = 0; k < c.size(); ++k) {
        const auto i = static_cast<std::size_t>(c.index[k]);
        const double viol = row_violation(activity[i] + c.value[k] * step, m.row_lower(c.index[k]),
                                          m.row_upper(c.index[k]));
        if (viol > worst) {
          worst = viol;
          worst_row = c.index[k];
        }
      }
      if (worst <= 1e-3) continue;
      std::vector<double> y = x;
      y[static_cast<std::size_t>(j)] = v;
      out.path["row"] = base + ".row.sol";
      out.target["row"] = m.row_name(worst_row);
      write_solution_file(out.path["row"], m, y, nullptr);
      break;
    }
  }

  // objective: the stored solution claiming a value 1% away from its own.
  if (sol->objective) {
    const double wrong = *sol->objective + 0.01 * std::max(1.0, std::fabs(*sol->objective));
    out.path["objective"] = base + ".objective.sol";
    write_solution_file(out.path["objective"], m, x, &wrong);
  }
  return out;
}

// The files and verdicts of every model, made on first use and kept for the
// other tests of the same process (ctest runs each test in its own process,
// so nothing is made for models a process does not test). One temporary
// folder, removed at exit.
class Workspace {
 public:
  static Workspace& get() {
    static Workspace w;
    return w;
  }

  const Variants& variants(const Pair& p) {
    auto it = variants_.find(p.name);
    if (it == variants_.end()) {
      it = variants_
               .emplace(p.name, dir_.empty() ? Variants{"no temporary folder", {}, {}}
                                             : make_variants(p, dir_))
               .first;
    }
    return it->second;
  }

  // `lsmip check MODEL SOLUTION --json -q`, run once per file.
  const testing::CommandResult& lsmip(const std::string& model, const std::string& solution) {
    auto it = lsmip_.find(solution);
    if (it == lsmip_.end()) {
      it = lsmip_
               .emplace(solution, testing::run_command(testing::lsmip_binary() + " check " + model +
                                                       " " + solution + " --json -q"))
               .first;
    }
    return it->second;
  }

  // mipcheck's verdict on each file of `p`: path -> "EXIT\tJSON". Python
  // starts slowly, so the first call runs one process for every model whose
  // Mipcheck test this run selected (all of them, or the one ctest asked
  // for); `error` is set when the driver itself failed.
  std::map<std::string, std::string> mipcheck(const Pair& p, const std::string& shared,
                                              std::string& error) {
    if (mipcheck_models_.count(p.name) == 0) run_mipcheck(p, shared);
    error = mipcheck_error_;
    std::map<std::string, std::string> out;
    for (const auto& [kind, path] : variants(p).path) {
      if (const auto it = mipcheck_.find(path); it != mipcheck_.end()) out[path] = it->second;
    }
    return out;
  }

  ~Workspace() {
    std::error_code ec;
    if (!dir_.empty()) fs::remove_all(dir_, ec);
  }

 private:
  Workspace() {
    std::string templ = (fs::temp_directory_path() / "lsmip_agree_XXXXXX").string();
    if (::mkdtemp(templ.data()) != nullptr) dir_ = templ;
  }

  // The models whose Mipcheck test runs in this process (always including `p`).
  static std::vector<Pair> selected(const Pair& p) {
    std::vector<Pair> out{p};
    const ::testing::UnitTest& unit = *::testing::UnitTest::GetInstance();
    std::set<std::string> names;
    for (int s = 0; s < unit.total_test_suite_count(); ++s) {
      const ::testing::TestSuite& suite = *unit.GetTestSuite(s);
      if (std::string(suite.name()) != "CheckAgreement/SmallModel") continue;
      for (int t = 0; t < suite.total_test_count(); ++t) {
        const std::string name = suite.GetTestInfo(t)->name();
        if (suite.GetTestInfo(t)->should_run() && name.rfind("Mipcheck/", 0) == 0) {
          names.insert(name.substr(9));
        }
      }
    }
    for (const Pair& q : find_pairs()) {
      if (q.name != p.name && names.count(q.name) != 0) out.push_back(q);
    }
    return out;
  }

  void run_mipcheck(const Pair& p, const std::string& shared) {
    const std::string driver = dir_ + "/driver.py";
    std::ofstream(driver) << R"(import contextlib, functools, io, sys
sys.path.insert(0, sys.argv[1])
import mipcheck
mipcheck.read_mps = functools.lru_cache(maxsize=None)(mipcheck.read_mps)
for line in open(sys.argv[2]):
    model, sol = line.rstrip("\n").split("\t")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        rc = mipcheck.main(["mipcheck.py", model, sol, "--json"])
    print(sol + "\t" + str(rc) + "\t" + " ".join(out.getvalue().split("\n")).strip(), flush=True)
)";
    const std::string manifest = dir_ + "/" + p.name + ".manifest";
    {
      std::ofstream list(manifest);
      for (const Pair& q : selected(p)) {
        mipcheck_models_.insert(q.name);
        for (const auto& [kind, path] : variants(q).path) list << q.model << "\t" << path << "\n";
      }
    }
    const testing::CommandResult r =
        testing::run_command("python3 " + driver + " " + shared + "/tools " + manifest);
    if (r.exit_code != 0) mipcheck_error_ = r.output;
    std::size_t start = 0;
    while (start < r.output.size()) {
      std::size_t nl = r.output.find('\n', start);
      if (nl == std::string::npos) nl = r.output.size();
      const std::string line = r.output.substr(start, nl - start);
      const std::size_t tab = line.find('\t');
      if (tab != std::string::npos) mipcheck_[line.substr(0, tab)] = line.substr(tab + 1);
      start = nl + 1;
    }
  }

  std::string dir_;
  std::map<std::string, Variants> variants_;
  std::map<std::string, testing::CommandResult> lsmip_;
  std::set<std::string> mipcheck_models_;        // models already given to mipcheck
  std::map<std::string, std::string> mipcheck_;  // path -> "EXIT\tJSON"
  std::string mipcheck_error_;
};

// A JSON field of a flat object: the raw text of its value.
std::string json_field(const std::string& json, const std::string& key) {
  const std::regex re("\"" + key + "\": (\"[^\"]*\"|[^,}]+)");
  std::smatch m;
  if (!std::regex_search(json, m, re)) return "";
  return m[1];
}

double json_number(const std::string& json, const std::string& key) {
  const std::string v = json_field(json, key);
  return v.empty() ? std::nan("") : std::strtod(v.c_str(), nullptr);
}

bool rel_close(double a, double b) {
  return std::fabs(a - b) <= 1e-6 * std::max(1.0, std::fabs(a));
}

class SmallModel : public ::testing::TestWithParam<Pair> {};

TEST_P(SmallModel, Lsmip) {
  const Pair& p = GetParam();
  const Variants& v = Workspace::get().variants(p);
  ASSERT_TRUE(v.error.empty()) << v.error;
  ASSERT_EQ(v.path.count("original"), 1U);
  EXPECT_EQ(v.path.count("bound"), 1U) << "no column with a finite bound";
  EXPECT_EQ(v.path.count("objective"), 1U) << "the stored solution has no =obj= line";
  EXPECT_EQ(v.path.count("fractional"), 1U) << "no integer column with room for a half step";
  EXPECT_EQ(v.path.count("row"), 1U) << "no single whole step inside the bounds breaks a row";
  for (const char* kind : kKinds) {
    if (v.path.count(kind) == 0) continue;
    SCOPED_TRACE(std::string(kind) + ": " + v.path.at(kind));
    const testing::CommandResult& r = Workspace::get().lsmip(p.model, v.path.at(kind));
    const std::string json = r.output.substr(0, r.output.find('\n'));
    if (std::string(kind) == "original") {
      EXPECT_EQ(r.exit_code, 0) << r.output;
      EXPECT_EQ(json_field(json, "feasible"), "true") << json;
      EXPECT_EQ(json_field(json, "objective_matches"), "true") << json;
      continue;
    }
    EXPECT_EQ(r.exit_code, 4) << r.output;
    const std::string kind_s = kind;
    const bool only_objective = kind_s == "objective";
    EXPECT_EQ(json_field(json, "feasible"), only_objective ? "true" : "false") << json;
    EXPECT_EQ(json_field(json, "objective_matches"), only_objective ? "false" : "true") << json;
    // The defect made is the one reported; a moved bound may also break rows
    // (and, for an integer column with a fractional bound, integrality).
    const double bound = json_number(json, "max_bound_violation");
    const double frac = json_number(json, "max_integrality_violation");
    const double row = json_number(json, "max_row_violation");
    if (kind_s == "bound") {
      EXPECT_NEAR(bound, 1.0, 1e-6) << json;
      EXPECT_EQ(json_field(json, "worst_bound"), "\"" + v.target.at(kind) + "\"") << json;
      continue;
    }
    EXPECT_LE(bound, 1e-6) << json;
    if (kind_s == "fractional") {
      EXPECT_NEAR(frac, 0.5, 1e-6) << json;
      EXPECT_EQ(json_field(json, "worst_integrality"), "\"" + v.target.at(kind) + "\"") << json;
      continue;  // a half step may also break a row
    }
    EXPECT_LE(frac, 1e-6) << json;
    if (kind_s == "row") {
      EXPECT_GT(row, 0.99e-3) << json;
      EXPECT_NE(json_field(json, "worst_row"), "null") << json;
    } else {
      EXPECT_LE(row, 1e-6) << json;
    }
  }
}

TEST_P(SmallModel, Mipcheck) {
  const std::string shared = testing::shared_dir();
  if (shared.empty()) GTEST_SKIP() << "../shared is absent: skipping the mipcheck.py comparison";
  const Pair& p = GetParam();
  const Variants& v = Workspace::get().variants(p);
  ASSERT_TRUE(v.error.empty()) << v.error;
  std::string error;
  const std::map<std::string, std::string> verdicts = Workspace::get().mipcheck(p, shared, error);
  ASSERT_TRUE(error.empty()) << "the mipcheck driver failed: " << error;
  for (const char* kind : kKinds) {
    if (v.path.count(kind) == 0) continue;
    const std::string& path = v.path.at(kind);
    SCOPED_TRACE(std::string(kind) + ": " + path);
    ASSERT_EQ(verdicts.count(path), 1U) << "mipcheck did not report on this file";
    const std::string& verdict = verdicts.at(path);
    const std::string mip_json = verdict.substr(verdict.find('\t') + 1);
    const int mip_exit = std::atoi(verdict.c_str());
    const testing::CommandResult& r = Workspace::get().lsmip(p.model, path);
    const std::string json = r.output.substr(0, r.output.find('\n'));
    if (std::string(kind) == "original") {
      EXPECT_EQ(mip_exit, 0) << mip_json;
      EXPECT_EQ(r.exit_code, 0) << r.output;
      const double ours = json_number(json, "objective");
      const double theirs = json_number(mip_json, "objective");
      EXPECT_TRUE(rel_close(ours, theirs)) << "lsmip " << ours << " vs mipcheck " << theirs;
      EXPECT_TRUE(rel_close(json_number(mip_json, "claimed"), theirs)) << mip_json;
    } else {
      EXPECT_EQ(mip_exit, 1) << "mipcheck accepted a broken solution: " << mip_json;
      EXPECT_EQ(r.exit_code, 4) << r.output;
    }
    EXPECT_EQ(json_field(json, "feasible"), json_field(mip_json, "feasible"))
        << "lsmip: " << json << "\nmipcheck: " << mip_json;
  }
}

std::string pair_name(const ::testing::TestParamInfo<Pair>& info) {
  std::string name = info.param.name;
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
}

INSTANTIATE_TEST_SUITE_P(CheckAgreement, SmallModel, ::testing::ValuesIn(find_pairs()), pair_name);

TEST(CheckAgreementData, SolutionsArePresent) {
  // The small models and CBC solutions are stored by the presolve tests
  // (tests/data/solutions/README.md); without them the tests above vanish.
  EXPECT_GE(find_pairs().size(), 10U);
}

}  // namespace
}  // namespace lsmip

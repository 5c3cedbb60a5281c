// Search benchmark (not a test): runs the local search on each model file
// given, one at a time, with a wall-clock limit, and prints one line per
// instance (objective in the file's sense, primal gap to best_known.tsv when
// found next to the file, time to first and best solution, moves, moves per
// second, restarts) plus totals (feasible count, mean primal gap).
//
// Usage: search_bench [--time S] [--cpu] [--work W] [--seed N] [--opt name=value ...] files...
// --cpu measures the time limit in process CPU time (fairer on a loaded machine);
// times and moves/s are then CPU seconds too. --work sets the deterministic work limit.
#include <chrono>
#include <ctime>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "io/mps_reader.h"
#include "options/options.h"
#include "presolve/presolve.h"
#include "search/search_model.h"
#include "search/local_search.h"

namespace {

std::map<std::string, std::string> read_best_known(const std::string& dir) {
  std::map<std::string, std::string> out;
  std::ifstream in(dir + "/best_known.tsv");
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream ss(line);
    std::string name, status, value;
    ss >> name >> status >> value;
    if (status == "inf") value = "inf";
    out[name] = value;
  }
  return out;
}

double primal_gap(bool found, double obj, const std::string& best) {
  if (best.empty() || best == "inf" || best == "-") return found ? NAN : 0.0;
  if (!found) return 1.0;
  const double b = std::stod(best);
  if (std::fabs(obj - b) < 1e-9) return 0.0;
  if (obj * b < 0) return 1.0;
  return std::fabs(obj - b) / std::max(std::fabs(obj), std::fabs(b));
}

}  // namespace

int main(int argc, char** argv) {
  using namespace lsmip;
  Options options;
  double time_limit = 10.0;
  bool cpu = false;
  std::vector<std::string> files;
  for (int a = 1; a < argc; ++a) {
    if (!std::strcmp(argv[a], "--time") && a + 1 < argc) {
      time_limit = std::atof(argv[++a]);
    } else if (!std::strcmp(argv[a], "--cpu")) {
      cpu = true;
    } else if (!std::strcmp(argv[a], "--work") && a + 1 < argc) {
      options.work_limit = std::atof(argv[++a]);
    } else if (!std::strcmp(argv[a], "--seed") && a + 1 < argc) {
      options.seed = std::atoll(argv[++a]);
    } else if (!std::strcmp(argv[a], "--opt") && a + 1 < argc) {
      const std::string kv = argv[++a];
      const auto eq = kv.find('=');
      const Status st = set_option(options, kv.substr(0, eq), kv.substr(eq + 1));
      if (!st.ok()) {
        std::fprintf(stderr, "%s\n", st.to_string().c_str());
        return 1;
      }
    } else {
      files.push_back(argv[a]);
    }
  }
  int feasible = 0, counted = 0, wrong = 0;
  double gap_sum = 0;
  std::printf("%-28s %5s %16s %8s %7s %7s %10s %9s %5s %s\n", "instance", "found", "objective",
              "gap", "first", "best", "moves", "moves/s", "rest", "kinds(tight/sat/break/lift/flip/rand)");
  for (const std::string& path : files) {
    const std::string dir = path.substr(0, path.find_last_of('/'));
    std::string name = path.substr(path.find_last_of('/') + 1);
    name = name.substr(0, name.find(".mps"));
    const auto best_known = read_best_known(dir);
    Logger quiet(LogLevel::kQuiet);
    auto now = [&] {
      if (cpu) {
        timespec ts;
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
        return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
      }
      return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
          .count();
    };
    const double t0 = now();
    auto seconds = [&] { return now() - t0; };
    Result<Model> model = io::read_mps(path, {}, quiet);
    if (!model.ok()) {
      std::printf("%-28s read error: %s\n", name.c_str(), model.status().to_string().c_str());
      continue;
    }
    double first = -1, best_time = -1;
    search::SearchHooks hooks;
    hooks.should_stop = [&] { return seconds() >= time_limit; };
    hooks.on_improvement = [&](const search::Improvement&, std::span<const double>) {
      best_time = seconds();
      if (first < 0) first = best_time;
    };
    const double ts = seconds();
    const presolve::PresolveResult pre = presolve::run_presolve(model.value(), options, quiet);
    if (pre.verdict == presolve::Verdict::kInfeasible) {
      std::printf("%-28s presolve: infeasible (%s)\n", name.c_str(), pre.reason.c_str());
      continue;
    }
    search::SearchResult r = search::run_local_search(pre.reduced, options, {}, hooks, quiet);
    const double search_time = seconds() - ts;
    if (r.found) {
      const std::vector<double> x = pre.postsolve.expand(r.best_x);
      if (!search::verify_solution(model.value(), x, 1e-6)) {
        std::printf("%-28s WRONG: postsolved solution fails verification\n", name.c_str());
        ++wrong;
      }
      r.best_objective = model->objective(x);
    }
    const double obj = model->original_objective(r.best_objective);
    const auto it = best_known.find(name);
    const std::string bk = it == best_known.end() ? "" : it->second;
    if (r.found && bk == "inf") ++wrong;
    const double gap = primal_gap(r.found, obj, bk);
    if (!std::isnan(gap) && bk != "inf") {
      ++counted;
      gap_sum += gap;
    }
    if (r.found) ++feasible;
    const auto& k = r.moves_by_kind;
    std::printf("%-28s %5s %16.10g %8.4f %7.2f %7.2f %10llu %9.3g %5llu %llu/%llu/%llu/%llu/%llu/%llu%s\n",
                name.c_str(), r.found ? "yes" : "no", r.found ? obj : NAN, gap, first, best_time,
                static_cast<unsigned long long>(r.moves), r.moves / std::max(1e-9, search_time),
                static_cast<unsigned long long>(r.restarts), (unsigned long long)k[0],
                (unsigned long long)k[1], (unsigned long long)k[2], (unsigned long long)k[3],
                (unsigned long long)k[4], (unsigned long long)k[5],
                r.status.ok() ? "" : (" ERROR " + r.status.message()).c_str());
    std::fflush(stdout);
  }
  std::printf("TOTAL feasible %d / %zu, mean gap %.4f over %d, wrong claims %d\n", feasible,
              files.size(), counted ? gap_sum / counted : 0.0, counted, wrong);
  return 0;
}

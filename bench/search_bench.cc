// Search benchmark (not a test): runs the solver library (presolve, the portfolio of
// workers, the independent check) on each model file
// given, one at a time, with a wall-clock or CPU limit, and prints one line per
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

#include "check/solution_checker.h"
#include "io/mps_reader.h"
#include "options/options.h"
#include "search/move_kind.h"
#include "solver/solver.h"

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
              "gap", "first", "best", "moves", "moves/s", "rest", "moves by kind");
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
    // The library's pipeline (presolve, workers, verification), on this benchmark's clock.
    options.time_limit = time_limit;
    solver::Solver solver(model.value(), options, quiet);
    solver::SolveControl control;
    control.clock = seconds;
    const double ts = seconds();
    const solver::SolveResult r = solver.solve(control);
    const double search_time = seconds() - ts;
    const double first = r.time_first, best_time = r.time_best;
    if (r.status == solver::SolveStatus::kInfeasible && !r.has_solution) {
      std::printf("%-28s infeasible (%s)\n", name.c_str(), r.infeasible_reason.c_str());
      continue;
    }
    if (r.has_solution) {
      // The independent checker, not the search's own verification.
      const check::CheckReport c = check::check_solution(model.value(), r.x, 1e-6, 1e-6, r.objective);
      if (!c.ok()) {
        std::printf("%-28s WRONG: the solution fails the independent check\n", name.c_str());
        ++wrong;
      }
    }
    const bool found = r.has_solution;
    const double obj = r.objective;
    const auto it = best_known.find(name);
    const std::string bk = it == best_known.end() ? "" : it->second;
    if (found && bk == "inf") ++wrong;
    const double gap = primal_gap(found, obj, bk);
    if (!std::isnan(gap) && bk != "inf") {
      ++counted;
      gap_sum += gap;
    }
    if (found) ++feasible;
    std::string kinds;  // every move kind, from the one table of kinds
    for (std::size_t k = 0; k < search::kNumMoveKinds; ++k) {
      if (r.moves_by_kind[k] == 0) continue;
      kinds += std::string(kinds.empty() ? "" : " ") + search::move_kind_name(static_cast<search::MoveKind>(k)) +
               "=" + std::to_string(r.moves_by_kind[k]);
    }
    std::printf("%-28s %5s %16.10g %8.4f %7.2f %7.2f %10llu %9.3g %5llu %s%s\n", name.c_str(),
                found ? "yes" : "no", found ? obj : NAN, gap, first, best_time,
                static_cast<unsigned long long>(r.moves),
                static_cast<double>(r.moves) / std::max(1e-9, search_time),
                static_cast<unsigned long long>(r.restarts), kinds.c_str(),
                r.error.ok() ? "" : (" ERROR " + r.error.message()).c_str());
    std::fflush(stdout);
  }
  std::printf("TOTAL feasible %d / %zu, mean gap %.4f over %d, wrong claims %d\n", feasible,
              files.size(), counted ? gap_sum / counted : 0.0, counted, wrong);
  return 0;
}

// `lsmip stats` and `lsmip check`.
#include <cstdio>

#include "check/solution_checker.h"
#include "commands.h"
#include "exit_codes.h"
#include "io/model_reader.h"
#include "io/read_options.h"
#include "io/solution_io.h"
#include "model/model_stats.h"

namespace lsmip::app {

int report_error(const Status& status) {
  std::fprintf(stderr, "%s\n", status.to_string().c_str());
  switch (status.code()) {
    case StatusCode::kOk: return kExitOk;
    case StatusCode::kInputError:
    case StatusCode::kUnsupported:
    case StatusCode::kIoError:
    case StatusCode::kUsageError: return kExitInputError;
    case StatusCode::kInfeasible: return kExitInfeasible;
    case StatusCode::kOutOfMemory: return kExitMemory;
    case StatusCode::kInterrupted: return kExitNoSolution;
    case StatusCode::kInternal: return kExitInternal;
  }
  return kExitInternal;
}

int check_operands(const CommandLine& cl, std::size_t count, const std::string& usage) {
  if (cl.positional.size() < count) return report_error({StatusCode::kUsageError, usage});
  if (cl.positional.size() > count) {
    return report_error({StatusCode::kUsageError, "unexpected argument '" + cl.positional[count] + "' (" + usage + ")"});
  }
  return kExitOk;
}

int run_stats(const CommandLine& cl, Logger& log) {
  if (const int code = check_operands(cl, 1, "usage: lsmip stats MODEL [--json]"); code != kExitOk) return code;
  Result<Model> model = io::read_model(cl.positional[0], io::read_options(cl.options), log);
  if (!model.ok()) return report_error(model.status());
  const ModelStats s = compute_stats(model.value());
  // With --json, stdout holds the JSON object alone; the human text goes to stderr.
  if (log.enabled(LogLevel::kNormal)) {
    std::fputs(describe_stats(model.value(), s).c_str(), cl.json_stdout ? stderr : stdout);
  }
  if (cl.json_stdout) std::printf("%s\n", stats_json(model.value(), s).c_str());
  return kExitOk;
}

int run_check(const CommandLine& cl, Logger& log) {
  if (const int code = check_operands(cl, 2, "usage: lsmip check MODEL SOLUTION [--json]"); code != kExitOk) {
    return code;
  }
  Result<Model> model = io::read_model(cl.positional[0], io::read_options(cl.options), log);
  if (!model.ok()) return report_error(model.status());
  Result<io::SolutionFile> sol = io::read_solution(cl.positional[1], model.value());
  if (!sol.ok()) return report_error(sol.status());
  if (sol->infeasible_marker && sol->num_given == 0) {
    std::fprintf(cl.json_stdout ? stderr : stdout,
                 "the solution file says '=infeas=' (no solution); nothing to check\n");
    if (cl.json_stdout) std::printf("{\"claim\": false, \"feasible\": null}\n");
    return kExitNoClaim;
  }
  const check::CheckReport r = check::check_solution(model.value(), sol->values, cl.options.feas_tol,
                                                     cl.options.int_tol, sol->objective);
  if (log.enabled(LogLevel::kNormal)) {
    std::FILE* human = cl.json_stdout ? stderr : stdout;
    std::fprintf(human, "%d of %d columns given (the others are 0)\n", sol->num_given, model->num_cols());
    std::fputs(r.describe(model.value()).c_str(), human);
  }
  if (cl.json_stdout) std::printf("%s\n", r.to_json(model.value()).c_str());
  return r.ok() ? kExitOk : kExitRejected;
}

}  // namespace lsmip::app

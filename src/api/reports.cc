// The C++ API's introspection and reports: the option table, the model's
// statistics, the check of a solution file, and the JSON report and summary of
// a run. Each is the library's own text (model/model_stats.h,
// check/solution_checker.h, solver/solve_report.h), so the command line and an
// embedding application print the same.
#include <cmath>
#include <string_view>

#include "api/solver_impl.h"
#include "check/solution_checker.h"
#include "io/solution_io.h"
#include "model/model_builder.h"
#include "model/model_stats.h"
#include "solver/solve_report.h"
#include "util/atomic_file.h"
#include "util/logger.h"

namespace lsmip {
namespace {

// The checker's verdict on `model` in the API's terms.
void fill_check(SolutionCheck& c, const Model& model, const check::CheckReport& r) {
  c.feasible = r.feasible;
  c.objective_matches = r.objective_matches;
  c.objective = r.objective;
  c.text = r.describe(model);
  c.json = r.to_json(model);
}

Error from_read_status(const Status& s) {
  return {s.code() == StatusCode::kIoError ? ErrorCode::kIo : ErrorCode::kFormat, s.to_string()};
}

std::vector<std::string> split_choices(std::string_view choices) {
  std::vector<std::string> out;
  while (!choices.empty()) {
    const std::size_t bar = choices.find('|');
    out.emplace_back(choices.substr(0, bar));
    if (bar == std::string_view::npos) break;
    choices.remove_prefix(bar + 1);
  }
  return out;
}

solver::StopReason internal_stop(StopReason r) {
  switch (r) {
    case StopReason::kTimeLimit: return solver::StopReason::kTimeLimit;
    case StopReason::kWorkLimit: return solver::StopReason::kWorkLimit;
    case StopReason::kInterrupted: return solver::StopReason::kInterrupted;
    case StopReason::kSolutionLimit: return solver::StopReason::kSolutionLimit;
    case StopReason::kObjectiveTarget: return solver::StopReason::kObjectiveTarget;
    case StopReason::kMemoryLimit: return solver::StopReason::kMemoryLimit;
    case StopReason::kCompleted: return solver::StopReason::kCompleted;
    case StopReason::kNone:
    case StopReason::kError: break;
  }
  return solver::StopReason::kError;
}

}  // namespace

Error option_table(std::vector<OptionInfo>& out) {
  try {
    const Options defaults;
    std::vector<OptionInfo> table;
    for (const OptionSpec& spec : option_specs()) {
      OptionInfo o;
      o.name = std::string(spec.name);
      switch (spec.type) {
        case OptionType::kBool: o.kind = spec.choices.empty() ? OptionKind::kSwitch : OptionKind::kChoice; break;
        case OptionType::kInt: o.kind = OptionKind::kInteger; break;
        case OptionType::kDouble: o.kind = OptionKind::kNumber; break;
        case OptionType::kString: o.kind = spec.choices.empty() ? OptionKind::kText : OptionKind::kChoice; break;
      }
      o.boolean = spec.type == OptionType::kBool;
      o.default_text = option_value_text(defaults, spec.name);
      o.choices = split_choices(spec.choices);
      if (o.kind == OptionKind::kInteger || o.kind == OptionKind::kNumber) o.min = spec.min, o.max = spec.max;
      o.group = std::string(spec.group);
      o.help = std::string(spec.help);
      table.push_back(std::move(o));
    }
    out = std::move(table);
    return {};
  } catch (const std::bad_alloc&) {
    return {ErrorCode::kOutOfMemory, "out of memory"};
  }
}

Error write_atomically(const std::string& path, std::string_view content) {
  try {
    const Status s = write_file_atomically(path, content);
    return s.ok() ? Error() : Error(ErrorCode::kIo, s.to_string());
  } catch (const std::bad_alloc&) {
    return {ErrorCode::kOutOfMemory, "out of memory"};
  }
}

Error Solver::Impl::model_statistics(Format format, std::string& out) const {
  std::optional<Model> scratch;
  Error e;
  const Model* model = current_model(scratch, e);
  if (model == nullptr) return e;
  const ModelStats s = compute_stats(*model);
  out = format == Format::kJson ? stats_json(*model, s) : describe_stats(*model, s);
  return {};
}

Error Solver::Impl::check_solution_file(const std::string& path, SolutionCheck& out) const {
  std::optional<Model> scratch;
  Error e;
  const Model* model = current_model(scratch, e);
  if (model == nullptr) return e;
  Result<io::SolutionFile> sol = io::read_solution(path, *model);
  if (!sol.ok()) return from_read_status(sol.status());
  SolutionCheck c;
  c.columns_given = sol->num_given;
  c.claim = !(sol->infeasible_marker && sol->num_given == 0);
  if (c.claim) {
    fill_check(c, *model,
               check::check_solution(*model, sol->values, options_.feas_tol, options_.int_tol, sol->objective));
  }
  out = std::move(c);
  return {};
}

Error Solver::Impl::check_solution(std::span<const double> x, double objective,
                                   SolutionCheck& out) const {
  std::optional<Model> scratch;
  Error e;
  const Model* model = current_model(scratch, e);
  if (model == nullptr) return e;
  if (static_cast<std::int64_t>(x.size()) != static_cast<std::int64_t>(model->num_cols())) {
    return {ErrorCode::kInvalidArgument, "the solution has " + std::to_string(x.size()) +
                                             " values for " + std::to_string(model->num_cols()) + " columns"};
  }
  std::optional<double> claimed;
  if (!std::isnan(objective)) claimed = objective;
  SolutionCheck c;
  c.claim = true;
  c.columns_given = static_cast<std::int32_t>(x.size());
  fill_check(c, *model, check::check_solution(*model, x, options_.feas_tol, options_.int_tol, claimed));
  out = std::move(c);
  return {};
}

Error Solver::Impl::report_json(bool solution_written, std::string& json) const {
  // The model of the last solve is built_ (a change of the model drops the result).
  json = solver::json_report(built_ ? &*built_ : nullptr, options_, run_, solution_written);
  return {};
}

Error Solver::Impl::failure_report_json(StopReason reason, std::string_view error, double seconds,
                                        bool solution_written, std::string& json) const {
  solver::SolveResult r;
  r.stop_reason = internal_stop(reason);
  r.seconds = seconds;
  std::optional<Model> named;  // only the model's name is reported
  if (!built_ && has_model_) {
    ModelBuilder b;
    b.set_name(name_);
    Result<Model> m = b.build();
    if (m.ok()) named.emplace(std::move(m).value());
  }
  const Model* model = built_ ? &*built_ : named ? &*named : nullptr;
  json = solver::json_report(model, options_, r, solution_written, error);
  return {};
}

Error Solver::Impl::report_summary(std::string& text) const {
  std::string lines;
  Logger log(LogLevel::kNormal);
  log.set_sink([&lines](const std::string& t) { lines += t; });
  solver::log_summary(log, options_, run_);
  text = std::move(lines);
  return {};
}

}  // namespace lsmip

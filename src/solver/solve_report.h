// How a solve is reported: the JSON report of a run and the summary that
// closes the log. The keys of the report are the same in every run (null where
// a value is unknown), documented in docs/json-report.md.
#pragma once

#include <string>
#include <string_view>

#include "model/model.h"
#include "options/options.h"
#include "solver/solve_result.h"
#include "util/logger.h"

namespace lsmip::solver {

// The JSON report. `model` may be null (the run ended before a model was read);
// `solution_written` records whether the solution file was written. The key "error" holds
// `error` when it is not empty (a failure the caller has as text), else result.error.
std::string json_report(const Model* model, const Options& options, const SolveResult& result,
                        bool solution_written, std::string_view error = {});
// The closing summary: status and stop reason, best objective, times, moves, a table per
// worker when there are several.
void log_summary(Logger& log, const Options& options, const SolveResult& result);

}  // namespace lsmip::solver

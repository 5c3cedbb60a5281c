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
// Parts of the report: the "workers" array (its lines indented by `indent`), the
// "rank_exchange" object (null without one), and one rank's account of its run for the
// report of an MPI launch (keys rank, objective, status, stop_reason, seconds, workers, rank_exchange).
std::string workers_json(const SolveResult& result, const std::string& indent);
std::string exchange_json(const SolveResult& result);
std::string rank_report_json(int rank, const SolveResult& result);
// The closing summary: status and stop reason, best objective, times, moves, a table per
// worker when there are several.
void log_summary(Logger& log, const Options& options, const SolveResult& result);

}  // namespace lsmip::solver

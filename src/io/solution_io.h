// Solutions in the MIPLIB format, the one format the MIPLIB checker, HiGHS,
// SCIP and OR-Tools all read:
//     =obj= <objective in the model's own sense, offset included>
//     <column name> <value>
// one line per column. Reading accepts '#' comments, blank lines, the
// "=infeas=" marker (no solution), and treats absent columns as zero (the
// checker's rule) while recording which columns were given, so a warm start
// can tell a partial solution from a full one.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "model/model.h"
#include "util/status.h"

namespace lsmip::io {

struct SolutionFile {
  std::vector<double> values;        // one per model column; absent columns are 0
  std::vector<std::uint8_t> given;   // 1 where the file assigned the column
  std::optional<double> objective;   // the "=obj=" value, if present
  bool infeasible_marker = false;    // the file says "=infeas="
  Index num_given = 0;
};

// Reads a MIPLIB solution for `model`. Errors (with file:line): unknown
// column names, malformed or NaN values, a column assigned twice.
Result<SolutionFile> read_solution(const std::string& path, const Model& model);
// Same, from text in memory.
Result<SolutionFile> read_solution_text(std::string_view text, const std::string& name,
                                        const Model& model);

// The MIPLIB text of `x` ("=obj=" first, values with %.17g, -0 written as 0).
// `objective` is in the model's own sense (Model::original_objective).
std::string format_solution(const Model& model, std::span<const double> x, double objective);
// Writes format_solution() to `path` atomically.
Status write_solution(const std::string& path, const Model& model, std::span<const double> x,
                      double objective);

}  // namespace lsmip::io

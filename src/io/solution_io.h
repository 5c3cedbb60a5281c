// Solution files. lsmip writes the MIPLIB format, the one format the MIPLIB
// checker, HiGHS, SCIP and OR-Tools all read:
//     =obj= <objective in the model's own sense, offset included>
//     <column name> <value>
// one line per column. Reading accepts '#' comments, blank lines, the
// "=infeas=" marker (no solution), and treats absent columns as zero (the
// checker's rule) while recording which columns were given, so a warm start
// can tell a partial solution from a full one.
//
// Reading also takes the files SCIP and HiGHS write, told apart by their first
// line that is neither blank nor a '#' comment (docs/formats.md shows each):
//   - SCIP (`write solution`): "solution status: S", then "objective value: V"
//     and lines "name value (obj:c)" for the nonzero columns; or "no solution
//     available" (no claim, like "=infeas="). A value "unknown" (a partial
//     solution) leaves the column not given, an objective "unknown" makes no claim.
//   - HiGHS raw and sparse styles (`--solution_file`, write_solution_style 0
//     and 4): "Model status", the status, "# Primal solution values", the
//     primal status, "Objective V", "# Columns N" and N lines "name value"
//     (sparse: "# Columns -N" and lines "name value index"); the "# Rows",
//     "# Dual solution values" and "# Basis" sections after them are skipped.
//     Primal status "None" means no solution (no claim); model status
//     "Infeasible" sets infeasible_marker.
//   - HiGHS pretty style (1): "Columns", a header naming the fields, one line
//     per column whose primal value is read from under the "Primal" label
//     (6 significant digits: good for a warm start, lossy for a check), the
//     rows, "Model status: S" and "Objective value: V"; a blank primal column
//     means no solution (no claim).
// Errors name the file, the line and the offending token.
#pragma once

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "model/model.h"
#include "util/status.h"

namespace lsmip::io {

// The layout a solution file was read in.
enum class SolutionLayout : std::uint8_t { kMiplib, kScip, kHighs, kHighsPretty };
// "MIPLIB", "SCIP", "HiGHS", "HiGHS pretty".
const char* solution_layout_name(SolutionLayout layout);

struct SolutionFile {
  std::vector<double> values;        // one per model column; absent columns are 0
  std::vector<std::uint8_t> given;   // 1 where the file assigned the column
  std::optional<double> objective;   // the objective the file claims ("=obj=", ...), if any
  bool infeasible_marker = false;    // the file says "=infeas=", or has no solution
  Index num_given = 0;
  SolutionLayout layout = SolutionLayout::kMiplib;
};

// Reads a solution for `model` in any of the layouts above, from a file
// (plain, gzip, bzip2 or xz), a FIFO or standard input ("-"). A FIFO is read
// without blocking (io::read_if_not_regular), polling `stop`; when `stop`
// returns true, reading ends with kInterrupted. Errors (with file:line):
// unknown column names, malformed or NaN values, a column assigned twice, a
// line out of the layout's order.
Result<SolutionFile> read_solution(const std::string& path, const Model& model,
                                   const std::function<bool()>& stop = {});
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
